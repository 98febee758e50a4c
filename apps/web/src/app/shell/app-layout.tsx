import { AppShell, Container, Divider, Drawer, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { useCurrentUser } from '../../features/auth/api';
import { EmergencyBanner } from '../../features/emergencies/components/emergency-banner';
import { useLiveEvents } from '../../lib/use-live-events';
import { PortalProvider } from '../portal-context';
import { AppHeader, HEADER_BAR_HEIGHT, HEADER_NAV_HEIGHT } from './app-header';
import { LogoutButton } from './logout-button';
import { PageHeader } from './page-header';
import { PortalSwitcher } from './portal-switcher';
import { UserLink } from './user-link';

/** The shell of signed-in manager and driver screens (inside RequireAuth, so the user is known). */
export function AppLayout() {
  const { data: user } = useCurrentUser();
  const [menuOpened, menu] = useDisclosure(false);
  const { pathname } = useLocation();
  useLiveEvents(Boolean(user));

  // The drawer closes whenever the page changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path changes only
  useEffect(() => {
    menu.close();
  }, [pathname]);

  if (!user) return <LoadingScreen />;

  return (
    <PortalProvider>
      <AppShell header={{ height: HEADER_BAR_HEIGHT + HEADER_NAV_HEIGHT }} padding="md">
        <AppShell.Header>
          <AppHeader user={user} menuOpened={menuOpened} onToggleMenu={menu.toggle} />
        </AppShell.Header>
        <AppShell.Main>
          {user.roles.includes('manager') && <EmergencyBanner />}
          <Container size="xl" px={0} py="md">
            <PageHeader />
            <Suspense fallback={<LoadingScreen fullHeight={false} />}>
              <Outlet />
            </Suspense>
          </Container>
        </AppShell.Main>
      </AppShell>
      <Drawer
        id="app-menu-drawer"
        opened={menuOpened}
        onClose={menu.close}
        position="right"
        size="xs"
        title="Menu"
        hiddenFrom="sm"
        data-testid="app-menu-drawer"
      >
        <Stack gap="lg">
          <Stack gap={6}>
            <Text size="xs" fw={600} c="dimmed" tt="uppercase">
              Signed in as
            </Text>
            <UserLink user={user} onNavigate={menu.close} />
            <Text size="xs" c="dimmed" truncate="end">
              {user.email}
            </Text>
          </Stack>
          <Stack gap={6}>
            <Text size="xs" fw={600} c="dimmed" tt="uppercase">
              Portal
            </Text>
            <PortalSwitcher fullWidth />
          </Stack>
          <Divider />
          <LogoutButton fullWidth onDone={menu.close} />
        </Stack>
      </Drawer>
    </PortalProvider>
  );
}
