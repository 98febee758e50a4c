import { type ComponentType, lazy, type ReactElement, Suspense } from 'react';
import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { RouteErrorBoundary } from '../components/route-error-page';
import { RootLayout } from './root-layout';
import { GuestOnly, RequireAuth, RequireDriver, RequireManager, RequireTerminalDriver } from './route-guards';
import { AuthLayout } from './shell/auth-layout';
import { TerminalLayout } from './shell/terminal-layout';
import { loadAppLayout, loadHomePage } from './signed-in-chunks';

/**
 * A page (or layout) in a chunk of its own, with a spinner while it loads. `fallback` is the spinner
 * inside the surrounding layout; the signed-in shell passes the full-screen one.
 */
function lazyPage<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  fallback: ReactElement = <LoadingScreen fullHeight={false} />,
): ReactElement {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return (
    <Suspense fallback={fallback}>
      <Page />
    </Suspense>
  );
}

/**
 * Routes of spec 1 §2 and spec 2 §2.1. Every page, and the signed-in shell, is a lazy chunk, so the
 * sign-in and terminal pages never download the manager screens (ADR 20; `node
 * bench/bundle-report.mjs` measures each first load, and lists the lazy modules it counts).
 * Declarative routing (useRoutes), not a data router: no route loads data through the router, and
 * the data router cost every first load about 19 kB gzip.
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    children: [
      // Public: sign-in and account recovery.
      { path: 'auth', element: <Navigate to="/login" replace /> },
      {
        Component: GuestOnly,
        children: [
          {
            Component: AuthLayout,
            children: [
              {
                path: 'login',
                element: lazyPage(() => import('../features/auth/pages/login-page'), 'LoginPage'),
              },
            ],
          },
        ],
      },
      {
        Component: AuthLayout,
        children: [
          {
            path: 'verify-email',
            element: lazyPage(() => import('../features/auth/pages/verify-email-page'), 'VerifyEmailPage'),
          },
          {
            path: 'test-verification',
            element: lazyPage(
              () => import('../features/auth/pages/test-verification-page'),
              'TestVerificationPage',
            ),
          },
          {
            path: 'reset-password',
            element: lazyPage(
              () => import('../features/auth/pages/reset-password-page'),
              'ResetPasswordPage',
            ),
          },
        ],
      },

      // A customer's quote link (issue 24): public, no shell, its own small chunk.
      {
        path: 'q/:token',
        element: lazyPage(
          () => import('../features/quotes/pages/public-quote-page'),
          'PublicQuotePage',
          <LoadingScreen />,
        ),
      },

      // Driver terminal: PIN login is public, the dashboard needs the terminal driver.
      {
        path: 'terminal',
        Component: TerminalLayout,
        children: [
          {
            index: true,
            element: lazyPage(
              () => import('../features/terminal/pages/terminal-login-page'),
              'TerminalLoginPage',
            ),
          },
          {
            path: 'dashboard',
            Component: RequireTerminalDriver,
            children: [
              {
                index: true,
                element: lazyPage(
                  () => import('../features/terminal/pages/terminal-dashboard-page'),
                  'TerminalDashboardPage',
                ),
              },
            ],
          },
        ],
      },

      // Signed-in manager and driver screens; any other path is a 404 here, or /login when anonymous.
      {
        Component: RequireAuth,
        children: [
          // The quote colour preview opens in a new tab, without the shell (managers only).
          {
            path: 'settings/documents/quotes/preview',
            Component: RequireManager,
            children: [
              {
                index: true,
                element: lazyPage(
                  () => import('../features/settings/pages/quote-color-preview-page'),
                  'QuoteColorPreviewPage',
                ),
              },
            ],
          },
          {
            element: lazyPage(loadAppLayout, 'AppLayout', <LoadingScreen />),
            children: [
              { index: true, element: lazyPage(loadHomePage, 'HomePage') },
              { path: 'dashboard', element: <Navigate to="/" replace /> },
              { path: 'dashboard/my-jobs', element: <Navigate to="/" replace /> },
              {
                path: 'dispatch',
                Component: RequireManager,
                children: [
                  {
                    index: true,
                    element: lazyPage(
                      () => import('../features/dispatch/pages/dispatch-page'),
                      'DispatchPage',
                    ),
                  },
                ],
              },
              {
                path: 'reports',
                Component: RequireManager,
                children: [
                  {
                    index: true,
                    element: lazyPage(() => import('../features/reports/pages/reports-page'), 'ReportsPage'),
                  },
                ],
              },
              {
                path: 'compliance',
                Component: RequireManager,
                children: [
                  {
                    index: true,
                    element: lazyPage(
                      () => import('../features/compliance/pages/compliance-page'),
                      'CompliancePage',
                    ),
                  },
                ],
              },
              {
                path: 'invoices',
                Component: RequireManager,
                children: [
                  {
                    index: true,
                    element: lazyPage(
                      () => import('../features/invoices/pages/invoices-page'),
                      'InvoicesPage',
                    ),
                  },
                ],
              },
              {
                Component: RequireDriver,
                children: [
                  {
                    path: 'job-offers',
                    element: lazyPage(
                      () => import('../features/driver-jobs/pages/job-offers-page'),
                      'JobOffersPage',
                    ),
                  },
                  {
                    path: 'my-documents',
                    element: lazyPage(
                      () => import('../features/compliance/pages/my-documents-page'),
                      'MyDocumentsPage',
                    ),
                  },
                  {
                    path: 'available-jobs',
                    element: lazyPage(
                      () => import('../features/driver-jobs/pages/available-jobs-page'),
                      'AvailableJobsPage',
                    ),
                  },
                ],
              },
              {
                path: 'settings',
                children: [
                  { index: true, element: <Navigate to="/settings/general" replace /> },
                  {
                    path: ':sub/:page?',
                    element: lazyPage(() => import('./settings-route'), 'SettingsRoute'),
                  },
                ],
              },
              {
                path: 'user-settings',
                element: lazyPage(() => import('./user-settings-route'), 'UserSettingsRoute'),
              },
              {
                path: '*',
                element: lazyPage(() => import('../components/not-found-page'), 'NotFoundPage'),
              },
            ],
          },
        ],
      },
    ],
  },
];

/** The routes, inside an error boundary that clears when the user goes to another page. */
export function AppRoutes() {
  const { pathname } = useLocation();
  return <RouteErrorBoundary resetKey={pathname}>{useRoutes(routes)}</RouteErrorBoundary>;
}
