import {
  EmergencyAlertInputSchema,
  FUEL_TYPES,
  FuelLogInputSchema,
  INCIDENT_TYPES,
  IncidentReportInputSchema,
  wordsOf,
} from '@dms/domain';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPhoneCall } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import type { z } from 'zod';
import { useEmergencyTypes } from '../api';

type Errors = Record<string, string>;

/** The first message of each field that Zod refused. */
function errorsOf(result: z.ZodSafeParseResult<unknown>): Errors {
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    if (!errors[path]) errors[path] = issue.message;
  }
  return errors;
}

function FormModal({
  opened,
  title,
  submitLabel,
  submitColor,
  submitting,
  onCancel,
  onSubmit,
  children,
  testId,
}: {
  opened: boolean;
  title: string;
  submitLabel: string;
  submitColor?: string;
  submitting: boolean;
  onCancel: () => void;
  onSubmit: () => void;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      size="lg"
      closeOnClickOutside={false}
      data-testid={testId}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="md">
          {children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="lg" h={56} onClick={onCancel} disabled={submitting}>
              Cancel
            </Button>
            <Button type="submit" size="lg" h={56} color={submitColor} loading={submitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export interface FormDialogProps<T> {
  opened: boolean;
  submitting: boolean;
  onCancel: () => void;
  onSubmit: (body: T) => void;
}

/** Fuel / Odometer (spec 1 §5): odometer km, litres, fuel type (Diesel default), location, notes. */
export function FuelLogDialog({
  opened,
  submitting,
  onCancel,
  onSubmit,
}: FormDialogProps<z.input<typeof FuelLogInputSchema>>) {
  const [odometer, setOdometer] = useState<number | string>('');
  const [liters, setLiters] = useState<number | string>('');
  const [fuelType, setFuelType] = useState<string>('Diesel');
  const [location, setLocation] = useState('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  useEffect(() => {
    if (!opened) return;
    setOdometer('');
    setLiters('');
    setFuelType('Diesel');
    setLocation('');
    setNotes('');
    setErrors({});
  }, [opened]);

  const submit = () => {
    const body = {
      odometerReading: odometer === '' ? undefined : Number(odometer),
      litersAdded: liters === '' ? undefined : Number(liters),
      fuelType: fuelType as (typeof FUEL_TYPES)[number],
      location,
      notes,
      fuelDate: new Date().toISOString(),
    };
    const result = FuelLogInputSchema.safeParse(body);
    setErrors(errorsOf(result));
    if (result.success) onSubmit(body as z.input<typeof FuelLogInputSchema>);
  };

  return (
    <FormModal
      opened={opened}
      title="Fuel / Odometer"
      submitLabel="Submit Fuel Log"
      submitting={submitting}
      onCancel={onCancel}
      onSubmit={submit}
      testId="fuel-dialog"
    >
      <NumberInput
        size="lg"
        label="Odometer (km)"
        required
        min={0}
        step={1}
        allowDecimal={false}
        value={odometer}
        onChange={setOdometer}
        error={errors.odometerReading}
      />
      <NumberInput
        size="lg"
        label="Litres added"
        required
        min={0}
        step={0.01}
        decimalScale={2}
        value={liters}
        onChange={setLiters}
        error={errors.litersAdded}
      />
      <Select
        size="lg"
        label="Fuel type"
        data={[...FUEL_TYPES]}
        value={fuelType}
        onChange={(v) => setFuelType(v ?? 'Diesel')}
        allowDeselect={false}
      />
      <TextInput
        size="lg"
        label="Location"
        value={location}
        onChange={(e) => setLocation(e.currentTarget.value)}
      />
      <Textarea label="Notes" value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
    </FormModal>
  );
}

/** Emergency (spec 1 §2, §5): the type is required; call 000 first when a life is at risk. */
export function EmergencyDialog({
  opened,
  submitting,
  onCancel,
  onSubmit,
}: FormDialogProps<z.input<typeof EmergencyAlertInputSchema>>) {
  const types = useEmergencyTypes(opened);
  const [typeId, setTypeId] = useState<string | null>(null);
  const [location, setLocation] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  useEffect(() => {
    if (!opened) return;
    setTypeId(null);
    setLocation('');
    setDescription('');
    setErrors({});
  }, [opened]);

  const submit = () => {
    const body = {
      emergencyTypeId: typeId ?? '',
      location,
      description,
      alertDate: new Date().toISOString(),
    };
    const result = EmergencyAlertInputSchema.safeParse(body);
    setErrors(errorsOf(result));
    if (result.success) onSubmit(body);
  };

  return (
    <FormModal
      opened={opened}
      title="Emergency Alert"
      submitLabel="Send Emergency Alert"
      submitColor="red"
      submitting={submitting}
      onCancel={onCancel}
      onSubmit={submit}
      testId="emergency-dialog"
    >
      <Alert
        color="red"
        variant="filled"
        icon={<IconPhoneCall size={22} aria-hidden="true" />}
        title="Life in danger?"
      >
        Call 000 first. Then send this alert to the office.
      </Alert>
      <Select
        size="lg"
        label="Emergency type"
        required
        placeholder={types.isPending ? 'Loading…' : 'Choose the emergency'}
        data={(types.data ?? []).filter((t) => t.isActive === 1).map((t) => ({ value: t.id, label: t.name }))}
        value={typeId}
        onChange={setTypeId}
        error={errors.emergencyTypeId}
      />
      <TextInput
        size="lg"
        label="Location"
        value={location}
        onChange={(e) => setLocation(e.currentTarget.value)}
      />
      <Textarea
        label="What is happening"
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
      />
    </FormModal>
  );
}

/** Incident report (spec 1 §5): details of injuries and police only when they apply. */
export function IncidentDialog({
  opened,
  submitting,
  onCancel,
  onSubmit,
}: FormDialogProps<z.input<typeof IncidentReportInputSchema>>) {
  const [type, setType] = useState<string | null>(null);
  const [location, setLocation] = useState('');
  const [description, setDescription] = useState('');
  const [injuries, setInjuries] = useState(false);
  const [injuryDetails, setInjuryDetails] = useState('');
  const [witnesses, setWitnesses] = useState('');
  const [police, setPolice] = useState(false);
  const [reportNumber, setReportNumber] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  useEffect(() => {
    if (!opened) return;
    setType(null);
    setLocation('');
    setDescription('');
    setInjuries(false);
    setInjuryDetails('');
    setWitnesses('');
    setPolice(false);
    setReportNumber('');
    setErrors({});
  }, [opened]);

  const submit = () => {
    const body = {
      incidentType: (type ?? '') as (typeof INCIDENT_TYPES)[number],
      location,
      description,
      injuriesReported: injuries ? 1 : 0,
      injuryDetails: injuries ? injuryDetails : '',
      witnessDetails: witnesses,
      policeNotified: police ? 1 : 0,
      policeReportNumber: police ? reportNumber : '',
      incidentDate: new Date().toISOString(),
    } as z.input<typeof IncidentReportInputSchema>;
    const result = IncidentReportInputSchema.safeParse(body);
    setErrors(errorsOf(result));
    if (result.success) onSubmit(body);
  };

  return (
    <FormModal
      opened={opened}
      title="Incident Report"
      submitLabel="Submit Incident Report"
      submitting={submitting}
      onCancel={onCancel}
      onSubmit={submit}
      testId="incident-dialog"
    >
      <Select
        size="lg"
        label="Incident type"
        required
        data={INCIDENT_TYPES.map((t) => ({ value: t, label: wordsOf(t) }))}
        value={type}
        onChange={setType}
        error={errors.incidentType}
      />
      <TextInput
        size="lg"
        label="Location"
        required
        value={location}
        onChange={(e) => setLocation(e.currentTarget.value)}
        error={errors.location}
      />
      <Textarea
        label="Description"
        required
        autosize
        minRows={3}
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        error={errors.description}
      />
      <Switch
        size="lg"
        label="Injuries reported"
        checked={injuries}
        onChange={(e) => setInjuries(e.currentTarget.checked)}
      />
      {injuries && (
        <Textarea
          label="Injury details"
          value={injuryDetails}
          onChange={(e) => setInjuryDetails(e.currentTarget.value)}
        />
      )}
      <Textarea
        label="Witness details"
        value={witnesses}
        onChange={(e) => setWitnesses(e.currentTarget.value)}
      />
      <Switch
        size="lg"
        label="Police notified"
        checked={police}
        onChange={(e) => setPolice(e.currentTarget.checked)}
      />
      {police && (
        <TextInput
          size="lg"
          label="Police report number"
          value={reportNumber}
          onChange={(e) => setReportNumber(e.currentTarget.value)}
        />
      )}
    </FormModal>
  );
}
