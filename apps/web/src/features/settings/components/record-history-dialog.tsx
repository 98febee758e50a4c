import { Alert, Button, Group, Loader, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useFormatters } from '../../../lib/use-formatters';
import { useComplianceHistory } from '../api/compliance';
import { recordHistory, recordOptions, type Subject } from './record-history';

function HistoryBody({ subject, id }: { subject: Subject; id: string }) {
  const f = useFormatters();
  const query = useComplianceHistory(subject, id, true);
  const [record, setRecord] = useState<string | null>(null);
  if (query.isPending) {
    return (
      <Group justify="center" p="lg">
        <Loader size="sm" aria-label="Loading the history" />
      </Group>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title="Could not load the history">
        <Group justify="space-between">
          <Text size="sm">{errorMessage(query.error, 'Please try again.')}</Text>
          <Button size="xs" variant="light" onClick={() => query.refetch()}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  }
  const versions = query.data.items;
  if (versions.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="history-empty">
        Nothing saved yet: the history starts with the first save.
      </Text>
    );
  }
  const options = recordOptions(subject, versions);
  const shown = record ?? options[0]!.value;
  const rows = recordHistory(shown, versions, { date: f.serviceDate, number: f.number });
  return (
    <Stack gap="sm">
      <Select
        label="Record"
        data={options}
        value={shown}
        onChange={(v) => v && setRecord(v)}
        allowDeselect={false}
      />
      <Table.ScrollContainer
        minWidth={420}
        scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'History table' } }}
      >
        <Table striped aria-label="History of the record">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>Value</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{f.dateTime(row.changedAt)}</Table.Td>
                <Table.Td>{row.changedByName ?? 'Someone no longer here'}</Table.Td>
                <Table.Td>{row.value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {query.data.total > versions.length && (
        <Text size="xs" c="dimmed">
          The latest {versions.length} of {query.data.total} saves.
        </Text>
      )}
    </Stack>
  );
}

/** The History button of a Compliance tab: each record's values over time, who saved them and when. */
export function RecordHistoryButton({ subject, id }: { subject: Subject; id: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconHistory size={14} aria-hidden="true" />}
        onClick={() => setOpen(true)}
      >
        History
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Record history" size="lg">
        {open && <HistoryBody subject={subject} id={id} />}
      </Modal>
    </>
  );
}
