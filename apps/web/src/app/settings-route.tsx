import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { hasRole, useCurrentUser } from '../features/auth/api';
import { SettingsPage } from '../features/settings/pages/settings-page';

/**
 * /settings/{sub}/{page?}: open to any signed-in user at route level; the screen itself is for
 * managers only (spec 1 §6, spec 2 §2.1).
 */
export function SettingsRoute() {
  const { data: user } = useCurrentUser();
  if (!hasRole(user, 'manager')) {
    return (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconLock size={18} aria-hidden="true" />}
        data-testid="settings-managers-only"
      >
        Settings page is only available to managers.
      </Alert>
    );
  }
  return <SettingsPage />;
}
