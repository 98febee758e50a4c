import { RegisterInputSchema } from '@dms/domain';
import { Button, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconLock, IconMail } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import type { FieldErrors } from '../../../lib/form-errors';
import { showToast } from '../../../lib/toast';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { serverMessageOr, useRegister } from '../api';

type Field = 'email' | 'password' | 'firstName' | 'lastName';
const FIELDS: readonly Field[] = ['email', 'password', 'firstName', 'lastName'];

const EMPTY = { email: '', password: '', firstName: '', lastName: '' };

/** Field messages of a 400 answer `{ errors }`, when the server names the fields. */
function serverFieldErrors(error: unknown): FieldErrors<Field> {
  if (!(error instanceof ApiError)) return {};
  try {
    const body = JSON.parse(error.bodyText) as { errors?: unknown };
    const found: FieldErrors<Field> = {};
    // The API's form: [{ path, message }] (e.g. a common password on `password`).
    if (Array.isArray(body.errors)) {
      for (const item of body.errors as { path?: unknown; message?: unknown }[]) {
        if ((FIELDS as readonly unknown[]).includes(item?.path) && typeof item.message === 'string') {
          found[item.path as Field] ??= item.message;
        }
      }
    } else if (body.errors && typeof body.errors === 'object') {
      for (const [key, value] of Object.entries(body.errors)) {
        const message = Array.isArray(value) ? value[0] : value;
        if ((FIELDS as readonly string[]).includes(key) && typeof message === 'string') {
          found[key as Field] = message;
        }
      }
    }
    return found;
  } catch {
    return {};
  }
}

/** Registration of a new driver account (spec 1 §2, §4, §8). */
export function SignUpForm() {
  const navigate = useNavigate();
  const register = useRegister();
  const { values, errors, change, validate, setErrors } = useSchemaForm(RegisterInputSchema, EMPTY);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = validate();
    if (!data) return;
    const { email, password, firstName, lastName } = data;
    register.mutate(
      { email, password, firstName, lastName },
      {
        onSuccess: (answer) => {
          showToast({
            title: 'Account created!',
            message: 'Please check your email for a verification code.',
            tone: 'success',
          });
          navigate(`/verify-email?email=${encodeURIComponent(answer?.email ?? email)}`);
        },
        onError: (error) => {
          setErrors((current) => ({ ...current, ...serverFieldErrors(error) }));
          showToast({
            title: 'Registration failed',
            message: serverMessageOr(error, 'An error occurred during registration.'),
            tone: 'error',
          });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Sign up">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          <TextInput
            label="First Name"
            autoComplete="given-name"
            value={values.firstName}
            onChange={(event) => change('firstName', event.currentTarget.value)}
            error={errors.firstName}
            required
          />
          <TextInput
            label="Last Name"
            autoComplete="family-name"
            value={values.lastName}
            onChange={(event) => change('lastName', event.currentTarget.value)}
            error={errors.lastName}
            required
          />
        </SimpleGrid>
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
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          placeholder="At least 6 characters"
          leftSection={<IconLock size={16} aria-hidden="true" />}
          value={values.password}
          onChange={(event) => change('password', event.currentTarget.value)}
          error={errors.password}
          required
        />
        <Button type="submit" fullWidth loading={register.isPending} mt="xs">
          Create Account
        </Button>
      </Stack>
    </form>
  );
}
