import { DEFAULT_BRANDING } from '@dms/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { cssVariablesResolver, theme } from '../app/theme';
import { appSettingsQueryKey } from '../lib/app-settings';

/**
 * Renders a component as the app does (Mantine theme, TanStack Query) with the answers it reads
 * already in the cache: a test never reaches the network, and a read it was not given fails it.
 */
export function renderWithApp(ui: ReactElement, { data = [] }: { data?: [QueryKey, unknown][] } = {}) {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: Number.POSITIVE_INFINITY,
        queryFn: ({ queryKey }) => {
          throw new Error(`No answer given to the test for ${JSON.stringify(queryKey)}`);
        },
      },
    },
  });
  client.setQueryData(appSettingsQueryKey, DEFAULT_BRANDING);
  for (const [key, value] of data) client.setQueryData(key, value);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      {/* 'test': no transitions, and dropdowns render in place rather than in a portal. */}
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
  // No pause between keystrokes: the tests wait for what they check, not for the clock.
  return { user: userEvent.setup({ delay: null }), client, ...render(ui, { wrapper }) };
}
