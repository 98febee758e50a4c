// The code of the signed-in shell and of `/`, as lazy chunks. The router renders them; the auth
// guard starts fetching them while it waits for the session, so that the two do not queue.
import { loadDriverDashboard, loadManagerDashboard } from './home-dashboards';

export const loadAppLayout = () => import('./shell/app-layout');
export const loadHomePage = () => import('./home-page');

/** Starts fetching the shell and the home page; the browser keeps one copy of each module. */
export function preloadSignedInShell(): void {
  void loadAppLayout().catch(() => {});
  void loadHomePage().catch(() => {});
}

/** Once the session says who it is: the dashboard `/` will show them. */
export function preloadHomeDashboard(portal: 'manager' | 'driver'): void {
  void (portal === 'manager' ? loadManagerDashboard() : loadDriverDashboard()).catch(() => {});
}
