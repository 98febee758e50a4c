import { Box, Container, Group, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { AppLogo } from '../../components/app-logo';
import { useAppSettings } from '../../lib/app-settings';
import { ThemeToggle } from './theme-toggle';

/** The driver terminal frame: large branding for a touch screen, no manager navigation. */
export function TerminalLayout() {
  const { settings } = useAppSettings();
  useInstallableTerminal();
  return (
    <Box mih="100dvh">
      <Box
        component="header"
        px="lg"
        py="md"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <AppLogo branding={settings} size="md" />
            <Text component="span" fw={700} fz="xl" truncate="end" data-testid="app-name">
              {settings.appName}
            </Text>
          </Group>
          <ThemeToggle size={56} />
        </Group>
      </Box>
      <Container component="main" size="lg" py="xl">
        <Outlet />
      </Container>
    </Box>
  );
}

/**
 * The terminal installs as an app of its own (issue 9): its manifest is linked, and its service
 * worker registered, on the terminal's pages only.
 */
function useInstallableTerminal(): void {
  useEffect(() => {
    let link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'manifest';
      link.href = '/terminal.webmanifest';
      document.head.appendChild(link);
    }
    if ('serviceWorker' in navigator && window.isSecureContext) {
      navigator.serviceWorker.register('/terminal-sw.js', { scope: '/terminal' }).catch((error: unknown) => {
        console.warn('The terminal works online only: its service worker did not register', error);
      });
    }
  }, []);
}
