import { MantineProvider } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
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
        {/* Spec 1 §9: one toast at a time, shown 5 s, at most 420 px wide. */}
        <Notifications limit={1} autoClose={5000} containerWidth={420} />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
