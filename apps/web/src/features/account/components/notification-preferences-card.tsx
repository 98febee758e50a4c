import { type Preferences, PreferencesSchema, REMINDER_HOUR_OPTIONS } from '@dms/domain';
import { Alert, Button, Card, Divider, Group, Select, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { IconAlertTriangle, IconBell } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { SectionHeader } from '../../../components/section-header';
import { showToast } from '../../../lib/toast';
import { usePreferences, useUpdatePreferences } from '../api';

type FlagField =
  | 'emailNewAssignments'
  | 'emailJobUpdates'
  | 'emailCancellations'
  | 'emailReminders'
  | 'emailSafetyAlerts'
  | 'emailComplianceDigest';

const SWITCHES: ReadonlyArray<{ field: FlagField; label: string; description: string }> = [
  {
    field: 'emailNewAssignments',
    label: 'New job assignments',
    description: 'When you are assigned to a job or offered one',
  },
  {
    field: 'emailJobUpdates',
    label: 'Job updates',
    description: 'When the details of one of your jobs change',
  },
  { field: 'emailCancellations', label: 'Cancellations', description: 'When one of your jobs is cancelled' },
  {
    field: 'emailReminders',
    label: 'Job reminders',
    description: 'A reminder before each of your jobs starts',
  },
];

/** Managers only: mail of serious items on the attention list (ADR 28). */
const SAFETY_SWITCH = {
  field: 'emailSafetyAlerts' as const,
  label: 'Safety alerts',
  description:
    'When a driver reports an incident or a vehicle defect (emergencies always mail every manager)',
};

/** Managers only: the weekly compliance digest (ADR 35), off unless chosen. */
const DIGEST_SWITCH = {
  field: 'emailComplianceDigest' as const,
  label: 'Weekly compliance digest',
  description: 'Each Monday: vehicle and driver records due in the next 30 days or overdue, worst first',
};

const REMINDER_OPTIONS = REMINDER_HOUR_OPTIONS.map((hours) => ({
  value: String(hours),
  label: `${hours} ${hours === 1 ? 'hour' : 'hours'} before`,
}));

function samePreferences(a: Preferences, b: Preferences): boolean {
  return (Object.keys(a) as (keyof Preferences)[]).every((key) => a[key] === b[key]);
}

/** Email notification preferences (spec 1 §2, §3): four switches and the reminder time. */
export function NotificationPreferencesCard({ manager = false }: { manager?: boolean }) {
  const switches = manager ? [...SWITCHES, SAFETY_SWITCH, DIGEST_SWITCH] : SWITCHES;
  const query = usePreferences();
  const update = useUpdatePreferences();
  const [draft, setDraft] = useState<Preferences | null>(null);

  useEffect(() => {
    if (query.data) setDraft(query.data);
  }, [query.data]);

  const dirty = !!draft && !!query.data && !samePreferences(draft, query.data);

  const save = () => {
    if (!draft) return;
    const result = PreferencesSchema.safeParse(draft);
    if (!result.success) {
      showToast({
        title: 'Failed to save preferences. Please try again.',
        message: result.error.issues[0]?.message,
        tone: 'error',
      });
      return;
    }
    update.mutate(result.data, {
      onSuccess: () => showToast({ title: 'Preferences saved', tone: 'success' }),
      onError: () => showToast({ title: 'Failed to save preferences. Please try again.', tone: 'error' }),
    });
  };

  return (
    <Card padding="lg" data-testid="preferences-card">
      <Stack gap="md">
        <SectionHeader
          icon={<IconBell size={20} />}
          title="Email Notifications"
          description="Choose which emails you receive about your jobs."
        />
        <Divider />
        {query.isPending ? (
          <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading preferences">
            {SWITCHES.map(({ field }) => (
              <Group key={field} justify="space-between" wrap="nowrap">
                <Stack gap={6} style={{ flex: 1 }}>
                  <Skeleton h={14} w="40%" />
                  <Skeleton h={10} w="70%" />
                </Stack>
                <Skeleton h={24} w={44} radius="xl" />
              </Group>
            ))}
            <Skeleton h={36} w={220} />
          </Stack>
        ) : query.isError || !draft ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden="true" />}
            title="Could not load your preferences"
          >
            <Stack gap="sm" align="flex-start">
              <Text size="sm">Check your connection and try again.</Text>
              <Button
                size="xs"
                variant="default"
                onClick={() => void query.refetch()}
                loading={query.isFetching}
              >
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Stack gap="lg">
            {switches.map(({ field, label, description }) => (
              <Switch
                key={field}
                label={label}
                description={description}
                checked={draft[field] === 1}
                onChange={(event) => {
                  const checked = event.currentTarget.checked;
                  setDraft((current) => (current ? { ...current, [field]: checked ? 1 : 0 } : current));
                }}
                labelPosition="left"
                size="md"
                styles={{ body: { justifyContent: 'space-between' }, labelWrapper: { flex: 1 } }}
              />
            ))}
            <Select
              label="Reminder time"
              description="How long before a job the reminder email is sent"
              data={REMINDER_OPTIONS}
              value={String(draft.reminderHours)}
              onChange={(value) => {
                if (value)
                  setDraft((current) => (current ? { ...current, reminderHours: Number(value) } : current));
              }}
              allowDeselect={false}
              disabled={draft.emailReminders !== 1}
              maw={320}
              comboboxProps={{ withinPortal: true }}
            />
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                disabled={!dirty || update.isPending}
                onClick={() => setDraft(query.data ?? null)}
              >
                Discard changes
              </Button>
              <Button onClick={save} disabled={!dirty} loading={update.isPending}>
                Save Preferences
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
