import { PlaceholderPage } from '../../../components/placeholder-page';

export function ReportsPage() {
  return (
    <PlaceholderPage
      title="Reports"
      description="Driver form submissions: inspections, fuel logs, emergencies and incidents"
    />
  );
}
