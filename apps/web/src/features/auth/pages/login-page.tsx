import type { GoogleSignInError } from '@dms/domain';
import { Alert, Button, Divider, Stack, Tabs, Text } from '@mantine/core';
import { IconAlertTriangle, IconBrandGoogleFilled, IconInfoCircle } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadingScreen } from '../../../components/loading-screen';
import { GOOGLE_SIGN_IN_URL, useAuthProviders } from '../api';
import { SignInForm } from '../components/sign-in-form';

// Loaded when its tab is first chosen: most visits only sign in.
const SignUpForm = lazy(async () => ({ default: (await import('../components/sign-up-form')).SignUpForm }));

// Loaded when first opened: the dialog brings Mantine's modal, focus trap and scroll lock, which the
// sign-in card does not need otherwise.
const ForgotPasswordDialog = lazy(async () => ({
  default: (await import('../components/forgot-password-dialog')).ForgotPasswordDialog,
}));

/** What the server reports back on /login?error=… after a failed Google sign-in. */
const GOOGLE_ERRORS: Record<GoogleSignInError, { title: string; message: string }> = {
  google_unavailable: {
    title: 'Google sign-in is not available',
    message: 'Google sign-in is not set up on this server. Please sign in with your email and password.',
  },
  google_failed: {
    title: 'Google sign-in failed',
    message:
      'We could not sign you in with Google. Please try again, or sign in with your email and password.',
  },
};

type Mode = 'signin' | 'signup';

/** /login: the sign-in / sign-up card body (spec 1 §2). The auth layout supplies the branded card. */
export function LoginPage() {
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>('signin');
  const [forgotEmail, setForgotEmail] = useState<string | null>(null);
  // Stays mounted once opened, so that it closes with its transition and keeps its state.
  const [forgotOpened, setForgotOpened] = useState(false);
  if (forgotEmail !== null && !forgotOpened) setForgotOpened(true);
  const providers = useAuthProviders();
  const errorParam = params.get('error');
  const googleError =
    errorParam && errorParam in GOOGLE_ERRORS ? GOOGLE_ERRORS[errorParam as GoogleSignInError] : null;
  const googleAvailable = providers.data?.google === true;
  // When Google is not configured the card already says so below; the same words twice are noise.
  const showGoogleError =
    googleError !== null && !(errorParam === 'google_unavailable' && providers.data?.google === false);

  return (
    <Stack gap="md" data-testid="login-card">
      {showGoogleError && googleError ? (
        <Alert
          color="red"
          variant="light"
          title={googleError.title}
          icon={<IconAlertTriangle size={18} aria-hidden="true" />}
          role="alert"
          data-testid="google-error"
        >
          {googleError.message}
        </Alert>
      ) : null}

      {providers.isPending || googleAvailable ? (
        <Button
          component="a"
          href={GOOGLE_SIGN_IN_URL}
          variant="default"
          size="md"
          fullWidth
          loading={providers.isPending}
          leftSection={<IconBrandGoogleFilled size={18} aria-hidden="true" />}
        >
          Continue with Google
        </Button>
      ) : (
        <Alert
          color="gray"
          variant="light"
          icon={<IconInfoCircle size={18} aria-hidden="true" />}
          data-testid="google-unavailable"
        >
          <Text size="sm">Google sign-in is not available. Please use your email and password.</Text>
        </Alert>
      )}

      <Divider label="Or continue with email" labelPosition="center" />

      <Tabs
        keepMounted={false}
        value={mode}
        onChange={(value) => setMode(value === 'signup' ? 'signup' : 'signin')}
        variant="pills"
      >
        <Tabs.List grow mb="md" aria-label="Sign in or sign up">
          <Tabs.Tab value="signin">Sign In</Tabs.Tab>
          <Tabs.Tab value="signup">Sign Up</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="signin">
          <SignInForm onForgotPassword={(email) => setForgotEmail(email)} />
        </Tabs.Panel>
        <Tabs.Panel value="signup">
          <Suspense fallback={<LoadingScreen fullHeight={false} />}>
            <SignUpForm />
          </Suspense>
        </Tabs.Panel>
      </Tabs>

      {forgotOpened ? (
        <Suspense fallback={null}>
          <ForgotPasswordDialog
            opened={forgotEmail !== null}
            onClose={() => setForgotEmail(null)}
            initialEmail={forgotEmail ?? ''}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
