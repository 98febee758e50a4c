import { INVOICE_KIND_LABELS, type Invoice, PAYMENT_METHOD_LABELS } from '@dms/domain';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Drawer,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCash, IconFileDownload, IconReceiptRefund, IconSend, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import {
  invoicePdfUrl,
  useCreditNote,
  useDeleteInvoice,
  useInvoice,
  useIssueInvoice,
  useRemovePayment,
  useSendInvoice,
  useUpdateInvoice,
} from '../api';
import { type DraftLine, draftTotals, InvoiceLinesEditor, newLine } from './invoice-lines-editor';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { PaymentDialog } from './payment-dialog';
import { ReasonDialog } from './reason-dialog';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children === null || children === '' || children === undefined ? '—' : children}
      </Text>
    </Stack>
  );
}

const toDraftLines = (invoice: Invoice): DraftLine[] =>
  invoice.lines.map((l) =>
    newLine({ description: l.description, quantity: l.quantity, unitPrice: l.unitPrice }),
  );

type Confirm = 'issue' | 'delete' | 'credit' | { removePayment: string } | null;

/** One invoice: a draft's lines editor and Issue, or an issued invoice's payments, PDF, Send and credit note. */
export function InvoiceDrawer({
  invoiceId,
  onClose,
  onOpen,
}: {
  invoiceId: string | null;
  onClose: () => void;
  onOpen: (id: string) => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const query = useInvoice(invoiceId);
  const invoice = query.data;
  const title = invoice
    ? (invoice.number ?? `Draft ${INVOICE_KIND_LABELS[invoice.kind].toLowerCase()}`)
    : 'Invoice';
  return (
    <Drawer
      opened={invoiceId !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 760}
      title={title}
      data-testid="invoice-drawer"
    >
      {!invoice ? (
        query.isError ? (
          <Alert color="red" title="This invoice could not be loaded">
            <Button size="xs" variant="light" color="red" onClick={() => query.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading">
            <Skeleton height={28} width="40%" />
            <Skeleton height={120} />
            <Skeleton height={200} />
          </Stack>
        )
      ) : (
        <InvoiceBody
          key={`${invoice.id}-${invoice.state}`}
          invoice={invoice}
          onClose={onClose}
          onOpen={onOpen}
        />
      )}
    </Drawer>
  );
}

function InvoiceBody({
  invoice,
  onClose,
  onOpen,
}: {
  invoice: Invoice;
  onClose: () => void;
  onOpen: (id: string) => void;
}) {
  const format = useFormatters();
  const money = (n: number) => format.jobMoney(n, invoice.currency);
  const draft = invoice.state === 'draft';
  const [lines, setLines] = useState<DraftLine[]>(() => toDraftLines(invoice));
  const [notes, setNotes] = useState(invoice.notes ?? '');
  const [dueDate, setDueDate] = useState(invoice.dueDate ?? '');
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [paying, setPaying] = useState(false);
  const update = useUpdateInvoice();
  const issue = useIssueInvoice();
  const remove = useDeleteInvoice();
  const credit = useCreditNote();
  const removePayment = useRemovePayment();
  const send = useSendInvoice();

  const totals = draft
    ? (() => {
        const t = draftTotals(lines, invoice);
        return {
          subtotal: (t.netCents - (invoice.taxMode === 'inclusive' ? t.taxCents : 0)) / 100,
          tax: t.taxCents / 100,
          total: t.totalCents / 100,
        };
      })()
    : { subtotal: invoice.subtotal, tax: invoice.taxTotal, total: invoice.total };

  const input = () => ({
    lines: lines.map((l) => ({
      description: l.description.trim(),
      quantity: Number(l.quantity),
      unitPrice: Number(l.unitPrice),
    })),
    notes,
    dueDate,
    version: invoice.version,
  });

  const save = (then?: () => void) =>
    update.mutate(
      { id: invoice.id, input: input() },
      {
        onSuccess: () => (then ? then() : showToast({ title: 'Draft saved', tone: 'success' })),
        onError: (e) => setError(errorMessage(e, 'The draft could not be saved')),
      },
    );

  const doIssue = () =>
    save(() =>
      issue.mutate(invoice.id, {
        onSuccess: (issued) => {
          setConfirm(null);
          showToast({ title: `Invoice ${issued.number} issued`, tone: 'success' });
        },
        onError: (e) => {
          setConfirm(null);
          setError(errorMessage(e, 'The invoice could not be issued'));
        },
      }),
    );

  return (
    <Stack gap="md" data-testid="invoice-body">
      <Group gap="xs" justify="space-between">
        <Group gap="xs">
          <InvoiceStatusBadge invoice={invoice} />
          <Text size="sm" c="dimmed">
            {INVOICE_KIND_LABELS[invoice.kind]}
          </Text>
        </Group>
        {!draft && (
          <Button
            component="a"
            href={invoicePdfUrl(invoice.id)}
            download
            size="xs"
            variant="default"
            leftSection={<IconFileDownload size={16} aria-hidden="true" />}
          >
            PDF
          </Button>
        )}
      </Group>
      {error && (
        <Alert
          color="red"
          variant="light"
          title="Not saved"
          data-testid="invoice-error"
          withCloseButton
          onClose={() => setError(null)}
        >
          {error}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Field label="Customer">{invoice.customerName}</Field>
        <Field label="Job">{invoice.jobNumber}</Field>
        <Field label="Issued">{invoice.issueDate ? format.serviceDate(invoice.issueDate) : 'Not yet'}</Field>
        <Field label="Due">
          {invoice.dueDate ? format.serviceDate(invoice.dueDate) : 'From payment terms'}
        </Field>
      </SimpleGrid>
      {invoice.creditOfId && (
        <Text size="sm">
          Credits{' '}
          <Anchor component="button" onClick={() => onOpen(invoice.creditOfId!)}>
            {invoice.creditOfNumber}
          </Anchor>
          {invoice.reason ? `: ${invoice.reason}` : ''}
        </Text>
      )}
      {invoice.creditedById && (
        <Alert color="gray" variant="light" title="Void">
          Voided by credit note{' '}
          <Anchor component="button" onClick={() => onOpen(invoice.creditedById!)}>
            {invoice.creditedByNumber}
          </Anchor>
        </Alert>
      )}
      <Divider />
      {draft ? (
        <InvoiceLinesEditor invoice={invoice} lines={lines} onChange={setLines} />
      ) : (
        <Table aria-label="Invoice lines" data-testid="invoice-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Description</Table.Th>
              <Table.Th ta="right">Qty</Table.Th>
              <Table.Th ta="right">Unit price</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.lines.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>{l.description}</Table.Td>
                <Table.Td ta="right">{l.quantity}</Table.Td>
                <Table.Td ta="right">{money(l.unitPrice)}</Table.Td>
                <Table.Td ta="right">{money(l.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Table withRowBorders={false} maw={340} ml="auto" aria-label="Totals" data-testid="invoice-totals">
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>Subtotal</Table.Td>
            <Table.Td ta="right">{money(totals.subtotal)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>
              Tax{invoice.taxMode === 'none' ? '' : ` (${invoice.taxRate}% ${invoice.taxMode})`}
            </Table.Td>
            <Table.Td ta="right">{money(totals.tax)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td fw={700}>Total</Table.Td>
            <Table.Td ta="right" fw={700} data-testid="invoice-total">
              {money(totals.total)}
            </Table.Td>
          </Table.Tr>
          {!draft && invoice.kind !== 'credit_note' && (
            <>
              <Table.Tr>
                <Table.Td>Paid</Table.Td>
                <Table.Td ta="right">{money(invoice.amountPaid)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td fw={700}>Balance</Table.Td>
                <Table.Td ta="right" fw={700} data-testid="invoice-balance">
                  {money(invoice.balance)}
                </Table.Td>
              </Table.Tr>
            </>
          )}
        </Table.Tbody>
      </Table>
      {draft ? (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              type="date"
              label="Due date"
              description="Blank: the customer's payment terms from the issue date"
              value={dueDate}
              onChange={(e) => setDueDate(e.currentTarget.value)}
            />
          </SimpleGrid>
          <Textarea
            label="Notes"
            autosize
            minRows={2}
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
          />
          <Group justify="space-between">
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              onClick={() => setConfirm('delete')}
            >
              Delete draft
            </Button>
            <Group gap="sm">
              <Button variant="default" loading={update.isPending && confirm === null} onClick={() => save()}>
                Save draft
              </Button>
              <Button onClick={() => setConfirm('issue')}>Issue invoice</Button>
            </Group>
          </Group>
        </>
      ) : (
        <>
          {invoice.notes && <Field label="Notes">{invoice.notes}</Field>}
          {invoice.kind !== 'credit_note' && (
            <>
              <Divider />
              <Group justify="space-between">
                <Title order={3} size="h5">
                  Payments
                </Title>
                {invoice.state === 'issued' && invoice.balance > 0 && (
                  <Button
                    size="xs"
                    leftSection={<IconCash size={16} aria-hidden="true" />}
                    onClick={() => setPaying(true)}
                  >
                    Record payment
                  </Button>
                )}
              </Group>
              {invoice.payments.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No payments yet.
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={520}>
                  <Table aria-label="Payments" data-testid="payments">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Date</Table.Th>
                        <Table.Th>Method</Table.Th>
                        <Table.Th>Reference</Table.Th>
                        <Table.Th ta="right">Amount</Table.Th>
                        <Table.Th />
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {invoice.payments.map((p) => (
                        <Table.Tr key={p.id} c={p.removedAt ? 'dimmed' : undefined} data-testid="payment-row">
                          <Table.Td>{format.serviceDate(p.paidOn)}</Table.Td>
                          <Table.Td>{PAYMENT_METHOD_LABELS[p.method]}</Table.Td>
                          <Table.Td>
                            {p.reference ?? '—'}
                            {p.removedAt && (
                              <Text size="xs" c="dimmed">
                                Removed {format.date(p.removedAt)}
                                {p.removedByName ? ` by ${p.removedByName}` : ''}: {p.removedReason}
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td ta="right" td={p.removedAt ? 'line-through' : undefined}>
                            {money(p.amount)}
                          </Table.Td>
                          <Table.Td>
                            {!p.removedAt && (
                              <Button
                                size="compact-xs"
                                variant="subtle"
                                color="red"
                                onClick={() => setConfirm({ removePayment: p.id })}
                              >
                                Remove
                              </Button>
                            )}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
              <Title order={3} size="h5">
                Overdue reminders
              </Title>
              {invoice.reminders.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No reminders sent.
                </Text>
              ) : (
                <Stack
                  gap={4}
                  component="ul"
                  p={0}
                  m={0}
                  style={{ listStyle: 'none' }}
                  data-testid="reminders"
                >
                  {invoice.reminders.map((r) => (
                    <Text component="li" size="sm" key={r.daysOverdue}>
                      {r.notSentReason
                        ? `Reminder at ${r.daysOverdue} days overdue not sent (${format.dateTime(r.sentAt)}): ${r.notSentReason}`
                        : `Reminder at ${r.daysOverdue} days overdue, mailed ${format.dateTime(r.sentAt)}`}
                    </Text>
                  ))}
                </Stack>
              )}
            </>
          )}
          <Divider />
          <Group justify="flex-end" gap="sm">
            {invoice.state === 'issued' && invoice.kind !== 'credit_note' && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconReceiptRefund size={16} aria-hidden="true" />}
                onClick={() => setConfirm('credit')}
              >
                Credit note
              </Button>
            )}
            {invoice.state !== 'draft' && (
              <Button
                variant="light"
                leftSection={<IconSend size={16} aria-hidden="true" />}
                loading={send.isPending}
                disabled={!invoice.billingEmail}
                title={
                  invoice.billingEmail
                    ? `Mail to ${invoice.billingEmail}`
                    : 'The customer has no email address'
                }
                onClick={() =>
                  send.mutate(invoice.id, {
                    onSuccess: () => showToast({ title: `Sent to ${invoice.billingEmail}`, tone: 'success' }),
                    onError: (e) =>
                      showToast({ title: 'Not sent', message: errorMessage(e, ''), tone: 'error' }),
                  })
                }
              >
                {invoice.sentAt ? 'Send again' : 'Send'}
              </Button>
            )}
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
          {invoice.sentAt && (
            <Text size="xs" c="dimmed" ta="right">
              Last sent {format.dateTime(invoice.sentAt)} to {invoice.billingEmail}
            </Text>
          )}
        </>
      )}

      <ConfirmDialog
        opened={confirm === 'issue'}
        title="Issue this invoice?"
        message="Issuing gives it the next number and fixes its date and lines. An issued invoice cannot be changed or deleted, only voided with a credit note."
        confirmLabel="Issue invoice"
        loading={update.isPending || issue.isPending}
        onConfirm={doIssue}
        onCancel={() => setConfirm(null)}
        data-testid="confirm-issue"
      />
      <ConfirmDialog
        opened={confirm === 'delete'}
        title="Delete this draft?"
        message="The draft and its lines are deleted. The job can be invoiced again."
        confirmLabel="Delete draft"
        confirmColor="red"
        loading={remove.isPending}
        onConfirm={() =>
          remove.mutate(invoice.id, {
            onSuccess: () => {
              showToast({ title: 'Draft deleted', tone: 'success' });
              onClose();
            },
            onError: (e) => {
              setConfirm(null);
              setError(errorMessage(e, 'The draft could not be deleted'));
            },
          })
        }
        onCancel={() => setConfirm(null)}
      />
      <ReasonDialog
        opened={confirm === 'credit'}
        title={`Credit ${invoice.number}?`}
        message="A credit note with its own number reverses every line and voids this invoice. The reason is printed on the credit note."
        confirmLabel="Issue credit note"
        loading={credit.isPending}
        error={credit.error ? errorMessage(credit.error, '') : null}
        onConfirm={(reason) =>
          credit.mutate(
            { id: invoice.id, reason },
            {
              onSuccess: (cn) => {
                setConfirm(null);
                showToast({ title: `Credit note ${cn.number} issued`, tone: 'success' });
                onOpen(cn.id);
              },
            },
          )
        }
        onCancel={() => {
          credit.reset();
          setConfirm(null);
        }}
      />
      <ReasonDialog
        opened={typeof confirm === 'object' && confirm !== null}
        title="Remove this payment?"
        message="The payment stays in the history, struck through, with your reason; the balance goes back up."
        confirmLabel="Remove payment"
        loading={removePayment.isPending}
        error={removePayment.error ? errorMessage(removePayment.error, '') : null}
        onConfirm={(reason) =>
          typeof confirm === 'object' &&
          confirm &&
          removePayment.mutate(
            { id: invoice.id, paymentId: confirm.removePayment, reason },
            {
              onSuccess: () => {
                setConfirm(null);
                showToast({ title: 'Payment removed', tone: 'success' });
              },
            },
          )
        }
        onCancel={() => {
          removePayment.reset();
          setConfirm(null);
        }}
      />
      {invoice.state === 'issued' && (
        <PaymentDialog invoice={invoice} opened={paying} onClose={() => setPaying(false)} />
      )}
    </Stack>
  );
}
