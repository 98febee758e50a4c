import { MantineProvider } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { queryClient } from '../lib/query-client';
import { focusToast } from '../lib/toast';
import { createThemeStorageManager, initialTheme } from './color-scheme';
import { cssVariablesResolver, theme } from './theme';

export function AppProviders({ children }: { children: ReactNode }) {
  const [colorSchemeManager] = useState(createThemeStorageManager);
  const [defaultColorScheme] = useState(initialTheme);
  useHotkeys([['F8', focusToast]], []);
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme={defaultColorScheme}
      >
        <ToastRegion />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}

const ToastContainer = lazy(async () => ({ default: (await import('./toast-container')).ToastContainer }));

/**
 * The toasts' container, loaded with the first toast: with its transitions, swipe handling and
 * scroll lock it is a tenth of the sign-in page's JavaScript, and most page loads show no toast.
 * A toast shown before it arrives waits in the store and appears when it mounts.
 */
function ToastRegion() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
