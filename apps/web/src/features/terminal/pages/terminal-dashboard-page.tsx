import { PlaceholderPage } from '../../../components/placeholder-page';

/** /terminal/dashboard */
export function TerminalDashboardPage() {
  return <PlaceholderPage title="Terminal" description="Shifts, quick actions and today's jobs" />;
}
