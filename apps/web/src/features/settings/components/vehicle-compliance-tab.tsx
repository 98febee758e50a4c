import {
  type RecordServiceInput,
  RecordServiceInputSchema,
  type VehicleCompliance,
  type VehicleComplianceInput,
  VehicleComplianceInputSchema,
} from '@dms/domain';
import {
  Alert,
  Badge,
  Button,
  Divider,
  Group,
  Loader,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { DueBadge } from '../../../components/due-badge';
import { errorMessage } from '../../../lib/api-client';
import { validateForm } from '../../../lib/form-errors';
import { showToast } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import { useRecordService, useSaveVehicleCompliance, useVehicleCompliance } from '../api/compliance';
import { serverFieldErrors } from '../api/list-page';
import { RecordHistoryButton } from './record-history-dialog';
import { RecordScans, type ScannedRecord } from './record-scans';

const VEHICLE_SCANNED_RECORDS: ScannedRecord[] = [
  { kind: 'registration', label: 'Registration' },
  { kind: 'insurance', label: 'Insurance' },
  { kind: 'inspection', label: 'Safety inspection' },
];

type Values = Record<keyof VehicleComplianceInput, string | number>;

function valuesOf(c: VehicleCompliance): Values {
  const v = (x: string | number | null) => x ?? '';
  return {
    registrationExpiry: v(c.registrationExpiry),
    insuranceExpiry: v(c.insuranceExpiry),
    inspectionDue: v(c.inspectionDue),
    lastInspectionDate: v(c.lastInspectionDate),
    inspectionIntervalMonths: v(c.inspectionIntervalMonths),
    serviceIntervalKm: v(c.serviceIntervalKm),
    serviceIntervalMonths: v(c.serviceIntervalMonths),
    lastServiceDate: v(c.lastServiceDate),
    lastServiceOdometer: v(c.lastServiceOdometer),
  };
}

function RecordForm({ vehicleId, compliance }: { vehicleId: string; compliance: VehicleCompliance }) {
  const save = useSaveVehicleCompliance(vehicleId);
  const form = useForm<Values>({
    initialValues: valuesOf(compliance),
    validate: (values) => validateForm(VehicleComplianceInputSchema, values).errors,
  });
  const submit = form.onSubmit((values) =>
    save.mutate(values as VehicleComplianceInput, {
      onSuccess: (saved) => {
        form.setInitialValues(valuesOf(saved));
        form.resetDirty(valuesOf(saved));
        showToast({ tone: 'success', title: 'Success', message: 'Compliance record saved' });
      },
      onError: (error) => {
        form.setErrors(serverFieldErrors(error));
        showToast({
          tone: 'error',
          title: 'Error',
          message: errorMessage(error, 'Failed to save the compliance record'),
        });
      },
    }),
  );
  const date = (name: keyof Values, label: string) => (
    <TextInput type="date" label={label} {...form.getInputProps(name)} />
  );
  const whole = (name: keyof Values, label: string, placeholder?: string) => (
    <NumberInput
      label={label}
      placeholder={placeholder}
      hideControls
      allowDecimal={false}
      allowNegative={false}
      {...form.getInputProps(name)}
    />
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Vehicle compliance record">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {date('registrationExpiry', 'Registration expiry')}
          {date('insuranceExpiry', 'Insurance expiry')}
        </SimpleGrid>
        <div>
          <Title order={4} size="h5">
            Safety inspection
          </Title>
          <Text size="xs" c="dimmed">
            Due the last inspection plus its interval, or on the certificate's expiry when one is recorded.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {date('lastInspectionDate', 'Last inspection')}
          {whole('inspectionIntervalMonths', 'Every (months)', 'e.g. 6')}
          {date('inspectionDue', 'Certificate expiry')}
        </SimpleGrid>
        <div>
          <Title order={4} size="h5">
            Service interval
          </Title>
          <Text size="xs" c="dimmed">
            Every so many km or months, whichever comes first; the km count from the latest fuel log.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {whole('serviceIntervalKm', 'Every (km)', 'e.g. 20000')}
          {whole('serviceIntervalMonths', 'Every (months)', 'e.g. 12')}
          {date('lastServiceDate', 'Last service')}
          {whole('lastServiceOdometer', 'Odometer at last service (km)')}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            Save record
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ServiceForm({ vehicleId, currentOdometer }: { vehicleId: string; currentOdometer: number | null }) {
  const record = useRecordService(vehicleId);
  const initial = { date: '', odometer: currentOdometer ?? '', workDone: '', cost: '' };
  const form = useForm<{ date: string; odometer: number | string; workDone: string; cost: number | string }>({
    initialValues: initial,
    validate: (values) => validateForm(RecordServiceInputSchema, values).errors,
  });
  const submit = form.onSubmit((values) =>
    record.mutate(values as RecordServiceInput, {
      onSuccess: () => {
        form.reset();
        showToast({
          tone: 'success',
          title: 'Success',
          message: 'Service recorded: the interval starts again',
        });
      },
      onError: (error) => {
        form.setErrors(serverFieldErrors(error));
        showToast({
          tone: 'error',
          title: 'Error',
          message: errorMessage(error, 'Failed to record the service'),
        });
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Record a service">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput type="date" label="Service date" withAsterisk {...form.getInputProps('date')} />
          <NumberInput
            label="Odometer (km)"
            withAsterisk
            hideControls
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('odometer')}
          />
          <NumberInput label="Cost" hideControls min={0} decimalScale={2} {...form.getInputProps('cost')} />
        </SimpleGrid>
        <Textarea label="Work done" withAsterisk autosize minRows={2} {...form.getInputProps('workDone')} />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={record.isPending}>
            Record service
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The Compliance tab of a vehicle (Settings > Vehicles): its record, its service status and services. */
export function VehicleComplianceTab({ vehicleId }: { vehicleId: string }) {
  const query = useVehicleCompliance(vehicleId);
  const f = useFormatters();
  if (query.isPending) {
    return (
      <Group justify="center" p="lg">
        <Loader size="sm" aria-label="Loading the compliance record" />
      </Group>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title="Could not load the compliance record">
        <Group justify="space-between">
          <Text size="sm">{errorMessage(query.error, 'Please try again.')}</Text>
          <Button size="xs" variant="light" onClick={() => query.refetch()}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  }
  const c = query.data;
  const s = c.service;
  const serviceLine =
    s.dueDate === null && s.dueOdometer === null
      ? 'interval not recorded'
      : [
          s.dueDate ? `due ${f.serviceDate(s.dueDate)}` : null,
          s.dueOdometer !== null ? `at ${f.number(s.dueOdometer)} km` : null,
          s.kmLeft !== null ? `(${f.number(Math.abs(s.kmLeft))} km ${s.kmLeft < 0 ? 'over' : 'left'})` : null,
        ]
          .filter(Boolean)
          .join(' ');
  return (
    <Stack gap="md" data-testid="vehicle-compliance">
      <Group gap="xs" wrap="wrap">
        <DueBadge label="Registration" date={c.registrationExpiry} />
        <DueBadge label="Insurance" date={c.insuranceExpiry} />
        <DueBadge label="Inspection" date={c.inspectionDueDate} />
        <Badge
          color={
            s.state === 'overdue'
              ? 'red'
              : s.state === 'due_soon'
                ? 'yellow'
                : s.state === 'ok'
                  ? 'green'
                  : 'gray'
          }
          variant="light"
        >
          Service:{' '}
          {s.state !== 'unknown'
            ? s.state.replace('_', ' ')
            : s.dueOdometer !== null
              ? 'awaiting an odometer reading'
              : 'not set'}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        Odometer{' '}
        {c.currentOdometer === null
          ? 'not yet known (from fuel logs)'
          : `${f.number(c.currentOdometer)} km (latest fuel log)`}
        {' · '}Service {serviceLine}
      </Text>
      <RecordForm key={c.updatedAt ?? 'new'} vehicleId={vehicleId} compliance={c} />
      <Divider label="Record a service" labelPosition="left" />
      <ServiceForm
        key={`${c.lastServiceDate}-${c.services.length}`}
        vehicleId={vehicleId}
        currentOdometer={c.currentOdometer}
      />
      {c.services.length === 0 ? (
        <Text size="sm" c="dimmed">
          No services recorded yet.
        </Text>
      ) : (
        // Focusable, so a keyboard can scroll the columns a phone cannot show at once.
        <Table.ScrollContainer
          minWidth={420}
          scrollAreaProps={{
            viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Latest services table' },
          }}
        >
          <Table striped aria-label="Latest services">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Odometer</Table.Th>
                <Table.Th>Work done</Table.Th>
                <Table.Th>Cost</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {c.services.map((service) => (
                <Table.Tr key={service.id}>
                  <Table.Td>{f.serviceDate(service.date)}</Table.Td>
                  <Table.Td>{f.number(service.odometer)} km</Table.Td>
                  <Table.Td>{service.workDone}</Table.Td>
                  <Table.Td>{service.cost === null ? '—' : f.money(service.cost)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {c.updatedAt && (
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            Last changed {f.dateTime(c.updatedAt)}
            {c.updatedByName ? ` by ${c.updatedByName}` : ''}. Earlier versions are kept.
          </Text>
          <RecordHistoryButton subject="vehicle" id={vehicleId} />
        </Group>
      )}
      <RecordScans subject="vehicle" id={vehicleId} records={VEHICLE_SCANNED_RECORDS} />
    </Stack>
  );
}
