import { PlaceholderPage } from '../../../components/placeholder-page';

/** Driver home (/ in the driver portal). */
export function DriverDashboardPage() {
  return <PlaceholderPage heading={false} title="My Jobs" description="The jobs assigned to you" />;
}
