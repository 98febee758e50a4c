import { PlaceholderPage } from '../../../components/placeholder-page';

export function UserSettingsPage() {
  return (
    <PlaceholderPage
      title="Account Settings"
      description="Your profile, email notification preferences and security"
    />
  );
}
