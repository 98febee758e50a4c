import { useDocumentTitle } from '@mantine/hooks';
import { Outlet, ScrollRestoration } from 'react-router';
import { useAppSettings } from '../lib/app-settings';

/** The root route: keeps the document title on the app name. */
export function RootLayout() {
  const { settings } = useAppSettings();
  useDocumentTitle(settings.appName);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
