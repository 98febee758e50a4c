import {
  formatEnrolmentCode,
  TERMINAL_IDLE_MESSAGE,
  type Terminal,
  type TerminalEnrolment,
} from '@dms/domain';
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconDeviceTablet, IconKey } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryState } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api-client';
import { useAppSettings } from '../../../lib/app-settings';
import { showToast } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import {
  useCreateTerminal,
  useNewEnrolmentCode,
  useResetTerminalPins,
  useRevokeTerminal,
  useSaveTerminalSettings,
  useTerminals,
} from '../api/terminals';
import { AddButton } from '../components/add-button';
import { SettingsPanelHeader } from '../components/settings-panel-header';

/** A moment in the operator's locale and time zone; null when there is none. */
function useWhen() {
  const format = useFormatters();
  return (iso: string | null) => (iso ? format.dateTime(iso) : null);
}

/** The code to type on the device, shown once. */
function EnrolmentCodeDialog({
  enrolment,
  onClose,
}: {
  enrolment: TerminalEnrolment | null;
  onClose: () => void;
}) {
  const when = useWhen();
  const code = enrolment ? formatEnrolmentCode(enrolment.enrolmentCode) : '';
  return (
    <Modal
      opened={enrolment !== null}
      onClose={onClose}
      title="Enrolment code"
      centered
      data-testid="enrolment-code-dialog"
    >
      {enrolment && (
        <Stack gap="md">
          <Text size="sm">
            On the depot device, open <Code>{`${window.location.origin}/terminal`}</Code> and enter this code
            for <strong>{enrolment.name}</strong>:
          </Text>
          <Text ta="center" fz={36} fw={700} ff="monospace" lts={4} data-testid="enrolment-code">
            {code}
          </Text>
          <Text size="sm" c="dimmed">
            It works once, until {when(enrolment.enrolmentExpiresAt)}. It is not shown again: make a new one
            if it runs out.
          </Text>
          <Group justify="flex-end">
            <CopyButton value={enrolment.enrolmentCode}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? 'Copied' : 'Copy code'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** How long a driver may leave a shared terminal untouched before it signs them out. */
function IdleMinutesSetting() {
  const { settings } = useAppSettings();
  const save = useSaveTerminalSettings();
  const [value, setValue] = useState<string | number>(settings.terminalIdleMinutes);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setValue(settings.terminalIdleMinutes), [settings.terminalIdleMinutes]);
  const submit = () => {
    const minutes = Number(value);
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > 60) {
      setError(TERMINAL_IDLE_MESSAGE);
      return;
    }
    save.mutate(minutes, {
      onSuccess: () => showToast({ title: 'Terminal settings saved', tone: 'success' }),
      onError: (e) =>
        showToast({
          title: 'Failed to save terminal settings',
          message: errorMessage(e, 'Please try again.'),
          tone: 'error',
        }),
    });
  };
  return (
    <Paper withBorder p="md" radius="md" mb="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NumberInput
            label="Sign a driver out after"
            description="Minutes without a touch on the terminal, and when they leave the shift screen"
            suffix=" min"
            min={1}
            max={60}
            step={1}
            allowDecimal={false}
            w={320}
            value={value}
            onChange={(v) => {
              setValue(v);
              setError(null);
            }}
            error={error}
            data-testid="terminal-idle-minutes"
          />
          <Button type="submit" variant="default" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

/** Wrong PINs of the last hour and day, and the block they caused. */
function WrongPins({ terminal }: { terminal: Terminal }) {
  const when = useWhen();
  if (terminal.blockedUntil)
    return (
      <Badge color="red" variant="light" data-testid="terminal-blocked">
        Blocked until {when(terminal.blockedUntil)}
      </Badge>
    );
  if (terminal.wrongPinsLastDay === 0) return <Text size="sm">None</Text>;
  return (
    <Text size="sm">
      {terminal.wrongPinsLastHour} in the last hour, {terminal.wrongPinsLastDay} today
    </Text>
  );
}

/** /settings/terminals (ADR 15): the depot devices that may take driver PINs. */
export default function TerminalsPanel() {
  const when = useWhen();
  const query = useTerminals();
  const create = useCreateTerminal();
  const newCode = useNewEnrolmentCode();
  const revoke = useRevokeTerminal();
  const reset = useResetTerminalPins();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [shown, setShown] = useState<TerminalEnrolment | null>(null);
  const [revoking, setRevoking] = useState<Terminal | null>(null);
  const terminals = query.data ?? [];

  const add = () => {
    if (!name.trim()) {
      setNameError('Terminal name is required');
      return;
    }
    create.mutate(name.trim(), {
      onSuccess: (enrolment) => {
        setAdding(false);
        setName('');
        setShown(enrolment);
        showToast({ title: 'Terminal added', message: 'Enter its code on the device.', tone: 'success' });
      },
      onError: (error) =>
        showToast({
          title: 'Failed to add terminal',
          message: errorMessage(error, 'Please try again.'),
          tone: 'error',
        }),
    });
  };

  return (
    <>
      <SettingsPanelHeader
        title="Terminals"
        description="The depot devices where drivers sign in with their PIN. A PIN works only on an enrolled device."
        actions={<AddButton label="Add Terminal" onClick={() => setAdding(true)} />}
      />
      <IdleMinutesSetting />
      <QueryState
        query={query}
        isEmpty={terminals.length === 0}
        empty="No terminals yet. Add one and enter its code on the depot device."
        skeletonRows={3}
      >
        <Table.ScrollContainer minWidth={760}>
          <Table aria-label="Terminals" data-testid="terminals-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Enrolled</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th>Wrong PINs</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {terminals.map((t) => (
                <Table.Tr key={t.id} data-testid="terminal-row">
                  <Table.Td>
                    <Group gap={8} wrap="nowrap">
                      <IconDeviceTablet size={18} aria-hidden="true" />
                      <Text size="sm" fw={500}>
                        {t.name}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {t.enrolledAt ? (
                      <Text size="sm">{when(t.enrolledAt)}</Text>
                    ) : t.enrolmentPending ? (
                      <Badge color="yellow" variant="light">
                        Waiting for its code
                      </Badge>
                    ) : (
                      <Badge color="gray" variant="light">
                        Not enrolled
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{when(t.lastUsedAt) ?? 'Never'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <WrongPins terminal={t} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      {t.wrongPinsLastDay > 0 && (
                        <Button
                          size="xs"
                          variant={t.blockedUntil ? 'filled' : 'default'}
                          loading={reset.isPending && reset.variables === t.id}
                          aria-label={`Reset wrong PINs on ${t.name}`}
                          onClick={() =>
                            reset.mutate(t.id, {
                              onSuccess: () =>
                                showToast({
                                  title: 'Terminal reset',
                                  message: `${t.name} takes PINs again.`,
                                  tone: 'success',
                                }),
                              onError: (error) =>
                                showToast({
                                  title: 'Failed to reset terminal',
                                  message: errorMessage(error, 'Please try again.'),
                                  tone: 'error',
                                }),
                            })
                          }
                        >
                          Reset
                        </Button>
                      )}
                      <Button
                        size="xs"
                        variant="default"
                        leftSection={<IconKey size={14} aria-hidden="true" />}
                        loading={newCode.isPending && newCode.variables === t.id}
                        aria-label={`New Code for ${t.name}`}
                        onClick={() =>
                          newCode.mutate(t.id, {
                            onSuccess: setShown,
                            onError: (error) =>
                              showToast({
                                title: 'Failed to make a code',
                                message: errorMessage(error, 'Please try again.'),
                                tone: 'error',
                              }),
                          })
                        }
                      >
                        New Code
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        color="red"
                        aria-label={`Revoke ${t.name}`}
                        onClick={() => setRevoking(t)}
                      >
                        Revoke
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </QueryState>

      <Modal opened={adding} onClose={() => setAdding(false)} title="Add Terminal" centered>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            add();
          }}
        >
          <Stack gap="md">
            <TextInput
              label="Name"
              description="Where the device is, e.g. 'Brookvale depot kiosk'"
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setNameError(null);
              }}
              error={nameError}
              maxLength={100}
              data-autofocus
              required
            />
            <Alert variant="light" color="brand">
              You will get a one-time code to type on the device within 15 minutes.
            </Alert>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAdding(false)} disabled={create.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Add Terminal
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>

      <EnrolmentCodeDialog enrolment={shown} onClose={() => setShown(null)} />

      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke terminal?"
        message={`${revoking?.name ?? 'This terminal'} will stop taking PINs at once, and anyone signed in on it is signed out. Enrol it again with a new terminal.`}
        confirmLabel="Revoke"
        confirmColor="red"
        loading={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              setRevoking(null);
              showToast({ title: 'Terminal revoked', tone: 'success' });
            },
            onError: (error) =>
              showToast({
                title: 'Failed to revoke terminal',
                message: errorMessage(error, 'Please try again.'),
                tone: 'error',
              }),
          })
        }
      />
    </>
  );
}
