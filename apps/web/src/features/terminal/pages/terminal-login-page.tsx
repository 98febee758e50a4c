import { PlaceholderPage } from '../../../components/placeholder-page';

/** /terminal: driver PIN login. */
export function TerminalLoginPage() {
  return (
    <PlaceholderPage title="Driver Terminal" description="Drivers sign in here with their 4-digit PIN" />
  );
}
