import { INVOICE_KIND_LABELS, INVOICE_STATUS_COLORS, INVOICE_STATUS_LABELS, type Job } from '@dms/domain';
import { Anchor, Badge, Button, Group, NumberInput, Popover, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import { INVOICEABLE_STATUSES, invoicePagePath, useCreateJobInvoice, useJobInvoices } from '../api';

/** The job's invoices and what it owes, with Create invoice and a deposit invoice (issue 25). */
export function JobInvoicesPanel({ job }: { job: Job }) {
  const format = useFormatters();
  const navigate = useNavigate();
  const invoices = useJobInvoices(job.id);
  const create = useCreateJobInvoice();
  const [percentage, setPercentage] = useState<number | string>('');
  const [depositOpen, setDepositOpen] = useState(false);
  const money = (n: number) => format.jobMoney(n, job.currency);
  const items = invoices.data?.items ?? [];
  const totals = invoices.data?.totals;
  const live = items.filter((i) => i.state !== 'void');
  const hasFinal = live.some((i) => i.kind === 'final');
  const canInvoice = INVOICEABLE_STATUSES.includes(job.status) && Boolean(job.customerId) && !hasFinal;
  const canDeposit =
    ['confirmed', 'assigned', 'in_progress'].includes(job.status) && Boolean(job.customerId) && !hasFinal;

  const createInvoice = (kind: 'final' | 'deposit') =>
    create.mutate(
      {
        jobId: job.id,
        input: kind === 'deposit' && percentage !== '' ? { kind, percentage: Number(percentage) } : { kind },
      },
      {
        onSuccess: (inv) => {
          setDepositOpen(false);
          showToast({
            title: `Draft ${INVOICE_KIND_LABELS[inv.kind].toLowerCase()} created`,
            tone: 'success',
          });
          navigate(invoicePagePath(inv.id));
        },
        onError: (e) =>
          showToast({ title: 'No invoice created', message: errorMessage(e, ''), tone: 'error' }),
      },
    );

  return (
    <Stack gap="xs" data-testid="job-invoices">
      <Group justify="space-between">
        <Title order={3} size="h5">
          Invoices
        </Title>
        <Group gap="xs">
          {canDeposit && (
            <Popover opened={depositOpen} onChange={setDepositOpen} position="bottom-end" withArrow trapFocus>
              <Popover.Target>
                <Button size="xs" variant="default" onClick={() => setDepositOpen((o) => !o)}>
                  Deposit invoice
                </Button>
              </Popover.Target>
              <Popover.Dropdown>
                <Stack gap="xs" w={220}>
                  <NumberInput
                    label="Deposit (%)"
                    placeholder="Default from Settings"
                    min={0.01}
                    max={100}
                    decimalScale={2}
                    value={percentage}
                    onChange={setPercentage}
                  />
                  <Button size="xs" loading={create.isPending} onClick={() => createInvoice('deposit')}>
                    Create deposit invoice
                  </Button>
                </Stack>
              </Popover.Dropdown>
            </Popover>
          )}
          {canInvoice && (
            <Button
              size="xs"
              leftSection={<IconFileInvoice size={16} aria-hidden="true" />}
              loading={create.isPending && !depositOpen}
              onClick={() => createInvoice('final')}
            >
              Create invoice
            </Button>
          )}
        </Group>
      </Group>
      {invoices.isPending ? (
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      ) : invoices.isError ? (
        <Text size="sm" c="red">
          The invoices could not be loaded.
        </Text>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          Not invoiced yet.
        </Text>
      ) : (
        <Table aria-label="Invoices of this job" withRowBorders={false} verticalSpacing={4}>
          <Table.Tbody>
            {items.map((inv) => (
              <Table.Tr key={inv.id}>
                <Table.Td>
                  <Anchor component={Link} to={invoicePagePath(inv.id)} size="sm">
                    {inv.number ?? 'Draft'}
                  </Anchor>{' '}
                  <Text span size="xs" c="dimmed">
                    {INVOICE_KIND_LABELS[inv.kind]}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{money(inv.total)}</Table.Td>
                <Table.Td>
                  <Badge
                    size="sm"
                    variant="light"
                    color={inv.kind === 'credit_note' ? 'grape' : INVOICE_STATUS_COLORS[inv.status]}
                  >
                    {inv.kind === 'credit_note' ? 'Credit note' : INVOICE_STATUS_LABELS[inv.status]}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {totals && totals.invoiced > 0 && (
        <Text size="sm" data-testid="job-balance">
          Invoiced {money(totals.invoiced)} · paid {money(totals.paid)} ·{' '}
          <b>balance {money(totals.balance)}</b>
          {totals.overdue > 0 ? ` (${money(totals.overdue)} overdue)` : ''}
        </Text>
      )}
    </Stack>
  );
}
