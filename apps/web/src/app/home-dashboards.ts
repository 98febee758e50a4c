// The two dashboards `/` can show, as lazy chunks: the home page renders one, and the auth guard
// starts fetching it as soon as the session says which (signed-in-chunks.ts).

export const loadManagerDashboard = () => import('../features/jobs/pages/manager-dashboard-page');
export const loadDriverDashboard = () => import('../features/driver-jobs/pages/driver-dashboard-page');
