import type { Vehicle, VehicleType } from '@dms/domain';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteVehicle, useUpdateVehicle } from '../api/fleet';
import { notifySettingsFailure, notifySettingsSuccess } from '../settings-toasts';
import { ConfirmMessage } from './confirm-message';
import { notifyDeleteResult } from './delete-toast';
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
  const deleting = useDialogTarget<Vehicle>();
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const remove = useDeleteVehicle();
  const update = useUpdateVehicle();

  const closeDelete = () => {
    deleting.close();
    setDeleteError(null);
  };

  const confirmDelete = () => {
    if (!deleting.target) return;
    remove.mutate(deleting.target.id, {
      onSuccess: (result) => {
        notifyDeleteResult('Vehicle', result);
        closeDelete();
      },
      onError: (error) => {
        setDeleteError(errorMessage(error, 'Failed to delete vehicle'));
        notifySettingsFailure('Vehicle', 'delete', error);
      },
    });
  };

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
      <ConfirmDialog
        opened={deleting.opened}
        title="Delete vehicle?"
        message={
          <ConfirmMessage error={deleteError}>
            {`Delete ${deleting.target ? vehicleName(deleting.target) : 'this vehicle'}? A vehicle that jobs, shifts or driver forms refer to is deactivated instead, so their history stays intact.`}
          </ConfirmMessage>
        }
        confirmLabel="Delete"
        confirmColor="red"
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={closeDelete}
        data-testid="vehicle-delete-dialog"
      />
    </>
  );

  return {
    add: () => form.open(),
    edit: (vehicle: Vehicle) => form.open(vehicle),
    remove: (vehicle: Vehicle) => {
      setDeleteError(null);
      deleting.open(vehicle);
    },
    reactivate,
    /** A dialog of these actions is on screen (the dialog below must not take Escape). */
    dialogOpen: form.opened || deleting.opened,
    dialogs,
  };
}
