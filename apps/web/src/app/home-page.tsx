import { lazy } from 'react';
import { hasRole, useCurrentUser } from '../features/auth/api';

const ManagerDashboardPage = lazy(async () => ({
  default: (await import('../features/jobs/pages/manager-dashboard-page')).ManagerDashboardPage,
}));
const DriverDashboardPage = lazy(async () => ({
  default: (await import('../features/driver-jobs/pages/driver-dashboard-page')).DriverDashboardPage,
}));

/**
 * `/`: the manager dashboard in the manager portal, else the driver dashboard. Until portal
 * switching (preferredPortal) arrives, the portal is manager for users holding manager, else driver.
 * Rendered inside RequireAuth and the shell's Suspense boundary.
 */
export function HomePage() {
  const { data: user } = useCurrentUser();
  return hasRole(user, 'manager') ? <ManagerDashboardPage /> : <DriverDashboardPage />;
}
