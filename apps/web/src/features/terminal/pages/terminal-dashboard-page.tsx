import { type DriverJob, type EndShiftInput, hoursElapsed, type Shift, type Vehicle } from '@dms/domain';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconClipboardCheck,
  IconClock,
  IconGasStation,
  IconLogout,
  IconReportMedical,
  IconUrgent,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DriverJobDetailDialog } from '../../../components/driver-job/driver-job-detail-dialog';
import { JobDays } from '../../../components/driver-job/job-days';
import { QueryState } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import {
  useActiveShift,
  useClearTerminalJobUpdates,
  useEndShift,
  useStartShift,
  useTerminalJobs,
  useTerminalLogout,
} from '../api';
import { EmergencyDialog, FuelLogDialog, IncidentDialog } from '../components/form-dialogs';
import { InspectionDialog, type InspectionPayload } from '../components/inspection-dialog';
import { VehicleDialog } from '../components/vehicle-dialog';
import type { SendOutcome } from '../outbox';
import { clearTerminalDriver, readTerminalDriver } from '../terminal-session';
import { useIdleSignOut } from '../use-idle-sign-out';
import { useOutbox } from '../use-outbox';

/** Spec 1 §9: the on-shift clock refreshes every 30 seconds. */
const CLOCK_REFRESH_MS = 30_000;

type OpenForm =
  | 'vehicle'
  | 'pre'
  | 'end'
  | 'clock-out'
  | 'skip'
  | 'fuel'
  | 'emergency'
  | 'incident'
  | 'logout'
  | null;

function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

function OnShiftBadge({ shift }: { shift: Shift }) {
  const now = useNow(CLOCK_REFRESH_MS);
  const started = useFormatters().time(shift.startTime);
  return (
    <Badge
      size="xl"
      color="green"
      variant="light"
      h={44}
      leftSection={<IconClock size={18} aria-hidden="true" />}
      data-testid="on-shift"
    >
      On shift since {started} · {hoursElapsed(shift.startTime, now)} h
    </Badge>
  );
}

function QuickAction({
  label,
  icon,
  color,
  disabled,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  color?: string;
  disabled?: boolean;
  onClick?: () => void;
}) {
  return (
    <Button
      size="xl"
      h={88}
      variant="light"
      color={color}
      disabled={disabled}
      onClick={onClick}
      leftSection={icon}
    >
      {label}
    </Button>
  );
}

/** The spec's toasts for a form: sent, kept for later, or refused. */
function announce(outcome: SendOutcome, done: string, failed: string): boolean {
  if (outcome.status === 'sent') {
    showToast({ title: done, tone: 'success' });
    return true;
  }
  if (outcome.status === 'queued') {
    showToast({
      title: 'Saved on this terminal',
      message: 'It will be sent as soon as the connection is back.',
      tone: 'info',
    });
    return true;
  }
  showToast({ title: failed, message: outcome.message, tone: 'error' });
  return false;
}

