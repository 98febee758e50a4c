import { EmailOnlyInputSchema } from '@dms/domain';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { validateForm } from '../../../lib/form-errors';
import { showToast } from '../../../lib/toast';
import { isNetworkError, serverMessageOr, useForgotPassword } from '../api';

export interface ForgotPasswordDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Pre-fills the email field each time the dialog opens. */
  initialEmail?: string;
  title?: string;
}

/**
 * Asks for an email address and sends the password reset link (spec 1 §2, §4): closes on cancel
 * or success; the form resets on success. Used by the sign-in card and by account settings.
 */
export function ForgotPasswordDialog({
  opened,
  onClose,
  initialEmail = '',
  title = 'Reset Password',
}: ForgotPasswordDialogProps) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | undefined>();
  const forgot = useForgotPassword();

  useEffect(() => {
    if (opened) {
      setEmail((current) => current || initialEmail);
      setError(undefined);
    }
  }, [opened, initialEmail]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateForm(EmailOnlyInputSchema, { email });
    if (!result.success) {
      setError(result.errors.email);
      return;
    }
    forgot.mutate(result.data, {
      onSuccess: () => {
        showToast({
          title: 'Password reset email sent',
          message: 'Please check your email for password reset instructions.',
          tone: 'success',
        });
        setEmail('');
        setError(undefined);
        onClose();
      },
      onError: (err) =>
        showToast({
          title: 'Failed to send reset email',
          message: isNetworkError(err)
            ? 'Please check your internet connection and try again.'
            : serverMessageOr(err, 'Please try again later.'),
          tone: 'error',
        }),
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered data-testid="forgot-password-dialog">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Enter the email address of your account and we'll send you a link to set a new password.
          </Text>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            leftSection={<IconMail size={16} aria-hidden="true" />}
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              if (error) setError(undefined);
            }}
            error={error}
            required
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} type="button">
              Cancel
            </Button>
            <Button type="submit" loading={forgot.isPending}>
              Send Reset Link
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
