import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { AppLogo } from '../../components/app-logo';
import { useAppSettings } from '../../features/settings/api';
import { ThemeToggle } from './theme-toggle';

/**
 * The page header of signed-in screens. For now: branding and the theme control; the portal
 * switcher, navigation, user name and Logout arrive with the accounts release.
 */
export function AppHeader() {
  const { settings } = useAppSettings();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <UnstyledButton
        component={Link}
        to="/"
        aria-label={`${settings.appName} home`}
        data-testid="app-home-link"
        style={{ display: 'flex', alignItems: 'center', gap: 'var(--mantine-spacing-sm)', minWidth: 0 }}
      >
        <AppLogo branding={settings} size="sm" />
        <Text component="span" fw={700} fz="lg" truncate="end" data-testid="app-name">
          {settings.appName}
        </Text>
      </UnstyledButton>
      <Group gap="xs" wrap="nowrap">
        <ThemeToggle />
      </Group>
    </Group>
  );
}
