import type { DeleteResult } from '@dms/domain';
import { notifySettingsFailure, notifySettingsSuccess } from '../settings-toasts';
import { notifyDeleteResult } from './delete-toast';
import type { ReactivatableRowHandlers } from './reactivatable-row-actions';
import { useDialogTarget } from './use-dialog-target';

interface Callbacks<R> {
  onSuccess: (result: R) => void;
  onError: (error: unknown) => void;
}

/**
 * The add/edit dialog, the delete confirmation and the reactivation of an ops forms list (emergency
 * types, inspection questions). Failures use the fixed texts (spec 2 §8); a delete that the server
 * turned into a deactivation is an information under `deactivatedTitle`.
 */
export function useReactivatableList<T extends { id: string }>({
  entity,
  deactivatedTitle,
  update,
  remove,
}: {
  entity: string;
  deactivatedTitle: string;
  update: {
    mutate: (variables: { id: string; changes: { isActive: 1 } }, options: Callbacks<unknown>) => void;
    isPending: boolean;
    variables?: { id: string };
  };
  remove: { mutate: (id: string, options: Callbacks<DeleteResult>) => void; isPending: boolean };
}) {
  const form = useDialogTarget<T>();
  const deleting = useDialogTarget<T>();

  const actions: ReactivatableRowHandlers<T> = {
    onEdit: form.open,
    onDelete: deleting.open,
    onReactivate: (item) =>
      update.mutate(
        { id: item.id, changes: { isActive: 1 } },
        {
          onSuccess: () => notifySettingsSuccess(entity, 'update'),
          onError: (error) => notifySettingsFailure(entity, 'update', error, { fixed: true }),
        },
      ),
    reactivatingId: update.isPending ? (update.variables?.id ?? null) : null,
  };

  const confirmDelete = () => {
    if (!deleting.target) return;
    remove.mutate(deleting.target.id, {
      onSuccess: (result) => {
        notifyDeleteResult(entity, result, deactivatedTitle);
        deleting.close();
      },
      onError: (error) => {
        notifySettingsFailure(entity, 'delete', error, { fixed: true });
        deleting.close();
      },
    });
  };

  return { form, deleting, actions, confirmDelete, deletePending: remove.isPending };
}
