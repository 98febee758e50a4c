import { PlaceholderPage } from '../../../components/placeholder-page';

export function JobOffersPage() {
  return (
    <PlaceholderPage
      heading={false}
      title="Job Offers"
      description="Jobs offered to you, waiting for your answer"
    />
  );
}
