import { CreateDriverInputSchema, type Driver } from '@dms/domain';
import { Checkbox, SimpleGrid, Stack, Tabs, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { validateForm } from '../../../lib/form-errors';
import { showToast } from '../../../lib/toast';
import { useCreateDriver, useUpdateDriver } from '../api/drivers';
import { serverFieldErrors } from '../api/list-page';
import { notifySettingsFailure, notifySettingsSuccess } from '../settings-toasts';
import { DriverComplianceTab } from './driver-compliance-tab';
import { FormActions, FormDialog } from './form-dialog';

interface DriverFormValues {
  firstName: string;
  lastName: string;
  email: string;
  /** A new PIN; empty keeps the current one (a PIN is never shown once set, ADR 26). */
  driverNumber: string;
  removePin: boolean;
}

/** The name a driver is shown by. */
export function driverName(driver: Pick<Driver, 'firstName' | 'lastName' | 'email'>): string {
  return [driver.firstName, driver.lastName].filter(Boolean).join(' ') || driver.email;
}

function DriverForm({ driver, onDone }: { driver?: Driver; onDone: () => void }) {
  const create = useCreateDriver();
  const update = useUpdateDriver();
  const form = useForm<DriverFormValues>({
    initialValues: {
      firstName: driver?.firstName ?? '',
      lastName: driver?.lastName ?? '',
      email: driver?.email ?? '',
      driverNumber: '',
      removePin: false,
    },
    validate: (values) => validateForm(CreateDriverInputSchema, values).errors,
  });

  const submit = form.onSubmit(({ removePin, ...values }) => {
    const parsed = CreateDriverInputSchema.parse(values);
    // Editing: a typed PIN replaces the current one, Remove PIN clears it, an empty field keeps it.
    const { driverNumber: pin, ...fields } = parsed;
    const input = !driver ? parsed : removePin ? { ...fields, driverNumber: null } : pin ? parsed : fields;
    const action = driver ? 'update' : 'create';
    const onError = (error: unknown) => {
      form.setErrors(serverFieldErrors(error));
      notifySettingsFailure('Driver', action, error);
    };
    if (driver) {
      update.mutate(
        { id: driver.id, input },
        {
          onSuccess: () => {
            notifySettingsSuccess('Driver', 'update');
            onDone();
          },
          onError,
        },
      );
      return;
    }
    create.mutate(input, {
      onSuccess: (created) => {
        showToast({
          tone: 'success',
          title: 'Success',
          message: created.setPasswordMailSent
            ? `Driver created successfully. A set-password email was sent to ${created.email}.`
            : 'Driver created successfully, but the set-password email could not be sent. The driver can use Forgot password on the sign-in page.',
        });
        onDone();
      },
      onError,
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label={driver ? 'Edit driver' : 'Add driver'}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="First Name"
            withAsterisk
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('firstName')}
          />
          <TextInput label="Last Name" withAsterisk autoComplete="off" {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          withAsterisk
          autoComplete="off"
          description={driver ? undefined : 'The driver gets an email with a link to set a password.'}
          {...form.getInputProps('email')}
        />
        <TextInput
          label={driver?.hasPin ? 'New Driver PIN' : 'Driver PIN'}
          description={
            driver?.hasPin
              ? 'The current PIN is not shown. Type 4 digits to give a new one, or leave empty to keep it.'
              : '4 digits, for signing in at the depot terminal. Leave empty for no terminal access.'
          }
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          disabled={form.values.removePin}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.2em' } }}
          {...form.getInputProps('driverNumber')}
        />
        {driver?.hasPin && (
          <Checkbox
            label="Remove the PIN (no terminal access)"
            {...form.getInputProps('removePin', { type: 'checkbox' })}
          />
        )}
        <FormActions
          submitLabel={driver ? 'Save Changes' : 'Add Driver'}
          loading={create.isPending || update.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}

/** 'Add Driver' (the driver is mailed a set-password link) or edit a driver's details and PIN. */
export function DriverFormDialog({
  opened,
  onClose,
  driver,
}: {
  opened: boolean;
  onClose: () => void;
  driver?: Driver;
}) {
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={driver ? 'Edit Driver' : 'Add Driver'}
      size={driver ? 'lg' : 'md'}
      data-testid="driver-dialog"
    >
      {driver ? (
        // A stored driver has their compliance record beside their details (issue 26).
        <Tabs defaultValue="details" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="details">Details</Tabs.Tab>
            <Tabs.Tab value="compliance">Compliance</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="details">
            <DriverForm key={driver.id} driver={driver} onDone={onClose} />
          </Tabs.Panel>
          <Tabs.Panel value="compliance">
            <DriverComplianceTab driverId={driver.id} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <DriverForm key="new" onDone={onClose} />
      )}
    </FormDialog>
  );
}
