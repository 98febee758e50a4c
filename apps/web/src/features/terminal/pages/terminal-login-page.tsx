import { TERMINAL_MESSAGES } from '@dms/domain';
import { Alert, Button, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDeviceTablet } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useEnrolDevice, useTerminalDevice, useTerminalLogin } from '../api';
import { PinKeypad } from '../components/pin-keypad';
import { saveTerminalDriver } from '../terminal-session';

/** An unenrolled browser: a manager's one-time code makes it a terminal (ADR 15). */
function EnrolDevice() {
  const enrol = useEnrolDevice();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Paper withBorder p="xl" radius="md" maw={480} mx="auto" w="100%">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!code.trim()) {
            setError('Enter the enrolment code');
            return;
          }
          enrol.mutate(code, {
            onSuccess: () =>
              showToast({
                title: 'Terminal ready',
                message: 'Drivers can sign in with their PIN.',
                tone: 'success',
              }),
            onError: (e) => setError(errorMessage(e, TERMINAL_MESSAGES.badEnrolmentCode)),
          });
        }}
      >
        <Stack gap="md">
          <IconDeviceTablet size={40} aria-hidden="true" />
          <Title order={1} size="h2">
            Set up this terminal
          </Title>
          <Text>{TERMINAL_MESSAGES.notEnrolled}</Text>
          <Text size="sm" c="dimmed">
            A manager makes the code in Settings &gt; Terminals.
          </Text>
          <TextInput
            label="Enrolment code"
            placeholder="ABCD-2345"
            size="xl"
            value={code}
            onChange={(e) => {
              setCode(e.currentTarget.value.toUpperCase());
              setError(null);
            }}
            error={error}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={12}
            data-autofocus
          />
          <Button type="submit" size="xl" h={64} loading={enrol.isPending}>
            Enrol This Device
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

function PinSignIn() {
  const login = useTerminalLogin();
  const navigate = useNavigate();
  const [pin, setPin] = useState('');
  const submit = (value: string) => {
    if (!/^\d{4}$/.test(value)) {
      showToast({ title: 'Login Failed', message: 'Please enter a 4-digit PIN', tone: 'error' });
      return;
    }
    login.mutate(value, {
      onSuccess: (driver) => {
        saveTerminalDriver({
          id: driver.id,
          firstName: driver.firstName ?? '',
          lastName: driver.lastName ?? '',
          idleMinutes: driver.idleMinutes,
        });
        navigate('/terminal/dashboard', { replace: true });
      },
      onError: (error) => {
        // A wrong PIN clears the entry (spec 1 §2).
        setPin('');
        showToast({
          title: 'Login Failed',
          message: errorMessage(error, TERMINAL_MESSAGES.invalidPin),
          tone: 'error',
        });
      },
    });
  };
  return (
    <Stack gap="lg" align="stretch">
      <Stack gap={4} align="center">
        <Title order={1} size="h2">
          Enter your PIN
        </Title>
        <Text c="dimmed">{TERMINAL_MESSAGES.pinHint}</Text>
      </Stack>
      <PinKeypad value={pin} onChange={setPin} onSubmit={submit} disabled={login.isPending} />
    </Stack>
  );
}

/**
 * /terminal (spec 1 §2): the PIN keypad on an enrolled device, else its enrolment. A driver who comes
 * back here from the shift screen is signed out (app/root-layout.tsx): the keypad is for the next one.
 */
export function TerminalLoginPage() {
  const device = useTerminalDevice();

  if (device.isPending) return <Loader mx="auto" display="block" role="status" aria-label="Loading" />;
  if (device.isError) {
    return (
      <Alert color="red" title="The terminal cannot reach the server">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">Check the network connection, then try again.</Text>
          <Button color="red" variant="light" onClick={() => device.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  return device.data?.enrolled ? <PinSignIn /> : <EnrolDevice />;
}
