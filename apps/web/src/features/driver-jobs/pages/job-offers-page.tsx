import { PlaceholderPage } from '../../../components/placeholder-page';

export function JobOffersPage() {
  return <PlaceholderPage title="Job Offers" description="Jobs offered to you, waiting for your answer" />;
}
