import { UserSettingsPage } from '../features/account/pages/user-settings-page';
import { displayName, isEmailVerified, useCurrentUser, userRoles } from '../features/auth/api';
import { PasswordResetButton } from '../features/auth/components/password-reset-button';

/** /user-settings: the account page of the account feature, given the session user and the reset dialog. */
export function UserSettingsRoute() {
  const { data: user, isPending } = useCurrentUser();
  return (
    <UserSettingsPage
      loading={isPending}
      user={
        user
          ? {
              firstName: user.firstName,
              lastName: user.lastName,
              displayName: displayName(user),
              email: user.email,
              roles: userRoles(user),
              emailVerified: isEmailVerified(user),
            }
          : null
      }
      passwordResetAction={user ? <PasswordResetButton email={user.email} /> : null}
    />
  );
}
