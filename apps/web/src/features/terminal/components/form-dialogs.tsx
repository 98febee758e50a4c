import {
  EmergencyAlertInputSchema,
  FUEL_CONFIRM_MESSAGE,
  FUEL_REASON_MESSAGE,
  FUEL_TYPES,
  type FuelBaseline,
  type FuelIssueDetail,
  FuelLogInputSchema,
  fuelIssues,
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
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPhoneCall } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import type { z } from 'zod';
import { useFormatters } from '../../../lib/use-formatters';
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
  baseline,
}: FormDialogProps<z.input<typeof FuelLogInputSchema>> & {
  /** The vehicle's last reading and tank size: an implausible reading asks for a reason (ADR 27). */
  baseline?: FuelBaseline | null;
}) {
  const { number } = useFormatters();
  const [odometer, setOdometerValue] = useState<number | string>('');
  const [liters, setLitersValue] = useState<number | string>('');
  /** The checks the reading failed, once the driver was told: a reason is then required. */
  const [issues, setIssues] = useState<FuelIssueDetail[]>([]);
  const [reason, setReason] = useState('');
  // A changed reading is checked afresh.
  const setOdometer = (v: number | string) => {
    setOdometerValue(v);
    setIssues([]);
  };
  const setLiters = (v: number | string) => {
    setLitersValue(v);
    setIssues([]);
  };
  const [fuelType, setFuelType] = useState<string>('Diesel');
  const [location, setLocation] = useState('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  useEffect(() => {
    if (!opened) return;
    setOdometerValue('');
    setLitersValue('');
    setIssues([]);
    setReason('');
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
    if (!result.success) return;
    const found = fuelIssues(
      {
        odometerReading: result.data.odometerReading,
        litersAdded: result.data.litersAdded,
        fuelDate: body.fuelDate,
      },
      baseline ?? {},
      (n) => number(n, 2),
    );
    if (found.length > 0 && issues.length === 0) {
      setIssues(found);
      return;
    }
    if (found.length > 0 && reason.trim() === '') {
      setErrors({ confirmReason: FUEL_REASON_MESSAGE });
      return;
    }
    onSubmit({ ...body, ...(found.length > 0 ? { confirmReason: reason } : {}) } as z.input<
      typeof FuelLogInputSchema
    >);
  };

  return (
    <FormModal
      opened={opened}
      title="Fuel / Odometer"
      submitLabel={issues.length > 0 ? 'Confirm and Submit' : 'Submit Fuel Log'}
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
      {issues.length > 0 && (
        <Alert
          color="orange"
          variant="light"
          title={FUEL_CONFIRM_MESSAGE}
          data-testid="fuel-confirm"
          role="alert"
        >
          <Stack gap="sm">
            {issues.map((i) => (
              <Text key={i.issue} size="md">
                {i.message}
              </Text>
            ))}
            <Textarea
              size="lg"
              label="Reason for confirming"
              description="The reading is kept, marked for the office to check."
              required
              value={reason}
              onChange={(e) => {
                setReason(e.currentTarget.value);
                setErrors((x) => ({ ...x, confirmReason: '' }));
              }}
              error={errors.confirmReason || undefined}
              maxLength={500}
            />
          </Stack>
        </Alert>
      )}
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
