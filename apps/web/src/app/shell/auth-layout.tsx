import { Box, Card, Center, Stack, Text, Title } from '@mantine/core';
import { Outlet } from 'react-router';
import { AppLogo } from '../../components/app-logo';
import { useAppSettings } from '../../lib/app-settings';
import classes from './auth-layout.module.css';
import { ThemeToggle } from './theme-toggle';

/**
 * Signed-out screens (/login, /verify-email, /reset-password, /test-verification): a centred card
 * with the branding on top and the page below it; the theme control sits top-right.
 */
export function AuthLayout() {
  const { settings } = useAppSettings();
  return (
    <Box mih="100dvh" pos="relative" className={classes.page}>
      <Box component="header" pos="absolute" top={16} right={16}>
        <ThemeToggle />
      </Box>
      <Center component="main" mih="100dvh" px="md" py={72}>
        <Card w="100%" maw={460} shadow="md" p="xl" radius="lg" data-testid="auth-card">
          <Stack gap="lg">
            <Stack align="center" gap={6} ta="center">
              <AppLogo branding={settings} size="lg" />
              <Title order={1} fz={24} mt="xs" data-testid="app-name">
                {settings.appName}
              </Title>
              {settings.tagline ? (
                <Text c="dimmed" size="sm" data-testid="app-tagline">
                  {settings.tagline}
                </Text>
              ) : null}
            </Stack>
            <Outlet />
          </Stack>
        </Card>
      </Center>
    </Box>
  );
}
