import {
  CUSTOMER_TYPE_LABELS,
  CUSTOMER_TYPES,
  type Customer,
  CustomerInputSchema,
  type CustomerType,
  customerNameLabel,
} from '@dms/domain';
import { NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { validateForm } from '../../../lib/form-errors';
import { showToast } from '../../../lib/toast';
import { useCreateCustomer, useUpdateCustomer } from '../api/customers';
import { serverFieldErrors } from '../api/list-page';
import { FormActions, FormDialog } from './form-dialog';
import { saveHandlers } from './save-handlers';

interface CustomerFormValues {
  companyName: string;
  companyType: CustomerType;
  phone: string;
  email: string;
  address: string;
  billingEmail: string;
  /** Days as typed; empty means the invoice settings' default. */
  paymentTermsDays: number | '';
}

export const CUSTOMER_TYPE_OPTIONS = CUSTOMER_TYPES.map((t) => ({
  value: t,
  label: CUSTOMER_TYPE_LABELS[t],
}));

function CustomerForm({ customer, onDone }: { customer?: Customer; onDone: () => void }) {
  const create = useCreateCustomer();
  const update = useUpdateCustomer();
  const form = useForm<CustomerFormValues>({
    initialValues: {
      companyName: customer?.companyName ?? '',
      companyType: customer?.companyType ?? 'other',
      phone: customer?.phone ?? '',
      email: customer?.email ?? '',
      address: customer?.address ?? '',
      billingEmail: customer?.billingEmail ?? '',
      paymentTermsDays: customer?.paymentTermsDays ?? '',
    },
    validate: (values) => validateForm(CustomerInputSchema, values).errors,
  });

  const submit = form.onSubmit(
    (values) => {
      const input = CustomerInputSchema.parse(values);
      const action = customer ? 'update' : 'create';
      const handlers = saveHandlers('Customer', action, onDone, {
        onFailure: (error) => form.setErrors(serverFieldErrors(error)),
      });
      if (customer)
        update.mutate({ id: customer.id, input: { ...input, version: customer.version } }, handlers);
      else create.mutate(input, handlers);
    },
    (errors) => {
      // Spec 2 §5: a missing name is also announced as a 'Validation Error' toast.
      if (typeof errors.companyName === 'string') {
        showToast({ tone: 'error', title: 'Validation Error', message: errors.companyName });
      }
    },
  );

  const nameLabel = customerNameLabel(form.values.companyType);

  return (
    <form onSubmit={submit} noValidate aria-label={customer ? 'Edit customer' : 'Add customer'}>
      <Stack gap="sm">
        <Select
          label="Type"
          data={CUSTOMER_TYPE_OPTIONS}
          allowDeselect={false}
          withAsterisk
          {...form.getInputProps('companyType')}
        />
        <TextInput label={nameLabel} withAsterisk data-autofocus {...form.getInputProps('companyName')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="Phone"
            type="tel"
            placeholder="e.g. 02 9555 0100"
            {...form.getInputProps('phone')}
          />
          <TextInput label="Email" type="email" {...form.getInputProps('email')} />
        </SimpleGrid>
        <Textarea label="Address" autosize minRows={2} maxRows={5} {...form.getInputProps('address')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="Billing email"
            type="email"
            description="Invoices go here; the email above when empty"
            {...form.getInputProps('billingEmail')}
          />
          <NumberInput
            label="Payment terms (days)"
            description="Empty: the default in Settings > Documents > Invoices"
            min={0}
            max={365}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('paymentTermsDays')}
          />
        </SimpleGrid>
        <FormActions
          submitLabel={customer ? 'Save Changes' : 'Add Customer'}
          loading={create.isPending || update.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}

/** Add or edit a customer; the name is labelled 'School Name' for schools (spec 2 §2.7). */
export function CustomerFormDialog({
  opened,
  onClose,
  customer,
}: {
  opened: boolean;
  onClose: () => void;
  customer?: Customer;
}) {
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={customer ? 'Edit Customer' : 'Add Customer'}
      data-testid="customer-dialog"
    >
      <CustomerForm key={customer?.id ?? 'new'} customer={customer} onDone={onClose} />
    </FormDialog>
  );
}
