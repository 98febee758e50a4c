import { Stack } from '@mantine/core';
import { lazy } from 'react';
import { useAttention } from '../features/attention/api';
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
  return portal === 'manager' ? <ManagerHome /> : <DriverDashboardPage />;
}

/**
 * What needs attention (ADR 28) above the job list. The list is drawn once the attention answer is in
 * (or has failed): drawn first, it was pushed down by the panel arriving above it, under a manager's
 * pointer (a layout shift of 0.27 at volume, bench/NOTES.md §21). Both are asked for together when the
 * session answers, so the list waits only for whichever is slower.
 */
function ManagerHome() {
  const attention = useAttention();
  // Only while the answer is on its way: a query paused offline does not hold the list back.
  const waiting = attention.isPending && attention.fetchStatus === 'fetching';
  return (
    <Stack gap="md">
      <AttentionPanel />
      {!waiting && <ManagerDashboardPage />}
    </Stack>
  );
}