/** /terminal/dashboard (spec 1 §2): the shift, quick actions and the driver's jobs. */
export function TerminalDashboardPage() {
  const driver = readTerminalDriver();
  const navigate = useNavigate();
  const shift = useActiveShift();
  const startShift = useStartShift();
  const endShift = useEndShift();
  const logout = useTerminalLogout();
  const outbox = useOutbox(driver?.id);
  const [open, setOpen] = useState<OpenForm>(null);
  const [vehicle, setVehicle] = useState<Vehicle | null>(null);
  const [sending, setSending] = useState(false);
  const [clockInKey, setClockInKey] = useState('');
  const [tab, setTab] = useState<'today' | 'upcoming'>('today');
  const [viewing, setViewing] = useState<DriverJob | null>(null);
  const clearUpdates = useClearTerminalJobUpdates();
  const queryClient = useQueryClient();
  const onShift = Boolean(shift.data);
  const name = [driver?.firstName, driver?.lastName].filter(Boolean).join(' ');

  const signOut = () =>
    logout.mutate(undefined, {
      onSettled: () => {
        clearTerminalDriver();
        navigate('/terminal', { replace: true });
      },
    });
  const idle = useIdleSignOut(driver?.idleMinutes, () => {
    signOut();
    showToast({
      title: 'Signed out',
      message: 'Nobody touched the terminal for a while, so it signed you out.',
      tone: 'info',
    });
  });

  const send = async (url: string, body: unknown, label: string, done: string, failed: string) => {
    setSending(true);
    try {
      const outcome = await outbox.submit(url, body, label);
      if (announce(outcome, done, failed)) setOpen(null);
      return outcome.status;
    } finally {
      setSending(false);
    }
  };

  const preDeparture = (payload: InspectionPayload) => {
    if (!vehicle) return;
    startShift.mutate(
      { body: { vehicleId: vehicle.id, inspection: payload }, key: clockInKey },
      {
        onSuccess: () => {
          setOpen(null);
          showToast({ title: 'Shift Started', message: 'Inspection Submitted', tone: 'success' });
        },
        onError: (error) =>
          showToast({
            title: 'Failed to start shift',
            message: errorMessage(error, 'Please try again.'),
            tone: 'error',
          }),
      },
    );
  };

  const [clockOutKey, setClockOutKey] = useState('');
  /** Clock out (ADR 27): with the end-of-shift inspection sent together, or without one (a skip). */
  const clockOut = (payload?: InspectionPayload) => {
    if (!shift.data) return;
    const skipped = !payload && !shift.data.endOfShiftDone;
    endShift.mutate(
      {
        shiftId: shift.data.id,
        key: clockOutKey || `end-${crypto.randomUUID()}`,
        body: payload ? { endOfShift: payload as EndShiftInput['endOfShift'] } : {},
      },
      {
        onSuccess: () => {
          setOpen(null);
          showToast({
            title: 'Shift Ended',
            message: skipped
              ? 'The end-of-shift inspection was skipped; your shift records it.'
              : payload
                ? 'Inspection Submitted'
                : undefined,
            tone: 'success',
          });
        },
        onError: (error) =>
          showToast({
            title: 'Failed to end shift',
            message: errorMessage(error, 'Please try again.'),
            tone: 'error',
          }),
      },
    );
  };
  /** The Clock Out button leads into the end-of-shift form, unless one is already on record. */
  const startClockOut = () => {
    setClockOutKey(`end-${crypto.randomUUID()}`);
    if (shift.data?.endOfShiftDone) clockOut();
    else setOpen('clock-out');
  };
  const carriesJob = shift.data?.carriesJob ?? true;

  const jobs = useTerminalJobs(tab);
  const openJob = (job: DriverJob) => {
    setViewing(job);
    if (job.hasUpdates === 1)
      clearUpdates.mutate(job.id, { onError: (e) => console.warn('Failed to clear updates', e) });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="md">
        <Stack gap={4}>
          <Title order={1} size="h2" data-testid="terminal-driver-name">
            {name || 'Driver'}
          </Title>
          {shift.data ? (
            <OnShiftBadge shift={shift.data} />
          ) : (
            <Text c="dimmed">{shift.isPending ? 'Checking your shift…' : 'Not on shift'}</Text>
          )}
        </Stack>
        <Group gap="sm">
          {onShift ? (
            <Button
              size="lg"
              h={56}
              color="orange"
              onClick={startClockOut}
              loading={endShift.isPending && open !== 'clock-out'}
            >
              Clock Out
            </Button>
          ) : (
            <Button
              size="lg"
              h={56}
              disabled={shift.isPending}
              onClick={() => {
                setClockInKey(`start-${crypto.randomUUID()}`);
                setOpen('vehicle');
              }}
            >
              Clock In
            </Button>
          )}
          <Button
            size="lg"
            h={56}
            variant="default"
            leftSection={<IconLogout size={22} aria-hidden="true" />}
            onClick={() => setOpen('logout')}
          >
            Logout
          </Button>
        </Group>
      </Group>

      {outbox.items.length > 0 && (
        <Stack gap="xs" data-testid="pending-submissions">
          {outbox.items.map((item) =>
            item.state === 'pending' ? (
              <Alert
                key={item.key}
                color="yellow"
                variant="light"
                title={`${item.label}: waiting to be sent`}
              >
                Kept on this terminal. It is sent as soon as the connection is back.
              </Alert>
            ) : (
              <Alert
                key={item.key}
                color="red"
                variant="light"
                icon={<IconAlertTriangle size={20} aria-hidden="true" />}
                title={`${item.label} was not accepted`}
                withCloseButton
                closeButtonLabel="Dismiss"
                onClose={() => void outbox.dismiss(item.key)}
              >
                {item.error}
              </Alert>
            ),
          )}
        </Stack>
      )}

      <Stack gap="sm" component="section" aria-labelledby="quick-actions">
        <Title order={2} size="h3" id="quick-actions">
          Quick Actions
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          <QuickAction
            label="Pre-Departure"
            icon={<IconClipboardCheck size={26} aria-hidden="true" />}
            disabled
          />
          <QuickAction
            label="Fuel/Odometer"
            icon={<IconGasStation size={26} aria-hidden="true" />}
            disabled={!onShift}
            onClick={() => setOpen('fuel')}
          />
          <QuickAction
            label="Emergency"
            color="red"
            icon={<IconUrgent size={26} aria-hidden="true" />}
            onClick={() => setOpen('emergency')}
          />
          <QuickAction
            label="Incident Report"
            icon={<IconReportMedical size={26} aria-hidden="true" />}
            disabled={!onShift}
            onClick={() => setOpen('incident')}
          />
          <QuickAction
            label="End of Shift"
            icon={<IconClipboardCheck size={26} aria-hidden="true" />}
            disabled={!onShift}
            onClick={() => setOpen('end')}
          />
        </SimpleGrid>
        {!onShift && (
          <Text size="sm" c="dimmed">
            Fuel, incident and end-of-shift forms open once you clock in. An emergency can always be sent.
          </Text>
        )}
      </Stack>

      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="terminal-jobs">
        <Title order={2} size="h3" id="terminal-jobs" mb="sm">
          My Jobs
        </Title>
        <Tabs
          value={tab}
          onChange={(v) => setTab(v === 'upcoming' ? 'upcoming' : 'today')}
          keepMounted={false}
        >
          <Tabs.List>
            <Tabs.Tab value="today" fz="lg" h={56}>
              Today
            </Tabs.Tab>
            <Tabs.Tab value="upcoming" fz="lg" h={56}>
              Upcoming
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value={tab} pt="md">
            <QueryState
              skeletonRows={3}
              skeletonHeight={112}
              query={jobs}
              isEmpty={(jobs.data?.items.length ?? 0) === 0}
              empty={tab === 'today' ? 'No jobs scheduled for today' : 'No upcoming jobs'}
              errorTitle="Could not load your jobs"
            >
              <JobDays jobs={jobs.data?.items ?? []} tab={tab} onOpen={openJob} />
            </QueryState>
          </Tabs.Panel>
        </Tabs>
      </Paper>

      <VehicleDialog
        opened={open === 'vehicle'}
        onCancel={() => setOpen(null)}
        onConfirm={(v) => {
          setVehicle(v);
          setOpen('pre');
        }}
      />
      <InspectionDialog
        kind="pre_departure"
        opened={open === 'pre'}
        submitting={startShift.isPending}
        onCancel={() => {
          setOpen(null);
          showToast({
            title: 'Clock-in Cancelled',
            message: 'The shift starts only after the pre-departure inspection.',
            tone: 'info',
          });
        }}
        onSubmit={preDeparture}
      />
      <InspectionDialog
        kind="end_of_shift"
        opened={open === 'end'}
        servesSchoolJob={shift.data?.servesSchoolJob ?? false}
        submitting={sending}
        onCancel={() => setOpen(null)}
        onSubmit={(payload) =>
          void send(
            '/api/inspections/end-of-shift',
            payload,
            'End of shift inspection',
            'Inspection Submitted',
            'Failed to submit inspection',
          ).then((status) => {
            // On record now: Clock Out ends the shift without asking for the form again.
            if (status === 'sent')
              queryClient.setQueryData<Shift | null>(['/api/shifts/active'], (s) =>
                s ? { ...s, endOfShiftDone: true } : s,
              );
          })
        }
      />
      <InspectionDialog
        kind="end_of_shift"
        opened={open === 'clock-out'}
        servesSchoolJob={shift.data?.servesSchoolJob ?? false}
        submitting={endShift.isPending}
        submitLabel="Submit and Clock Out"
        intro={
          <Alert
            color={carriesJob ? 'orange' : 'blue'}
            variant="light"
            icon={<IconClipboardCheck size={20} aria-hidden="true" />}
            data-testid="clock-out-intro"
          >
            {carriesJob
              ? 'You drove a job today: complete the end-of-shift inspection to clock out.'
              : 'You had no job today. Complete the end-of-shift inspection, or skip it: a skip is recorded on your shift.'}
          </Alert>
        }
        onSkip={carriesJob ? undefined : () => setOpen('skip')}
        skipLabel="Skip and Clock Out"
        onCancel={() => setOpen(null)}
        onSubmit={(payload) => clockOut(payload)}
      />
      <ConfirmDialog
        opened={open === 'skip'}
        title="Skip the end-of-shift inspection?"
        message="Your shift ends without the inspection, and the timesheet and reports show that it was skipped."
        confirmLabel="Skip and Clock Out"
        loading={endShift.isPending}
        onConfirm={() => clockOut()}
        onCancel={() => setOpen('clock-out')}
      />
      <FuelLogDialog
        opened={open === 'fuel'}
        baseline={shift.data?.fuelBaseline}
        submitting={sending}
        onCancel={() => setOpen(null)}
        onSubmit={(body) =>
          void send('/api/fuel-logs', body, 'Fuel log', 'Fuel Log Submitted', 'Failed to submit fuel log')
        }
      />
      <EmergencyDialog
        opened={open === 'emergency'}
        submitting={sending}
        onCancel={() => setOpen(null)}
        onSubmit={(body) =>
          void send(
            '/api/emergency-alerts',
            body,
            'Emergency alert',
            'Emergency Alert Sent',
            'Failed to send emergency alert',
          )
        }
      />
      <IncidentDialog
        opened={open === 'incident'}
        submitting={sending}
        onCancel={() => setOpen(null)}
        onSubmit={(body) =>
          void send(
            '/api/incident-reports',
            body,
            'Incident report',
            'Incident Report Submitted',
            'Failed to submit incident report',
          )
        }
      />
      <ConfirmDialog
        opened={open === 'logout'}
        title="Confirm Logout"
        message="Are you sure you want to log out of the terminal?"
        confirmLabel="Logout"
        loading={logout.isPending}
        onConfirm={signOut}
        onCancel={() => setOpen(null)}
      />
      <DriverJobDetailDialog job={viewing} onClose={() => setViewing(null)} />
      <Modal
        opened={idle.secondsLeft !== null}
        onClose={idle.stay}
        title="Still there?"
        centered
        size="md"
        styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
        data-testid="idle-warning"
      >
        <Stack gap="lg">
          <Text size="lg" aria-live="polite">
            This terminal signs you out in {idle.secondsLeft} seconds so that nobody else works as you.
          </Text>
          <Button size="xl" h={64} onClick={idle.stay}>
            I'm still here
          </Button>
        </Stack>
      </Modal>
    </Stack>
  );
}
