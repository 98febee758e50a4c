import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';

/** /test-verification (spec 1 §2): a manual test page that opens /verify-email?token={token}. */
export function TestVerificationPage() {
  const navigate = useNavigate();
  const [token, setToken] = useState('');
  const trimmed = token.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed) navigate(`/verify-email?token=${encodeURIComponent(trimmed)}`);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Test email verification">
      <Stack gap="md">
        <Stack gap={4} ta="center">
          <Title order={2} fz="h3">
            Test Email Verification
          </Title>
          <Text c="dimmed" size="sm">
            Paste a verification token to open the verification page with it.
          </Text>
        </Stack>
        <TextInput
          label="Verification Token"
          value={token}
          onChange={(event) => setToken(event.currentTarget.value)}
          autoComplete="off"
          data-autofocus
        />
        <Button type="submit" fullWidth disabled={!trimmed}>
          Go to Verification
        </Button>
        <Button component={Link} to="/login" variant="default" fullWidth>
          Back to Sign In
        </Button>
      </Stack>
    </form>
  );
}
