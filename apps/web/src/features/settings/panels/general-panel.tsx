import { Text } from '@mantine/core';
import { SettingsPanelHeader } from '../components/settings-panel-header';

export default function Panel() {
  return (
    <>
      <SettingsPanelHeader title="General" />
      <Text c="dimmed">This panel is being built.</Text>
    </>
  );
}
