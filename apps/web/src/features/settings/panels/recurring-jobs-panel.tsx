import {
  HOLIDAY_REGION_LABELS,
  HOLIDAY_REGIONS,
  type HolidayRegion,
  type SchoolTerm,
  type SeriesSettings,
} from '@dms/domain';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryState } from '../../../components/query-state';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import {
  useDeleteSchoolTerm,
  useSaveSchoolTerm,
  useSchoolTerms,
  useSeriesSettings,
  useUpdateSeriesSettings,
} from '../api/recurring-jobs';
import { AddButton } from '../components/add-button';
import { FormActions, FormDialog } from '../components/form-dialog';
import { RowActions } from '../components/row-actions';
import { SettingsPanelHeader } from '../components/settings-panel-header';
import { notifySettingsFailure, notifySettingsSuccess } from '../settings-toasts';

export const REGION_OPTIONS = HOLIDAY_REGIONS.map((r) => ({ value: r, label: HOLIDAY_REGION_LABELS[r] }));

/** /settings/recurring-jobs: how far ahead occurrences are created, holidays and school terms (ADR 36). */
export default function RecurringJobsPanel() {
  const settings = useSeriesSettings();
  return (
    <>
      <SettingsPanelHeader
        title="Recurring Jobs"
        description="How far ahead the jobs of a series are created, whose public holidays a series leaves out, and your school terms."
      />
      <Stack gap="lg">
        {settings.data ? (
          <SeriesSettingsForm key={JSON.stringify(settings.data)} settings={settings.data} />
        ) : settings.isError ? (
          <Alert color="red" title="Could not load the recurring job settings">
            <Button size="xs" variant="light" color="red" onClick={() => settings.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <Skeleton height={160} role="status" aria-busy="true" aria-label="Loading" />
        )}
        <SchoolTerms />
      </Stack>
    </>
  );
}

function SeriesSettingsForm({ settings }: { settings: SeriesSettings }) {
  const save = useUpdateSeriesSettings();
  const [values, setValues] = useState(settings);
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <form
      aria-label="Recurring job settings"
      onSubmit={(e) => {
        e.preventDefault();
        setErrors({});
        save.mutate(values, {
          onSuccess: () => showToast({ title: 'Recurring job settings saved', tone: 'success' }),
          onError: (err) => {
            setErrors(fieldErrors(err));
            showToast({
              title: 'Not saved',
              message: errorMessage(err, 'The recurring job settings could not be saved'),
              tone: 'error',
            });
          },
        });
      }}
    >
      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h5" mb="sm">
          Series
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label="Create jobs ahead (weeks)"
            description={
              values.horizonWeeks === 0
                ? 'No horizon: every job of a series is created at once'
                : `Jobs are created ${values.horizonWeeks} weeks ahead, and the rest as the days pass. 0 creates them all at once.`
            }
            min={0}
            max={104}
            allowDecimal={false}
            value={values.horizonWeeks}
            onChange={(v) =>
              setValues((s) => ({ ...s, horizonWeeks: typeof v === 'number' ? v : Number(v) }))
            }
            error={errors.horizonWeeks}
          />
          <Select
            label="Public holidays of"
            description="A new series leaves these holidays out unless the job form says otherwise"
            data={REGION_OPTIONS}
            allowDeselect={false}
            value={values.holidaysRegion}
            onChange={(v) => v && setValues((s) => ({ ...s, holidaysRegion: v as HolidayRegion }))}
            error={errors.holidaysRegion}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Paper>
    </form>
  );
}

function fieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  try {
    const body = JSON.parse(error.bodyText || '{}') as { errors?: { path: string; message: string }[] };
    return Object.fromEntries((body.errors ?? []).map((e) => [e.path, e.message]));
  } catch {
    return {};
  }
}

