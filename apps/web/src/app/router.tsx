import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { NotFoundPage } from '../components/not-found-page';
import { RouteErrorPage } from '../components/route-error-page';
import { HomePage } from './home-page';
import { RootLayout } from './root-layout';
import { GuestOnly, RequireAuth, RequireDriver, RequireManager, RequireTerminalDriver } from './route-guards';
import { AppLayout } from './shell/app-layout';
import { AuthLayout } from './shell/auth-layout';
import { TerminalLayout } from './shell/terminal-layout';

/**
 * Routes of spec 1 §2 and spec 2 §2.1. Every page is a lazy chunk, so the sign-in and terminal
 * pages never download the manager screens.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    hydrateFallbackElement: <LoadingScreen />,
    errorElement: <RouteErrorPage />,
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
                lazy: async () => ({
                  Component: (await import('../features/auth/pages/login-page')).LoginPage,
                }),
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
            lazy: async () => ({
              Component: (await import('../features/auth/pages/verify-email-page')).VerifyEmailPage,
            }),
          },
          {
            path: 'test-verification',
            lazy: async () => ({
              Component: (await import('../features/auth/pages/test-verification-page')).TestVerificationPage,
            }),
          },
          {
            path: 'reset-password',
            lazy: async () => ({
              Component: (await import('../features/auth/pages/reset-password-page')).ResetPasswordPage,
            }),
          },
        ],
      },

      // Driver terminal: PIN login is public, the dashboard needs the terminal driver.
      {
        path: 'terminal',
        Component: TerminalLayout,
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('../features/terminal/pages/terminal-login-page')).TerminalLoginPage,
            }),
          },
          {
            path: 'dashboard',
            Component: RequireTerminalDriver,
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('../features/terminal/pages/terminal-dashboard-page'))
                    .TerminalDashboardPage,
                }),
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
                lazy: async () => ({
                  Component: (await import('../features/settings/pages/quote-color-preview-page'))
                    .QuoteColorPreviewPage,
                }),
              },
            ],
          },
          {
            Component: AppLayout,
            children: [
              { index: true, Component: HomePage },
              { path: 'dashboard', element: <Navigate to="/" replace /> },
              { path: 'dashboard/my-jobs', element: <Navigate to="/" replace /> },
              {
                path: 'dispatch',
                Component: RequireManager,
                children: [
                  {
                    index: true,
                    lazy: async () => ({
                      Component: (await import('../features/dispatch/pages/dispatch-page')).DispatchPage,
                    }),
                  },
                ],
              },
              {
                path: 'reports',
                Component: RequireManager,
                children: [
                  {
                    index: true,
                    lazy: async () => ({
                      Component: (await import('../features/reports/pages/reports-page')).ReportsPage,
                    }),
                  },
                ],
              },
              {
                Component: RequireDriver,
                children: [
                  {
                    path: 'job-offers',
                    lazy: async () => ({
                      Component: (await import('../features/driver-jobs/pages/job-offers-page'))
                        .JobOffersPage,
                    }),
                  },
                  {
                    path: 'available-jobs',
                    lazy: async () => ({
                      Component: (await import('../features/driver-jobs/pages/available-jobs-page'))
                        .AvailableJobsPage,
                    }),
                  },
                ],
              },
              {
                path: 'settings',
                children: [
                  { index: true, element: <Navigate to="/settings/general" replace /> },
                  {
                    path: ':sub/:page?',
                    lazy: async () => ({
                      Component: (await import('./settings-route')).SettingsRoute,
                    }),
                  },
                ],
              },
              {
                path: 'user-settings',
                lazy: async () => ({
                  Component: (await import('./user-settings-route')).UserSettingsRoute,
                }),
              },
              { path: '*', Component: NotFoundPage },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
