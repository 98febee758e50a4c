import { Alert, Card, Grid, Skeleton, Stack } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { AccountUser } from '../account-user';
import { NotificationPreferencesCard } from '../components/notification-preferences-card';
import { ProfileCard } from '../components/profile-card';
import { SecurityCard } from '../components/security-card';
import { TerminalPinCard } from '../components/terminal-pin-card';

export interface UserSettingsPageProps {
  /** The session is still loading. */
  loading: boolean;
  /** The signed-in user; null when nobody is signed in. */
  user: AccountUser | null;
  /** The Reset Password button and dialog (from the auth feature, composed by app/). */
  passwordResetAction: ReactNode;
}

/** /user-settings (spec 1 §2 "Account settings"): profile, email notifications and security. */
export function UserSettingsPage({ loading, user, passwordResetAction }: UserSettingsPageProps) {
  if (loading) {
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label="Loading account settings">
        {[180, 320, 160].map((height) => (
          <Card key={height} padding="lg">
            <Skeleton h={height - 40} />
          </Card>
        ))}
      </Stack>
    );
  }
  if (!user) {
    return (
      <Alert color="yellow" variant="light" icon={<IconLogin size={18} aria-hidden="true" />}>
        Please log in to access your account settings.
      </Alert>
    );
  }
  return (
    <Grid gap="md" data-testid="user-settings">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Stack gap="md">
          <ProfileCard user={user} />
          <SecurityCard emailVerified={user.emailVerified} passwordResetAction={passwordResetAction} />
          {user.roles.includes('driver') && <TerminalPinCard />}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <NotificationPreferencesCard manager={user.roles.includes('manager')} />
      </Grid.Col>
    </Grid>
  );
}
