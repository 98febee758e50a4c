import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconLock, IconMail } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '../../../lib/toast';
import { useLazySchemaForm } from '../../../lib/use-lazy-schema-form';
import { isNetworkError, LoginFailedError, useLogin } from '../api';

export interface SignInFormProps {
  onForgotPassword: (email: string) => void;
}

const loadLoginSchema = async () => (await import('@dms/domain/auth.schema')).LoginInputSchema;

/** Email and password sign-in (spec 1 §2, §4, §8). */
export function SignInForm({ onForgotPassword }: SignInFormProps) {
  const navigate = useNavigate();
  const login = useLogin();
  const { values, errors, change, validate, prepare } = useLazySchemaForm(loadLoginSchema, {
    email: '',
    password: '',
  });
  const [redirecting, setRedirecting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const data = await validate();
    if (!data) return;
    login.mutate(data, {
      onSuccess: (outcome) => {
        if (outcome.status === 'needsVerification') {
          showToast({
            title: 'Email not verified',
            message: outcome.message || 'Please verify your email address to continue.',
          });
          navigate(`/verify-email?email=${encodeURIComponent(outcome.email)}`);
          return;
        }
        showToast({
          title: 'Welcome back!',
          message: 'You have been successfully logged in.',
          tone: 'success',
        });
        setRedirecting(true);
        // A full page load, so that every screen starts from the new session.
        window.location.assign('/');
      },
      onError: (error) => {
        const message =
          error instanceof LoginFailedError
            ? error.message || 'Please check your email and password and try again.'
            : isNetworkError(error)
              ? 'Please check your internet connection and try again.'
              : 'Please check your email and password and try again.';
        showToast({ title: 'Login failed', message, tone: 'error' });
      },
    });
  };

  return (
    <form onSubmit={submit} onFocus={() => void prepare()} noValidate aria-label="Sign in">
      <Stack gap="sm">
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          leftSection={<IconMail size={16} aria-hidden="true" />}
          value={values.email}
          onChange={(event) => change('email', event.currentTarget.value)}
          error={errors.email}
          required
        />
        <Stack gap={4}>
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            placeholder="Your password"
            leftSection={<IconLock size={16} aria-hidden="true" />}
            value={values.password}
            onChange={(event) => change('password', event.currentTarget.value)}
            error={errors.password}
            required
          />
          <Group justify="flex-end">
            <Anchor component="button" type="button" size="sm" onClick={() => onForgotPassword(values.email)}>
              Forgot your password?
            </Anchor>
          </Group>
        </Stack>
        <Button type="submit" fullWidth loading={login.isPending || redirecting} mt="xs">
          Sign In
        </Button>
      </Stack>
    </form>
  );
}
