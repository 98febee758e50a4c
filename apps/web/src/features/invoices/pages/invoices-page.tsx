import {
  INVOICE_KIND_LABELS,
  INVOICE_STATUS_LABELS,
  INVOICE_STATUSES,
  type InvoiceStatus,
} from '@dms/domain';
import { Button, Group, Menu, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconFileInvoice, IconReportMoney, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListPager } from '../../../components/list-pager';
import { QueryState } from '../../../components/query-state';
import { useFormatters } from '../../../lib/use-formatters';
import { exportCsvUrl, paymentsCsvUrl, useCustomerOptions, useInvoices } from '../api';
import { AgedReceivablesDialog } from '../components/aged-receivables-dialog';
import { BulkInvoiceDialog } from '../components/bulk-invoice-dialog';
import { InvoiceDrawer } from '../components/invoice-drawer';
import { InvoiceStatusBadge } from '../components/invoice-status-badge';

const PAGE_SIZE = 25;

/** /invoices (issue 25): every invoice and credit note, filtered and paged on the server; ?invoice= opens one. */
export function InvoicesPage() {
  const format = useFormatters();
  const [params, setParams] = useSearchParams();
  const open = params.get('invoice');
  const setOpen = (id: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('invoice', id);
        else next.delete('invoice');
        return next;
      },
      { replace: !id },
    );
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<InvoiceStatus | null>(null);
  const [customerId, setCustomerId] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [bulk, setBulk] = useState(false);
  const [aged, setAged] = useState(false);
  const range = { from: from || undefined, to: to || undefined };
  const customers = useCustomerOptions();
  const query = useInvoices({
    q: q || undefined,
    status: status ?? undefined,
    customerId: customerId ?? undefined,
    from: from || undefined,
    to: to || undefined,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const rows = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const filtered = Boolean(q || status || customerId || from || to);
  const resetPage =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Number, customer or job"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          onChange={(e) => resetPage(setSearch)(e.currentTarget.value)}
          w={240}
        />
        <Select
          label="Status"
          placeholder="All statuses"
          data={INVOICE_STATUSES.map((s) => ({ value: s, label: INVOICE_STATUS_LABELS[s] }))}
          value={status}
          onChange={(v) => resetPage(setStatus)(v as InvoiceStatus | null)}
          clearable
          w={160}
        />
        <Select
          label="Customer"
          placeholder="All customers"
          searchable
          clearable
          data={(customers.data?.items ?? []).map((c) => ({ value: c.id, label: c.companyName }))}
          value={customerId}
          onChange={resetPage(setCustomerId)}
          w={220}
        />
        <TextInput
          type="date"
          label="From"
          value={from}
          onChange={(e) => resetPage(setFrom)(e.currentTarget.value)}
          w={160}
        />
        <TextInput
          type="date"
          label="To"
          value={to}
          onChange={(e) => resetPage(setTo)(e.currentTarget.value)}
          w={160}
        />
        <Group gap="xs" ml="auto">
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" leftSection={<IconDownload size={16} aria-hidden="true" />}>
                Export
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>Issued in the dates above</Menu.Label>
              <Menu.Item component="a" href={exportCsvUrl('xero', range)} download>
                Xero CSV
              </Menu.Item>
              <Menu.Item component="a" href={exportCsvUrl('myob', range)} download>
                MYOB CSV
              </Menu.Item>
              <Menu.Divider />
              <Menu.Label>Payments received in the dates above</Menu.Label>
              <Menu.Item component="a" href={paymentsCsvUrl('xero', range)} download>
                Xero bank statement CSV
              </Menu.Item>
              <Menu.Item component="a" href={paymentsCsvUrl('myob', range)} download>
                MYOB Receive Payments CSV
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <Button
            variant="default"
            leftSection={<IconReportMoney size={16} aria-hidden="true" />}
            onClick={() => setAged(true)}
          >
            Aged receivables
          </Button>
          <Button
            variant="light"
            leftSection={<IconFileInvoice size={16} aria-hidden="true" />}
            onClick={() => setBulk(true)}
          >
            Invoice completed jobs
          </Button>
        </Group>
      </Group>

      <QueryState
        query={query}
        isEmpty={rows.length === 0}
        empty={
          filtered
            ? 'No invoices match your filters'
            : 'No invoices yet. Create one from a job, or invoice all completed jobs at once.'
        }
        errorTitle="Could not load the invoices"
      >
        <Table.ScrollContainer minWidth={960}>
          <Table aria-label="Invoices" highlightOnHover data-testid="invoices-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Number</Table.Th>
                <Table.Th>Customer</Table.Th>
                <Table.Th>Job</Table.Th>
                <Table.Th>Issued</Table.Th>
                <Table.Th>Due</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th ta="right">Balance</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((inv) => (
                <Table.Tr
                  key={inv.id}
                  data-testid="invoice-row"
                  style={{ cursor: 'pointer' }}
                  onClick={() => setOpen(inv.id)}
                >
                  <Table.Td>
                    <Button
                      variant="transparent"
                      px={0}
                      size="compact-sm"
                      onClick={(e) => {
                        e.stopPropagation();
                        setOpen(inv.id);
                      }}
                      aria-label={`Open ${inv.number ?? 'draft'} for ${inv.customerName ?? 'no customer'}`}
                    >
                      {inv.number ?? 'Draft'}
                    </Button>
                    {inv.kind !== 'final' && (
                      <Text size="xs" c="dimmed">
                        {INVOICE_KIND_LABELS[inv.kind]}
                        {inv.creditOfNumber ? ` for ${inv.creditOfNumber}` : ''}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{inv.customerName ?? '—'}</Table.Td>
                  <Table.Td>{inv.jobNumber ?? '—'}</Table.Td>
                  <Table.Td>{inv.issueDate ? format.serviceDate(inv.issueDate) : '—'}</Table.Td>
                  <Table.Td>{inv.dueDate ? format.serviceDate(inv.dueDate) : '—'}</Table.Td>
                  <Table.Td ta="right">{format.jobMoney(inv.total, inv.currency)}</Table.Td>
                  <Table.Td ta="right">{format.jobMoney(inv.balance, inv.currency)}</Table.Td>
                  <Table.Td>
                    <InvoiceStatusBadge invoice={inv} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ListPager
          total={total}
          isLowerBound={query.data?.totalIsLowerBound}
          pageSize={PAGE_SIZE}
          page={page}
          onChange={setPage}
        />
      </QueryState>
      <InvoiceDrawer invoiceId={open} onClose={() => setOpen(null)} onOpen={(id) => setOpen(id)} />
      <BulkInvoiceDialog opened={bulk} onClose={() => setBulk(false)} />
      <AgedReceivablesDialog opened={aged} onClose={() => setAged(false)} />
    </Stack>
  );
}
