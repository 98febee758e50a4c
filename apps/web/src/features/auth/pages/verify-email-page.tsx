import { AuthCardPlaceholder } from './auth-card-placeholder';

export function VerifyEmailPage() {
  return (
    <AuthCardPlaceholder
      title="Verify your email"
      description="Confirm your address with the 6-digit code we sent you."
    />
  );
}
