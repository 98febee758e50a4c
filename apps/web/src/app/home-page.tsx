import { Stack } from '@mantine/core';
import { lazy } from 'react';
import { loadDriverDashboard, loadManagerDashboard } from './home-dashboards';
import { usePortal } from './portal-context';

const ManagerDashboardPage = lazy(async () => ({
  default: (await loadManagerDashboard()).ManagerDashboardPage,
}));
const AttentionPanel = lazy(async () => ({
  default: (await import('../features/attention/components/attention-panel')).AttentionPanel,
}));
const DriverDashboardPage = lazy(async () => ({
  default: (await loadDriverDashboard()).DriverDashboardPage,
}));

/**
 * `/`: the manager dashboard in the manager portal, else the driver dashboard (spec 1 §2). Rendered
 * inside RequireAuth, the portal provider and the shell's Suspense boundary.
 */
export function HomePage() {
  const { portal } = usePortal();
  // The manager's home puts what needs attention (ADR 28) above the job list.
  return portal === 'manager' ? (
    <Stack gap="md">
      <AttentionPanel />
      <ManagerDashboardPage />
    </Stack>
  ) : (
    <DriverDashboardPage />
  );
}
