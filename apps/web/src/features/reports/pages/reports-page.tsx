import { PlaceholderPage } from '../../../components/placeholder-page';

export function ReportsPage() {
  return (
    <PlaceholderPage
      heading={false}
      title="Reports"
      description="Driver form submissions: inspections, fuel logs, emergencies and incidents"
    />
  );
}
