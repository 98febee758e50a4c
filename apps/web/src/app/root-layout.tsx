import { useDocumentTitle } from '@mantine/hooks';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { endTerminalSignInOffShiftScreen } from '../features/terminal/terminal-session';
import { useAppSettings } from '../lib/app-settings';

/**
 * The root route: keeps the document title on the app name, each new page at the top, and a
 * terminal's driver signed in only on the shift screen.
 */
export function RootLayout() {
  const { settings } = useAppSettings();
  useDocumentTitle(settings.appName);
  useScrollToTopOnNewPage();
  const { pathname } = useLocation();
  useEffect(() => endTerminalSignInOffShiftScreen(pathname), [pathname]);
  return <Outlet />;
}

/**
 * A link or redirect to another page starts at its top; back and forward leave the browser's own
 * scroll restoration alone. Filters and tabs (the query string) keep the scroll position.
 */
function useScrollToTopOnNewPage(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}
