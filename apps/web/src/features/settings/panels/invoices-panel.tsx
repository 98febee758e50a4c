import {
  documentNumber,
  type InvoiceSettings,
  MYOB_INVOICE_NUMBER_LENGTH,
  myobInvoiceNumber,
} from '@dms/domain';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useInvoiceSettings, useUpdateInvoiceSettings } from '../api/invoices';
import { SettingsPanelHeader } from '../components/settings-panel-header';

/** /settings/documents/invoices: numbering, payment terms, deposit, how to pay, export codes. */
export default function InvoicesPanel() {
  const query = useInvoiceSettings();
  return (
    <>
      <SettingsPanelHeader
        title="Invoices"
        description="Invoice and credit note numbers, payment terms, deposits, the payment details printed on invoices, and the codes of the accounting exports."
      />
      {query.data ? (
        <InvoiceSettingsForm key={query.data.version} settings={query.data} />
      ) : query.isError ? (
        <Alert color="red" title="Could not load the invoice settings">
          <Button size="xs" variant="light" color="red" onClick={() => query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading">
          <Skeleton height={160} />
          <Skeleton height={160} />
        </Stack>
      )}
    </>
  );
}

function InvoiceSettingsForm({ settings }: { settings: InvoiceSettings }) {
  const save = useUpdateInvoiceSettings();
  const [values, setValues] = useState(settings);
  const [error, setError] = useState<string | null>(null);
  const [reminderText, setReminderText] = useState(settings.reminderDays.join(', '));
  useEffect(() => {
    setValues(settings);
    setReminderText(settings.reminderDays.join(', '));
  }, [settings]);
  const set = <K extends keyof InvoiceSettings>(key: K, value: InvoiceSettings[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const num = (v: number | string) => (typeof v === 'number' ? v : Number(v) || 0);

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        const parts = reminderText.split(/[\s,]+/).filter(Boolean);
        const reminderDays = parts.map(Number);
        if (reminderDays.some((d) => !Number.isInteger(d) || d < 1 || d > 365)) {
          setError('Reminder days are whole numbers of days past due, from 1 to 365, e.g. 7, 14');
          return;
        }
        save.mutate(
          { ...values, reminderDays },
          {
            onSuccess: () => showToast({ title: 'Invoice settings saved', tone: 'success' }),
            onError: (err) => setError(errorMessage(err, 'The invoice settings could not be saved')),
          },
        );
      }}
    >
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" title="Not saved" data-testid="invoice-settings-error">
            {error}
          </Alert>
        )}
        <Paper withBorder p="md" radius="md">
          <Title order={3} size="h5" mb="xs">
            Numbering
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Numbers are taken when a document is issued, without gaps. The next invoice will be{' '}
            <b>{documentNumber(values.invoicePrefix, values.nextInvoiceNumber)}</b>, the next credit note{' '}
            <b>{documentNumber(values.creditNotePrefix, values.nextCreditNoteNumber)}</b>.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Invoice prefix"
              value={values.invoicePrefix}
              onChange={(e) => set('invoicePrefix', e.currentTarget.value)}
            />
            <NumberInput
              label="Next invoice number"
              min={1}
              allowDecimal={false}
              value={values.nextInvoiceNumber}
              onChange={(v) => set('nextInvoiceNumber', num(v))}
            />
            <TextInput
              label="Credit note prefix"
              value={values.creditNotePrefix}
              onChange={(e) => set('creditNotePrefix', e.currentTarget.value)}
            />
            <NumberInput
              label="Next credit note number"
              min={1}
              allowDecimal={false}
              value={values.nextCreditNoteNumber}
              onChange={(v) => set('nextCreditNoteNumber', num(v))}
            />
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={3} size="h5" mb="sm">
            Terms and payment
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Payment terms (days)"
              description="Unless the customer has its own"
              min={0}
              max={365}
              allowDecimal={false}
              value={values.paymentTermsDays}
              onChange={(v) => set('paymentTermsDays', num(v))}
            />
            <NumberInput
              label="Default deposit (%)"
              min={0.01}
              max={100}
              decimalScale={2}
              value={values.depositPercentage}
              onChange={(v) => set('depositPercentage', num(v))}
            />
            <TextInput
              label="Overdue reminders (days past due)"
              description="A reminder mail with the invoice goes to the customer on each of these days; leave empty for none"
              placeholder="7, 14"
              value={reminderText}
              onChange={(e) => setReminderText(e.currentTarget.value)}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
            <Textarea
              label="Bank details"
              description="Printed under How to pay"
              autosize
              minRows={2}
              value={values.bankDetails ?? ''}
              onChange={(e) => set('bankDetails', e.currentTarget.value)}
            />
            <Textarea
              label="Payment terms text"
              autosize
              minRows={2}
              value={values.paymentTermsText ?? ''}
              onChange={(e) => set('paymentTermsText', e.currentTarget.value)}
            />
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={3} size="h5" mb="sm">
            Accounting exports
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label="Sales account code"
              value={values.salesAccountCode}
              onChange={(e) => set('salesAccountCode', e.currentTarget.value)}
            />
            <TextInput
              label="Xero tax rate"
              description="Its name as Xero shows it"
              value={values.xeroTaxType}
              onChange={(e) => set('xeroTaxType', e.currentTarget.value)}
            />
            <TextInput
              label="MYOB tax code"
              value={values.myobTaxCode}
              onChange={(e) => set('myobTaxCode', e.currentTarget.value)}
            />
            <TextInput
              label="MYOB deposit account"
              description="The bank account payments go into, e.g. 1-1110"
              value={values.myobDepositAccount}
              onChange={(e) => set('myobDepositAccount', e.currentTarget.value)}
            />
          </SimpleGrid>
          <MyobNumberNote number={documentNumber(values.invoicePrefix, values.nextInvoiceNumber)} />
        </Paper>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** MYOB cuts invoice numbers to 8 characters: say which number the next invoice will have there. */
function MyobNumberNote({ number }: { number: string }) {
  const inMyob = myobInvoiceNumber(number);
  return (
    <Text size="sm" c="dimmed" mt="sm" data-testid="myob-number-note">
      {inMyob === number ? (
        <>
          MYOB takes invoice numbers of up to {MYOB_INVOICE_NUMBER_LENGTH} characters; <b>{number}</b> goes in
          as it is.
        </>
      ) : (
        <>
          MYOB takes invoice numbers of up to {MYOB_INVOICE_NUMBER_LENGTH} characters, so <b>{number}</b> goes
          in as <b>{inMyob}</b>, with the full number in the sale's memo.
        </>
      )}
    </Text>
  );
}
