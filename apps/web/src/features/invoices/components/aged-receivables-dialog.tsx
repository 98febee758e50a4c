import { AGING_BUCKET_LABELS, AGING_BUCKETS } from '@dms/domain';
import { Button, Group, Modal, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { QueryState } from '../../../components/query-state';
import { useFormatters } from '../../../lib/use-formatters';
import { AGED_RECEIVABLES_PATH, useAgedReceivables } from '../api';

/** What customers owe, by days past due (current, 1-30, 31-60, 61-90, over 90), with its CSV. */
export function AgedReceivablesDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const format = useFormatters();
  const phone = useMediaQuery('(max-width: 48em)');
  const query = useAgedReceivables(opened);
  const report = query.data;
  const money = (n: number) => format.money(n);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Aged receivables"
      size="xl"
      fullScreen={phone}
      data-testid="aged-dialog"
    >
      <QueryState
        query={query}
        isEmpty={(report?.rows.length ?? 0) === 0}
        empty="Nothing is owed: every issued invoice is paid."
        errorTitle="Could not load the aged receivables"
      >
        {report && (
          <>
            <Text size="sm" c="dimmed" mb="xs">
              Unpaid balances as of {format.serviceDate(report.asOf)}, by days past their due date.
            </Text>
            {/* Focusable, so a keyboard can scroll the columns a phone cannot show at once. */}
            <Table.ScrollContainer
              minWidth={720}
              scrollAreaProps={{
                viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Aged receivables table' },
              }}
            >
              <Table aria-label="Aged receivables" data-testid="aged-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Customer</Table.Th>
                    {AGING_BUCKETS.map((b) => (
                      <Table.Th key={b} ta="right">
                        {AGING_BUCKET_LABELS[b]}
                      </Table.Th>
                    ))}
                    <Table.Th ta="right">Total</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.rows.map((r) => (
                    <Table.Tr key={r.customerId ?? r.customerName}>
                      <Table.Td>{r.customerName}</Table.Td>
                      {AGING_BUCKETS.map((b) => (
                        <Table.Td key={b} ta="right" c={r[b] > 0 && b !== 'current' ? 'red' : undefined}>
                          {money(r[b])}
                        </Table.Td>
                      ))}
                      <Table.Td ta="right" fw={700}>
                        {money(r.total)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th>Total</Table.Th>
                    {AGING_BUCKETS.map((b) => (
                      <Table.Th key={b} ta="right">
                        {money(report.totals[b])}
                      </Table.Th>
                    ))}
                    <Table.Th ta="right">{money(report.totals.total)}</Table.Th>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </QueryState>
      <Group justify="flex-end" mt="md">
        <Button
          component="a"
          href={`${AGED_RECEIVABLES_PATH}.csv`}
          download
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
        >
          CSV
        </Button>
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Modal>
  );
}
