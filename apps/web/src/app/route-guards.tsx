import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { ATTENTION_PATH } from '../features/attention/api';
import { hasRole, type Role, useCurrentUser } from '../features/auth/api';
import { firstJobsPageKey } from '../features/jobs/first-page';
import { readTerminalDriver } from '../features/terminal/terminal-session';
import { portalOnOpening } from './portal-context';
import { preloadHomeDashboard, preloadSignedInShell } from './signed-in-chunks';

/**
 * The session as the guards see it: loading, or the user (null = anonymous). A failed
 * current-user call counts as anonymous.
 */
function useSession() {
  const { data, isPending } = useCurrentUser();
  return { loading: isPending, user: data ?? null };
}

/** Signed-in users only; anonymous users go to /login. */
export function RequireAuth() {
  const { loading, user } = useSession();
  // The shell's code downloads while the session is read, not after it (the manager home's LCP).
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (loading) preloadSignedInShell();
  }, [loading]);
  // Once the session answers, what `/` will show starts loading: the portal's dashboard and, for a
  // manager's unfiltered list, its first page of jobs, alongside the dashboard's code.
  useEffect(() => {
    if (!user || pathname !== '/') return;
    const portal = portalOnOpening(user);
    preloadHomeDashboard(portal);
    if (portal === 'manager' && search === '')
      void queryClient.prefetchQuery({ queryKey: firstJobsPageKey() });
    // The home draws its job list once this is in (home-page.tsx): it must not start later.
    if (portal === 'manager') void queryClient.prefetchQuery({ queryKey: [ATTENTION_PATH] });
  }, [user, pathname, search, queryClient]);
  if (loading) return <LoadingScreen />;
  if (!user) return <Navigate to="/login" replace />;
  return <Outlet />;
}

/** Users holding the role only; everyone else goes to /login (spec 1 §2, §6). */
function RequireRole({ allowed }: { allowed: Role }) {
  const { loading, user } = useSession();
  if (loading) return <LoadingScreen />;
  if (!hasRole(user, allowed)) return <Navigate to="/login" replace />;
  return <Outlet />;
}

/** /reports: manager role only. */
export function RequireManager() {
  return <RequireRole allowed="manager" />;
}

/** /job-offers, /available-jobs: driver role only. */
export function RequireDriver() {
  return <RequireRole allowed="driver" />;
}

/** /login: a signed-in user goes to / and the card is not rendered. */
export function GuestOnly() {
  const { loading, user } = useSession();
  if (loading) return <LoadingScreen />;
  if (user) return <Navigate to="/" replace />;
  return <Outlet />;
}

/** /terminal/dashboard: needs the terminal driver in session storage, else back to the PIN pad. */
export function RequireTerminalDriver() {
  if (!readTerminalDriver()) return <Navigate to="/terminal" replace />;
  return <Outlet />;
}
