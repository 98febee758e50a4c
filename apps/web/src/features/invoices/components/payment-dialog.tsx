import { type Invoice, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '@dms/domain';
import { Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import { useRecordPayment } from '../api';

const todayIso = () => new Date().toLocaleDateString('en-CA');

/** Record a payment: the balance is offered; more than it is refused by the server with the balance in the message. */
export function PaymentDialog({
  invoice,
  opened,
  onClose,
}: {
  invoice: Invoice;
  opened: boolean;
  onClose: () => void;
}) {
  const format = useFormatters();
  const record = useRecordPayment();
  const [amount, setAmount] = useState<number | string>(invoice.balance);
  const [paidOn, setPaidOn] = useState(todayIso());
  const [method, setMethod] = useState<PaymentMethod>('bank_transfer');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setAmount(invoice.balance);
      setPaidOn(todayIso());
      setMethod('bank_transfer');
      setReference('');
      setError(null);
    }
  }, [opened, invoice.balance]);
  return (
    <Modal opened={opened} onClose={onClose} title="Record payment" centered data-testid="payment-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          record.mutate(
            { id: invoice.id, input: { amount: Number(amount), paidOn, method, reference } },
            {
              onSuccess: (saved) => {
                showToast({
                  title: saved.status === 'paid' ? `${invoice.number} is paid` : 'Payment recorded',
                  tone: 'success',
                });
                onClose();
              },
              onError: (err) => setError(errorMessage(err, 'The payment could not be recorded')),
            },
          );
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Balance of {invoice.number}: <b>{format.jobMoney(invoice.balance, invoice.currency)}</b>
          </Text>
          <NumberInput
            label="Amount"
            required
            min={0.01}
            // The server refuses an overpayment with the balance in its message; no silent clamping.
            clampBehavior="none"
            decimalScale={2}
            fixedDecimalScale
            thousandSeparator=","
            value={amount}
            onChange={setAmount}
            error={error}
            data-autofocus
          />
          <TextInput
            type="date"
            label="Paid on"
            required
            value={paidOn}
            onChange={(e) => setPaidOn(e.currentTarget.value)}
          />
          <Select
            label="Method"
            required
            allowDeselect={false}
            data={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
            value={method}
            onChange={(v) => setMethod((v as PaymentMethod) ?? 'bank_transfer')}
          />
          <TextInput
            label="Reference"
            placeholder="Bank reference, receipt or cheque number"
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={record.isPending}>
              Record payment
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
