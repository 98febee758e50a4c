import { AuthCardPlaceholder } from './auth-card-placeholder';

export function ResetPasswordPage() {
  return <AuthCardPlaceholder title="Reset Password" description="Choose a new password for your account." />;
}
