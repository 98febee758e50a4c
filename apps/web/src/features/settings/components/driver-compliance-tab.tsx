import {
  type DriverCompliance,
  type DriverComplianceInput,
  DriverComplianceInputSchema,
  getLicenceClassSet,
} from '@dms/domain';
import {
  Alert,
  Button,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { DueBadge } from '../../../components/due-badge';
import { errorMessage } from '../../../lib/api-client';
import { useAppSettings } from '../../../lib/app-settings';
import { validateForm } from '../../../lib/form-errors';
import { showToast } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import { useDriverCompliance, useSaveDriverCompliance } from '../api/compliance';
import { serverFieldErrors } from '../api/list-page';
import { RecordHistoryButton } from './record-history-dialog';
import { RecordScans, type ScannedRecord } from './record-scans';

/** The records of a driver that can carry a scan: licence, medical, children check, each document. */
export function driverScannedRecords(c: Pick<DriverCompliance, 'documents'>): ScannedRecord[] {
  return [
    { kind: 'licence', label: 'Licence' },
    { kind: 'medical', label: 'Medical certificate' },
    { kind: 'childrenCheck', label: 'Working with children check' },
    ...c.documents.map((d) => ({ kind: `document:${d.typeId}`, label: d.typeName })),
  ];
}

interface Values {
  licenceNumber: string;
  licenceClass: string | null;
  licenceExpiry: string;
  medicalExpiry: string;
  childrenCheckNumber: string;
  childrenCheckExpiry: string;
  documents: { typeId: string; number: string; expiry: string }[];
}

function valuesOf(c: DriverCompliance): Values {
  return {
    licenceNumber: c.licenceNumber ?? '',
    licenceClass: c.licenceClass,
    licenceExpiry: c.licenceExpiry ?? '',
    medicalExpiry: c.medicalExpiry ?? '',
    childrenCheckNumber: c.childrenCheckNumber ?? '',
    childrenCheckExpiry: c.childrenCheckExpiry ?? '',
    documents: c.documents.map((d) => ({ typeId: d.typeId, number: d.number ?? '', expiry: d.expiry ?? '' })),
  };
}

function DriverRecordForm({ driverId, compliance }: { driverId: string; compliance: DriverCompliance }) {
  const save = useSaveDriverCompliance(driverId);
  const { licenceClassSet } = useAppSettings().settings;
  const classes: { value: string; label: string }[] = getLicenceClassSet(licenceClassSet).classes.map(
    (c) => ({
      value: c,
      label: c,
    }),
  );
  // A class from another set (the operator switched sets) stays visible until changed.
  if (compliance.licenceClass && !classes.some((c) => c.value === compliance.licenceClass)) {
    classes.push({ value: compliance.licenceClass, label: `${compliance.licenceClass} (not in your set)` });
  }
  const form = useForm<Values>({
    initialValues: valuesOf(compliance),
    validate: (values) => validateForm(DriverComplianceInputSchema, values).errors,
  });
  const submit = form.onSubmit((values) =>
    save.mutate(values as DriverComplianceInput, {
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
  return (
    <form onSubmit={submit} noValidate aria-label="Driver compliance record">
      <Stack gap="sm">
        <Title order={4} size="h5">
          Licence
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label="Licence number" {...form.getInputProps('licenceNumber')} />
          <Select
            label="Class"
            placeholder="Choose a class"
            data={classes}
            clearable
            {...form.getInputProps('licenceClass')}
          />
          <TextInput type="date" label="Licence expiry" {...form.getInputProps('licenceExpiry')} />
        </SimpleGrid>
        <Title order={4} size="h5">
          Medical and working with children check
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput type="date" label="Medical expiry" {...form.getInputProps('medicalExpiry')} />
          <TextInput label="Children check number" {...form.getInputProps('childrenCheckNumber')} />
          <TextInput type="date" label="Check expiry" {...form.getInputProps('childrenCheckExpiry')} />
        </SimpleGrid>
        {compliance.documents.length > 0 && (
          <>
            <Title order={4} size="h5">
              Other documents
            </Title>
            {compliance.documents.map((doc, i) => (
              <SimpleGrid key={doc.typeId} cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label={`${doc.typeName} number`}
                  description={doc.requiredForSchoolWork ? 'Required for school work' : undefined}
                  {...form.getInputProps(`documents.${i}.number`)}
                />
                {doc.expires ? (
                  <TextInput
                    type="date"
                    label={`${doc.typeName} expiry`}
                    {...form.getInputProps(`documents.${i}.expiry`)}
                  />
                ) : (
                  <Text size="sm" c="dimmed" mt="lg">
                    Does not expire
                  </Text>
                )}
              </SimpleGrid>
            ))}
          </>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            Save record
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The Compliance tab of a driver (Settings > Drivers): licence, medical, children check and documents. */
export function DriverComplianceTab({ driverId }: { driverId: string }) {
  const query = useDriverCompliance(driverId);
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
  return (
    <Stack gap="md" data-testid="driver-compliance">
      <Group gap="xs" wrap="wrap">
        <DueBadge label={c.licenceClass ? `Licence ${c.licenceClass}` : 'Licence'} date={c.licenceExpiry} />
        <DueBadge label="Medical" date={c.medicalExpiry} />
        <DueBadge label="Children check" date={c.childrenCheckExpiry} />
      </Group>
      <DriverRecordForm key={c.updatedAt ?? 'new'} driverId={driverId} compliance={c} />
      {c.updatedAt && (
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            Last changed {f.dateTime(c.updatedAt)}
            {c.updatedByName ? ` by ${c.updatedByName}` : ''}. Earlier versions are kept.
          </Text>
          <RecordHistoryButton subject="driver" id={driverId} />
        </Group>
      )}
      <RecordScans subject="driver" id={driverId} records={driverScannedRecords(c)} />
    </Stack>
  );
}
