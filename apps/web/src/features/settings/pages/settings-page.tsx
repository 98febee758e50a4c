import { PlaceholderPage } from '../../../components/placeholder-page';

/** /settings/:sub/:page? */
export function SettingsPage() {
  return (
    <PlaceholderPage
      heading={false}
      title="Settings"
      description="Configure branding, vehicles, drivers, customers, documents and forms"
    />
  );
}