function SchoolTerms() {
  const query = useSchoolTerms();
  const remove = useDeleteSchoolTerm();
  const fmt = useFormatters();
  const [editing, setEditing] = useState<SchoolTerm | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SchoolTerm | null>(null);
  const terms = query.data ?? [];
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const addButton = <AddButton label="Add School Term" onClick={() => setEditing('new')} />;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="School terms">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Stack gap={2}>
          <Title order={3} size="h5">
            School terms
          </Title>
          <Text size="sm" c="dimmed">
            A series can run only on days in term (a school run) or only outside term. Terms may not overlap.
          </Text>
        </Stack>
        {terms.length > 0 && addButton}
      </Group>
      <QueryState
        query={query}
        isEmpty={terms.length === 0}
        errorTitle="Could not load the school terms"
        empty={
          <>
            <Text c="dimmed" ta="center">
              No school terms yet. Add your terms to run a series only in term or only in the holidays.
            </Text>
            {addButton}
          </>
        }
      >
        {phone ? (
          <Stack gap="sm" data-testid="school-terms-table">
            {terms.map((t) => (
              <Paper key={t.id} withBorder p="sm" data-testid="school-term-row" data-name={t.name}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600}>
                      {t.name} {t.year}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {fmt.serviceDate(t.startDate)} to {fmt.serviceDate(t.endDate)}
                    </Text>
                  </Stack>
                  <RowActions
                    name={`${t.name} ${t.year}`}
                    onEdit={() => setEditing(t)}
                    onDelete={() => setDeleting(t)}
                  />
                </Group>
              </Paper>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer
            minWidth={480}
            scrollAreaProps={{
              viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'School terms table' },
            }}
          >
            <Table data-testid="school-terms-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={80}>Year</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>First day</Table.Th>
                  <Table.Th>Last day</Table.Th>
                  <Table.Th w={110} style={{ textAlign: 'right' }}>
                    Actions
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {terms.map((t) => (
                  <Table.Tr key={t.id} data-testid="school-term-row" data-name={t.name}>
                    <Table.Td>{t.year}</Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {t.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>{fmt.serviceDate(t.startDate)}</Table.Td>
                    <Table.Td>{fmt.serviceDate(t.endDate)}</Table.Td>
                    <Table.Td>
                      <RowActions
                        name={`${t.name} ${t.year}`}
                        onEdit={() => setEditing(t)}
                        onDelete={() => setDeleting(t)}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
      <SchoolTermDialog
        term={editing === 'new' ? null : editing}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete School Term"
        message={`Delete ${deleting?.name ?? ''} ${deleting?.year ?? ''}? Series already created keep their jobs.`}
        confirmLabel="Delete"
        confirmColor="red"
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifySettingsSuccess('School term', 'delete');
              setDeleting(null);
            },
            onError: (err) => notifySettingsFailure('School term', 'delete', err),
          })
        }
        data-testid="delete-school-term-confirm"
      />
    </Paper>
  );
}

function SchoolTermDialog({
  term,
  opened,
  onClose,
}: {
  term: SchoolTerm | null;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <FormDialog opened={opened} onClose={onClose} title={term ? 'Edit School Term' : 'Add School Term'}>
      {opened && <SchoolTermForm key={term?.id ?? 'new'} term={term} onClose={onClose} />}
    </FormDialog>
  );
}

function SchoolTermForm({ term, onClose }: { term: SchoolTerm | null; onClose: () => void }) {
  const save = useSaveSchoolTerm();
  const [values, setValues] = useState({
    year: String(term?.year ?? new Date().getFullYear()),
    name: term?.name ?? '',
    startDate: term?.startDate ?? '',
    endDate: term?.endDate ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({
      ...v,
      [key]: value,
      // The year follows the first day unless typed.
      ...(key === 'startDate' && /^\d{4}-/.test(value) ? { year: value.slice(0, 4) } : {}),
    }));
  };
  return (
    <form
      noValidate
      aria-label={term ? 'Edit school term' : 'Add school term'}
      onSubmit={(e) => {
        e.preventDefault();
        setErrors({});
        save.mutate(
          { id: term?.id ?? null, input: values },
          {
            onSuccess: () => {
              notifySettingsSuccess('School term', term ? 'update' : 'create');
              onClose();
            },
            onError: (err) => {
              setErrors(fieldErrors(err));
              notifySettingsFailure('School term', term ? 'update' : 'create', err);
            },
          },
        );
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Name"
            required
            value={values.name}
            onChange={set('name')}
            error={errors.name}
            data-autofocus
          />
          <TextInput
            label="Year"
            required
            inputMode="numeric"
            value={values.year}
            onChange={set('year')}
            error={errors.year}
          />
          <TextInput
            type="date"
            label="First day"
            required
            value={values.startDate}
            onChange={set('startDate')}
            error={errors.startDate}
          />
          <TextInput
            type="date"
            label="Last day"
            required
            value={values.endDate}
            onChange={set('endDate')}
            error={errors.endDate}
          />
        </SimpleGrid>
        <FormActions submitLabel={term ? 'Save' : 'Add Term'} loading={save.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}
