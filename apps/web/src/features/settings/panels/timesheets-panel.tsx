import { Text } from '@mantine/core';
import { SettingsPanelHeader } from '../components/settings-panel-header';

export default function Panel() {
  return (
    <>
      <SettingsPanelHeader title="Timesheets" description="Driver shifts by day, week and month" />
      <Text c="dimmed">Timesheets are not available yet. They arrive with the reports release.</Text>
    </>
  );
}
