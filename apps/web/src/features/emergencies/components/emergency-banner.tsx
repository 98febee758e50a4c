import { Alert, Box, Stack, Text } from '@mantine/core';
import { IconUrgent } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useFormatters } from '../../../lib/use-formatters';
import { useLiveEventHandler } from '../../../lib/use-live-events';
import { useEmergencyAlert } from '../api';

function EmergencyAlertItem({ id, onDismiss }: { id: string; onDismiss: () => void }) {
  const alert = useEmergencyAlert(id);
  const format = useFormatters();
  const a = alert.data;
  return (
    <Alert
      color="red"
      variant="filled"
      role="alert"
      icon={<IconUrgent size={24} aria-hidden="true" />}
      title={a ? `EMERGENCY: ${a.typeName}` : 'EMERGENCY'}
      withCloseButton
      closeButtonLabel="Acknowledge emergency"
      onClose={onDismiss}
      data-testid="emergency-banner"
    >
      {a ? (
        <Text size="sm">
          {a.driverName}
          {a.vehicle ? ` (${a.vehicle})` : ''}
          {a.location ? ` at ${a.location}` : ''}
          {' · '}
          {format.time(a.alertDate)}
          {a.description ? ` · ${a.description}` : ''}
        </Text>
      ) : (
        <Text size="sm">A driver raised an emergency alert.</Text>
      )}
    </Alert>
  );
}

/**
 * Every manager's open screen shows an emergency the moment a driver raises it (issue 9): a red
 * banner on top of the page until acknowledged. It arrives through the live events.
 */
export function EmergencyBanner() {
  const [ids, setIds] = useState<string[]>([]);
  const onEmergency = useCallback((data: Record<string, string>) => {
    const id = data.alertId;
    if (id) setIds((current) => (current.includes(id) ? current : [...current, id]));
  }, []);
  useLiveEventHandler('emergency', onEmergency);
  if (ids.length === 0) return null;
  return (
    <Box pos="sticky" top={0} style={{ zIndex: 250 }} px="md" pt="sm">
      <Stack gap="xs">
        {ids.map((id) => (
          <EmergencyAlertItem
            key={id}
            id={id}
            onDismiss={() => setIds((current) => current.filter((x) => x !== id))}
          />
        ))}
      </Stack>
    </Box>
  );
}
