import { ChangeOwnPinInputSchema, DRIVER_MESSAGES, MESSAGES } from '@dms/domain';
import { Button, Card, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { SectionHeader } from '../../../components/section-header';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useChangeOwnPin } from '../api';

const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 4);

/**
 * A driver's terminal PIN (ADR 26): nobody can read it back, not even its driver, so a forgotten or
 * exposed PIN is replaced here, typed twice.
 */
export function TerminalPinCard() {
  const change = useChangeOwnPin();
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<{ pin?: string; again?: string }>({});
  const submit = () => {
    if (!ChangeOwnPinInputSchema.safeParse({ pin }).success) return setError({ pin: MESSAGES.driverPin });
    if (again !== pin) return setError({ again: 'The two PINs do not match' });
    change.mutate(pin, {
      onSuccess: () => {
        setPin('');
        setAgain('');
        showToast({
          title: DRIVER_MESSAGES.pinChanged,
          message: 'Use it at the depot terminal from now on.',
          tone: 'success',
        });
      },
      onError: (e) => {
        setError({ pin: errorMessage(e, 'Please try again.') });
        showToast({
          title: 'Failed to change PIN',
          message: errorMessage(e, 'Please try again.'),
          tone: 'error',
        });
      },
    });
  };
  return (
    <Card padding="lg" data-testid="terminal-pin-card">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
        aria-label="Terminal PIN"
      >
        <Stack gap="md">
          <SectionHeader
            icon={<IconKey size={20} />}
            title="Terminal PIN"
            description="The 4 digits you sign in with at the depot terminal. It is never shown: choose a new one here."
          />
          <Group grow align="flex-start" wrap="wrap">
            <PasswordInput
              label="New PIN"
              inputMode="numeric"
              autoComplete="new-password"
              maxLength={4}
              value={pin}
              onChange={(e) => {
                setPin(digitsOnly(e.currentTarget.value));
                setError({});
              }}
              error={error.pin}
            />
            <PasswordInput
              label="New PIN again"
              inputMode="numeric"
              autoComplete="new-password"
              maxLength={4}
              value={again}
              onChange={(e) => {
                setAgain(digitsOnly(e.currentTarget.value));
                setError({});
              }}
              error={error.again}
            />
          </Group>
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed">
              A new PIN also unlocks one the terminal locked.
            </Text>
            <Button type="submit" loading={change.isPending}>
              Change PIN
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
