import {
  COMPLIANCE_KIND_LABELS,
  COMPLIANCE_KINDS,
  type ComplianceDueItem,
  type ComplianceKind,
} from '@dms/domain';
import {
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBus, IconDownload, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryState } from '../../../components/query-state';
import { useFormatters } from '../../../lib/use-formatters';
import { DUE_PAGE_SIZE, type DueFilters, dueExportUrl, useComplianceDue } from '../api';

const DAY_OPTIONS = ['7', '14', '30', '60', '90'].map((d) => ({ value: d, label: `Next ${d} days` }));
const KIND_OPTIONS = COMPLIANCE_KINDS.map((k) => ({ value: k, label: COMPLIANCE_KIND_LABELS[k] }));

function useWhen() {
  const f = useFormatters();
  return (item: ComplianceDueItem) => {
    if (item.dueDate === null && item.kmLeft !== null) {
      return item.kmLeft < 0 ? `${f.number(-item.kmLeft)} km over` : `${f.number(item.kmLeft)} km left`;
    }
    const days = item.daysLeft ?? 0;
    const date = item.dueDate ? f.serviceDate(item.dueDate) : '';
    if (days < 0) return `${date} (${-days} ${days === -1 ? 'day' : 'days'} ago)`;
    if (days === 0) return `${date} (today)`;
    return `${date} (in ${days} ${days === 1 ? 'day' : 'days'})`;
  };
}

function StateBadge({ item }: { item: ComplianceDueItem }) {
  return item.state === 'overdue' ? (
    <Badge color="red" variant="filled">
      Overdue
    </Badge>
  ) : (
    <Badge color="yellow" variant="light">
      Due soon
    </Badge>
  );
}

function SubjectIcon({ item }: { item: ComplianceDueItem }) {
  const Icon = item.subject === 'vehicle' ? IconBus : IconUser;
  return (
    <>
      <Icon size={16} aria-hidden="true" />
      <VisuallyHidden>{item.subject === 'vehicle' ? 'Vehicle' : 'Driver'}</VisuallyHidden>
    </>
  );
}

/** /compliance: every record due soon or overdue, worst first, with filters and a CSV download. */
export function CompliancePage() {
  const [days, setDays] = useState('30');
  const [subject, setSubject] = useState<'all' | 'vehicle' | 'driver'>('all');
  const [kind, setKind] = useState<ComplianceKind | null>(null);
  const [page, setPage] = useState(1);
  const phone = useMediaQuery('(max-width: 48em)');
  const when = useWhen();
  const filters: DueFilters = {
    days: Number(days),
    subject: subject === 'all' ? undefined : subject,
    kind: kind ?? undefined,
  };
  const query = useComplianceDue(filters, page);
  const items = query.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / DUE_PAGE_SIZE));
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <SegmentedControl
          aria-label="Show"
          value={subject}
          onChange={reset((v: string) => setSubject(v as typeof subject))}
          data={[
            { value: 'all', label: 'All' },
            { value: 'vehicle', label: 'Vehicles' },
            { value: 'driver', label: 'Drivers' },
          ]}
        />
        <Select
          label="Record"
          placeholder="Every record"
          data={KIND_OPTIONS}
          value={kind}
          onChange={reset((v: string | null) => setKind(v as ComplianceKind | null))}
          clearable
          w={220}
        />
        <Select
          label="Due within"
          data={DAY_OPTIONS}
          value={days}
          onChange={reset((v: string | null) => setDays(v ?? '30'))}
          allowDeselect={false}
          w={160}
        />
        <Button
          component="a"
          href={dueExportUrl(filters)}
          download
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          ml={phone ? undefined : 'auto'}
        >
          Download CSV
        </Button>
      </Group>

      <QueryState
        query={query}
        isEmpty={items.length === 0}
        errorTitle="Could not load the compliance list"
        empty={
          <Text c="dimmed" ta="center" py="xl" data-testid="compliance-empty">
            Nothing due in the next {days} days, and nothing overdue.
          </Text>
        }
      >
        {phone ? (
          <Stack gap="sm" data-testid="compliance-cards">
            {items.map((item) => (
              <Card key={`${item.subjectId}-${item.kind}-${item.label}`} withBorder padding="sm">
                <Group justify="space-between" wrap="nowrap">
                  <Group gap={6} wrap="nowrap">
                    <SubjectIcon item={item} />
                    <Text fw={600} size="sm">
                      {item.subjectName}
                    </Text>
                  </Group>
                  <StateBadge item={item} />
                </Group>
                <Text size="sm" mt={4}>
                  {item.label}
                </Text>
                <Text size="sm" c="dimmed">
                  {when(item)}
                </Text>
              </Card>
            ))}
          </Stack>
        ) : (
          <Table striped highlightOnHover aria-label="Records due" data-testid="compliance-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Vehicle or driver</Table.Th>
                <Table.Th>Record</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Due</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={`${item.subjectId}-${item.kind}-${item.label}`}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <SubjectIcon item={item} />
                      <Text size="sm" fw={500}>
                        {item.subjectName}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>{item.label}</Table.Td>
                  <Table.Td>
                    <StateBadge item={item} />
                  </Table.Td>
                  <Table.Td>{when(item)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {pages > 1 && (
          <Group justify="center">
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            />
          </Group>
        )}
      </QueryState>
    </Stack>
  );
}
