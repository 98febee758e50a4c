import {
  normaliseVerificationCode,
  RESEND_COOLDOWN_SECONDS,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_TTL_MINUTES,
} from '@dms/domain';
import { Alert, Button, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle, IconMail, IconMailExclamation } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import {
  isNetworkError,
  serverMessageOr,
  useRefreshCurrentUser,
  useSendVerificationCode,
  useVerifyEmailCode,
} from '../api';

type View = { kind: 'input' } | { kind: 'success'; firstName: string | null } | { kind: 'failure' };

/** Seconds left of the resend cooldown, ticking once a second. */
function useCountdown(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * /verify-email (spec 1 §2, §4, §5): enter the 6-digit code sent by email. `email` in the query
 * pre-fills the address. A `token` link (the older link-based verification, see /test-verification)
 * cannot be checked any more and opens the failure view, which offers a new code.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState('');
  const [view, setView] = useState<View>(() =>
    params.get('token') && !params.get('email') ? { kind: 'failure' } : { kind: 'input' },
  );
  const [cooldownUntil, setCooldownUntil] = useState<number | null>(null);
  const secondsLeft = useCountdown(cooldownUntil);
  const verify = useVerifyEmailCode();
  const resend = useSendVerificationCode();
  const refreshUser = useRefreshCurrentUser();
  const [entering, setEntering] = useState(false);

  const trimmedEmail = email.trim();
  const codeComplete = code.length === VERIFICATION_CODE_LENGTH;
  const canVerify = codeComplete && trimmedEmail !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canVerify) {
      showToast({
        title: 'Invalid code',
        message: 'Please enter a valid 6-digit verification code.',
        tone: 'error',
      });
      return;
    }
    verify.mutate(
      { email: trimmedEmail, code },
      {
        onSuccess: (user) => {
          showToast({
            title: 'Email verified!',
            message: 'Your account has been successfully verified.',
            tone: 'success',
          });
          setView({ kind: 'success', firstName: user?.firstName ?? null });
        },
        onError: (error) => {
          showToast({
            title: 'Verification failed',
            message: isNetworkError(error)
              ? 'Something went wrong during verification.'
              : serverMessageOr(error, 'The verification code is invalid or expired.'),
            tone: 'error',
          });
          // Too many attempts: this code is spent, so offer a new one.
          if (error instanceof ApiError && error.status === 429) setView({ kind: 'failure' });
        },
      },
    );
  };

  const sendNewCode = () => {
    if (trimmedEmail === '') {
      showToast({
        title: 'Email required',
        message: 'Email address is required to resend verification code.',
        tone: 'error',
      });
      setView({ kind: 'input' });
      return;
    }
    resend.mutate(
      { email: trimmedEmail },
      {
        onSuccess: () => {
          showToast({
            title: 'Code sent!',
            message: 'A new verification code has been sent to your email.',
            tone: 'success',
          });
          setCode('');
          setCooldownUntil(Date.now() + RESEND_COOLDOWN_SECONDS * 1000);
          setView({ kind: 'input' });
        },
        onError: (error) =>
          showToast({
            title: 'Failed to resend',
            message: isNetworkError(error)
              ? 'Something went wrong. Please try again.'
              : serverMessageOr(error, 'Failed to send new verification code.'),
            tone: 'error',
          }),
      },
    );
  };

  const continueToDashboard = async () => {
    setEntering(true);
    try {
      await refreshUser();
    } finally {
      navigate('/', { replace: true });
    }
  };

  if (view.kind === 'success') {
    return (
      <Stack align="center" gap="md" ta="center" data-testid="verify-success">
        <ThemeIcon size={56} radius="xl" color="green" variant="light">
          <IconCircleCheck size={32} aria-hidden="true" />
        </ThemeIcon>
        <Title order={2} fz="h3">
          {view.firstName ? `Welcome, ${view.firstName}!` : 'Welcome!'}
        </Title>
        <Text c="dimmed" size="sm">
          Your email has been verified and your account is ready to use.
        </Text>
        <Button fullWidth size="md" onClick={continueToDashboard} loading={entering}>
          Continue to Dashboard
        </Button>
      </Stack>
    );
  }

  if (view.kind === 'failure') {
    return (
      <Stack gap="md" data-testid="verify-failure">
        <Stack align="center" gap="xs" ta="center">
          <ThemeIcon size={56} radius="xl" color="red" variant="light">
            <IconMailExclamation size={30} aria-hidden="true" />
          </ThemeIcon>
          <Title order={2} fz="h3">
            Verification Failed
          </Title>
        </Stack>
        <Stack gap={6}>
          <Text size="sm">There was an issue with email verification.</Text>
          <Text size="sm">The verification code may be invalid or expired.</Text>
          <Text size="sm" c="dimmed">
            If you continue to have issues, please contact support.
          </Text>
        </Stack>
        <Stack gap="sm">
          <Button fullWidth onClick={sendNewCode} loading={resend.isPending}>
            Send New Code
          </Button>
          <Button fullWidth variant="default" component={Link} to="/login">
            Back to Sign In
          </Button>
        </Stack>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Verify your email" data-testid="verify-input">
      <Stack gap="md">
        <Stack gap={4} ta="center">
          <Title order={2} fz="h3">
            Verify Your Email
          </Title>
          <Text c="dimmed" size="sm">
            Enter the {VERIFICATION_CODE_LENGTH}-digit code we sent to your email address.
          </Text>
        </Stack>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          leftSection={<IconMail size={16} aria-hidden="true" />}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          required
        />
        <TextInput
          label="Verification Code"
          description={`The ${VERIFICATION_CODE_LENGTH} digits from the email`}
          placeholder="000000"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(normaliseVerificationCode(event.currentTarget.value))}
          required
          data-autofocus
          styles={{
            input: {
              fontFamily: 'var(--mantine-font-family-monospace)',
              fontSize: 'var(--mantine-font-size-xl)',
              letterSpacing: '0.4em',
              textAlign: 'center',
            },
          }}
        />
        <Button type="submit" fullWidth size="md" disabled={!canVerify} loading={verify.isPending}>
          Verify Email
        </Button>
        <Button
          variant="subtle"
          fullWidth
          onClick={sendNewCode}
          disabled={secondsLeft > 0}
          loading={resend.isPending}
          data-testid="resend-code"
        >
          {secondsLeft > 0 ? `Resend in ${secondsLeft}s` : 'Resend Code'}
        </Button>
        <Alert variant="light" color="brand" icon={<IconInfoCircle size={18} aria-hidden="true" />}>
          <Text size="sm">
            Codes expire in {VERIFICATION_CODE_TTL_MINUTES} minutes. If you don't see the email, check your
            spam folder.
          </Text>
        </Alert>
        <Button variant="subtle" color="gray" component={Link} to="/login" fullWidth>
          Back to Sign In
        </Button>
      </Stack>
    </form>
  );
}
