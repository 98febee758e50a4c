import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconKey } from '@tabler/icons-react';
import { ForgotPasswordDialog } from './forgot-password-dialog';

/** 'Reset Password' for account settings: opens the reset dialog pre-filled with the user's email. */
export function PasswordResetButton({ email }: { email: string }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="default" leftSection={<IconKey size={16} aria-hidden="true" />} onClick={open}>
        Reset Password
      </Button>
      <ForgotPasswordDialog opened={opened} onClose={close} initialEmail={email} />
    </>
  );
}
