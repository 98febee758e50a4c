import { PlaceholderPage } from '../../../components/placeholder-page';

export function AvailableJobsPage() {
  return <PlaceholderPage heading={false} title="Available Jobs" description="Open jobs you can request" />;
}
