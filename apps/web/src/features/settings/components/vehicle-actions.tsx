import type { DeleteResult, Vehicle, VehicleType } from '@dms/domain';
import { useDeleteVehicle, useUpdateVehicle } from '../api/fleet';
import { notifySettingsFailure, notifySettingsSuccess } from '../settings-toasts';
import { DeleteConfirmDialog } from './delete-confirm-dialog';
import { notifyDeleteResult } from './delete-toast';
import { useConfirmedDelete } from './use-confirmed-delete';
import { useDialogTarget } from './use-dialog-target';
import { VehicleFormDialog, vehicleName, vehicleToInput } from './vehicle-form-dialog';

/**
 * Add, edit, delete (with confirmation) and reactivate vehicles: the state and the dialogs, shared
 * by the vehicle panels and a subcontractor's 'Manage vehicles' dialog.
 */
export function useVehicleActions({
  type,
  subcontractorId,
}: {
  type: VehicleType;
  subcontractorId?: string;
}) {
  const form = useDialogTarget<Vehicle>();
  const remove = useDeleteVehicle();
  const deleting = useConfirmedDelete<Vehicle, DeleteResult>(remove, {
    entity: 'Vehicle',
    onDeleted: (result) => notifyDeleteResult('Vehicle', result),
  });
  const update = useUpdateVehicle();

  const reactivate = (vehicle: Vehicle) =>
    update.mutate(
      { id: vehicle.id, input: { ...vehicleToInput(vehicle), isActive: 1 } },
      {
        onSuccess: () => notifySettingsSuccess('Vehicle', 'update'),
        onError: (error) => notifySettingsFailure('Vehicle', 'update', error),
      },
    );

  const dialogs = (
    <>
      <VehicleFormDialog
        opened={form.opened}
        onClose={form.close}
        type={type}
        vehicle={form.target}
        fixedSubcontractorId={subcontractorId}
      />
      <DeleteConfirmDialog
        remove={deleting}
        title="Delete vehicle?"
        text={`Delete ${deleting.target ? vehicleName(deleting.target) : 'this vehicle'}? A vehicle that jobs, shifts or driver forms refer to is deactivated instead, so their history stays intact.`}
        data-testid="vehicle-delete-dialog"
      />
    </>
  );

  return {
    add: () => form.open(),
    edit: (vehicle: Vehicle) => form.open(vehicle),
    remove: deleting.open,
    reactivate,
    /** A dialog of these actions is on screen (the dialog below must not take Escape). */
    dialogOpen: form.opened || deleting.opened,
    dialogs,
  };
}
