import { PlaceholderPage } from '../../../components/placeholder-page';

/** Manager home (/ in the manager portal). */
export function ManagerDashboardPage() {
  return (
    <PlaceholderPage
      heading={false}
      title="Job Management"
      description="Create, assign, and manage driving jobs"
    />
  );
}
