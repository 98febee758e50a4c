import { AuthCardPlaceholder } from './auth-card-placeholder';

export function TestVerificationPage() {
  return (
    <AuthCardPlaceholder
      title="Test Verification"
      description="Open the verification page with a token, for manual testing."
    />
  );
}
