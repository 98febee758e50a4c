import { Box, Burger, Divider, Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { AppLogo } from '../../components/app-logo';
import type { SessionUser } from '../../features/auth/api';
import { useAppSettings } from '../../lib/app-settings';
import { usePortal } from '../portal-context';
import { LogoutButton } from './logout-button';
import { MainNav } from './main-nav';
import { PortalSwitcher } from './portal-switcher';
import { ThemeToggle } from './theme-toggle';
import { UserLink } from './user-link';

export const HEADER_BAR_HEIGHT = 60;
export const HEADER_NAV_HEIGHT = 44;

export interface AppHeaderProps {
  user: SessionUser;
  menuOpened: boolean;
  onToggleMenu: () => void;
}

/**
 * The page header of signed-in screens (spec 1 §2): branding and the portal switcher on the left;
 * the user's name, theme control and Logout on the right; the portal's navigation below. On a phone
 * the switcher, name and Logout move into the menu drawer behind the burger.
 */
export function AppHeader({ user, menuOpened, onToggleMenu }: AppHeaderProps) {
  const { settings } = useAppSettings();
  const { portal } = usePortal();
  return (
    <Box>
      <Group h={HEADER_BAR_HEIGHT} px="md" justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="md" wrap="nowrap" miw={0}>
          <UnstyledButton
            component={Link}
            to="/"
            aria-label={`${settings.appName} home`}
            data-testid="app-home-link"
            style={{ display: 'flex', alignItems: 'center', gap: 'var(--mantine-spacing-sm)', minWidth: 0 }}
          >
            <AppLogo branding={settings} size="sm" />
            <Text
              component="span"
              fw={700}
              fz={{ base: 'md', sm: 'lg' }}
              truncate="end"
              data-testid="app-name"
            >
              {settings.appName}
            </Text>
          </UnstyledButton>
          <Divider orientation="vertical" visibleFrom="sm" />
          <Box visibleFrom="sm" style={{ flexShrink: 0 }}>
            <PortalSwitcher />
          </Box>
        </Group>
        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
          <Box visibleFrom="sm" miw={0}>
            <UserLink user={user} />
          </Box>
          <ThemeToggle />
          <Box visibleFrom="sm">
            <LogoutButton />
          </Box>
          <Burger
            hiddenFrom="sm"
            size="sm"
            opened={menuOpened}
            onClick={onToggleMenu}
            aria-label={menuOpened ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpened}
            aria-controls="app-menu-drawer"
          />
        </Group>
      </Group>
      <Box
        h={HEADER_NAV_HEIGHT}
        px={{ base: 0, sm: 'md' }}
        style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        <MainNav portal={portal} />
      </Box>
    </Box>
  );
}
