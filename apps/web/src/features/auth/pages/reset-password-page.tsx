import { ResetPasswordFormSchema } from '@dms/domain';
import { Button, PasswordInput, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconLinkOff, IconLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { showToast } from '../../../lib/toast';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { isNetworkError, serverMessageOr, useResetPassword } from '../api';

/** /reset-password?token=… (spec 1 §2, §4, §8): invalid link, form, or success. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { values, errors, change, validate } = useSchemaForm(ResetPasswordFormSchema, {
    newPassword: '',
    confirmPassword: '',
  });
  const [done, setDone] = useState(false);
  const reset = useResetPassword();

  if (!token) {
    return (
      <Stack align="center" gap="md" ta="center" data-testid="reset-invalid">
        <ThemeIcon size={56} radius="xl" color="red" variant="light">
          <IconLinkOff size={30} aria-hidden="true" />
        </ThemeIcon>
        <Title order={2} fz="h3">
          Invalid Reset Link
        </Title>
        <Text c="dimmed" size="sm">
          No reset token provided. Please check your email link.
        </Text>
        <Button component={Link} to="/login" fullWidth>
          Back to Login
        </Button>
      </Stack>
    );
  }

  if (done) {
    return (
      <Stack align="center" gap="md" ta="center" data-testid="reset-success">
        <ThemeIcon size={56} radius="xl" color="green" variant="light">
          <IconCircleCheck size={32} aria-hidden="true" />
        </ThemeIcon>
        <Title order={2} fz="h3">
          Password Reset Complete!
        </Title>
        <Text c="dimmed" size="sm">
          Your password has been changed. You can now sign in with your new password.
        </Text>
        <Button component={Link} to="/login" fullWidth size="md">
          Go to Login
        </Button>
      </Stack>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = validate();
    if (!data) return;
    if (!token) {
      showToast({ title: 'Password reset failed', message: 'No reset token available', tone: 'error' });
      return;
    }
    reset.mutate(
      { token, newPassword: data.newPassword },
      {
        onSuccess: () => setDone(true),
        onError: (error) =>
          showToast({
            title: 'Password reset failed',
            message: isNetworkError(error)
              ? 'Please check your internet connection and try again.'
              : serverMessageOr(error, 'Please try requesting a new reset link.'),
            tone: 'error',
          }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Reset password" data-testid="reset-form">
      <Stack gap="md">
        <Stack gap={4} ta="center">
          <Title order={2} fz="h3">
            Reset Your Password
          </Title>
          <Text c="dimmed" size="sm">
            Choose a new password of at least 6 characters.
          </Text>
        </Stack>
        <PasswordInput
          label="New Password"
          autoComplete="new-password"
          leftSection={<IconLock size={16} aria-hidden="true" />}
          value={values.newPassword}
          onChange={(event) => change('newPassword', event.currentTarget.value)}
          error={errors.newPassword}
          required
          data-autofocus
        />
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          leftSection={<IconLock size={16} aria-hidden="true" />}
          value={values.confirmPassword}
          onChange={(event) => change('confirmPassword', event.currentTarget.value)}
          error={errors.confirmPassword}
          required
        />
        <Button type="submit" fullWidth size="md" loading={reset.isPending}>
          Reset Password
        </Button>
        <Button component={Link} to="/login" variant="subtle" fullWidth>
          Back to Login
        </Button>
      </Stack>
    </form>
  );
}
