import { AppShell, Container } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { AppHeader } from './app-header';

/** The shell of signed-in manager and driver screens: a header landmark and the main content. */
export function AppLayout() {
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <AppHeader />
      </AppShell.Header>
      <AppShell.Main>
        <Container size="xl" px={0} py="md">
          <Suspense fallback={<LoadingScreen fullHeight={false} />}>
            <Outlet />
          </Suspense>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
