import type { Subcontractor } from '@dms/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { QueryState } from '../../../components/query-state';
import { useVehicles } from '../api/fleet';
import { OPTIONS_LIMIT } from '../api/list-page';
import { FormDialog } from './form-dialog';
import { useVehicleActions } from './vehicle-actions';
import { VehiclesTable } from './vehicles-table';

type VehicleActions = ReturnType<typeof useVehicleActions>;

function ManageVehicles({
  subcontractor,
  actions,
  onClose,
}: {
  subcontractor: Subcontractor;
  actions: VehicleActions;
  onClose: () => void;
}) {
  const query = useVehicles({
    type: 'subcontracted',
    subcontractorId: subcontractor.id,
    includeInactive: '1',
    limit: OPTIONS_LIMIT,
  });
  const vehicles = query.data?.items ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed">
          The partner vehicles {subcontractor.companyName} supplies
        </Text>
        <Button size="xs" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={actions.add}>
          Add Vehicle
        </Button>
      </Group>
      <QueryState
        query={query}
        isEmpty={vehicles.length === 0}
        skeletonRows={3}
        empty="No vehicles yet. Add the vehicles this subcontractor supplies."
      >
        <VehiclesTable
          vehicles={vehicles}
          label={`Vehicles of ${subcontractor.companyName}`}
          onEdit={actions.edit}
          onDelete={actions.remove}
          onReactivate={actions.reactivate}
        />
      </QueryState>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}

/** A subcontractor's partner vehicles: add, edit and delete them with the vehicle form (spec 2 §2.7). */
export function ManageVehiclesDialog({
  opened,
  onClose,
  subcontractor,
}: {
  opened: boolean;
  onClose: () => void;
  subcontractor?: Subcontractor;
}) {
  const actions = useVehicleActions({ type: 'subcontracted', subcontractorId: subcontractor?.id });
  return (
    <>
      <FormDialog
        opened={opened}
        onClose={onClose}
        title={subcontractor ? `Vehicles: ${subcontractor.companyName}` : 'Vehicles'}
        size={960}
        closeOnEscape={!actions.dialogOpen}
        data-testid="manage-vehicles-dialog"
      >
        {subcontractor && (
          <ManageVehicles subcontractor={subcontractor} actions={actions} onClose={onClose} />
        )}
      </FormDialog>
      {actions.dialogs}
    </>
  );
}
