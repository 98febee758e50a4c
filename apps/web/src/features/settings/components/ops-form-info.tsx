import { Alert, Button, Card, Stack, Table, Text } from '@mantine/core';
import { IconArrowRight, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SectionHeader } from '../../../components/section-header';

// Building blocks of the informational Ops Forms pages (Fuel Logs, Incident Reports).

/** "Nothing to configure here" note at the top of an informational page. */
export function InfoNotice({ children }: { children: ReactNode }) {
  return (
    <Alert variant="light" color="brand" icon={<IconInfoCircle size={18} aria-hidden="true" />} mb="lg">
      {children}
    </Alert>
  );
}

export function InfoCard({
  icon,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card padding="lg" component="section">
      <Stack gap="md">
        <SectionHeader icon={icon} title={title} description={description} order={3} />
        {children}
      </Stack>
    </Card>
  );
}

export interface InfoField {
  name: string;
  detail: ReactNode;
  required?: boolean;
}

/** What the driver fills in: one row per field, with whether it is required. */
export function FieldList({ fields, caption }: { fields: InfoField[]; caption: string }) {
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table highlightOnHover={false} verticalSpacing="xs" layout="fixed">
        <caption
          style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
        >
          {caption}
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="32%">Field</Table.Th>
            <Table.Th>Details</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((f) => (
            <Table.Tr key={f.name}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {f.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {f.required ? 'Required' : 'Optional'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{f.detail}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Where the records of the form are reviewed. */
export function OpenReportsButton() {
  return (
    <Button
      component={Link}
      to="/reports"
      variant="light"
      size="sm"
      rightSection={<IconArrowRight size={14} aria-hidden="true" />}
    >
      Open Reports
    </Button>
  );
}
