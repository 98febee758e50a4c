import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The body of a confirmation: what will happen, and why the last attempt failed (if it did). */
export function ConfirmMessage({ children, error }: { children: ReactNode; error?: string | null }) {
  return (
    <Stack gap="sm">
      {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
      {error && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden="true" />}
          role="alert"
          data-testid="confirm-error"
        >
          {error}
        </Alert>
      )}
    </Stack>
  );
}
