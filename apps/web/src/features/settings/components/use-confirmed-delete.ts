import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { notifySettingsFailure } from '../settings-toasts';
import { useDialogTarget } from './use-dialog-target';

interface DeleteMutation<R> {
  mutate: (
    id: string,
    options: { onSuccess: (result: R) => void; onError: (error: unknown) => void },
  ) => void;
  isPending: boolean;
}

/**
 * A delete that asks first: the row it is about, and why the last attempt failed (shown in the
 * confirmation, with a failure toast). `onDeleted` gives the success toast; the dialog then closes.
 */
export function useConfirmedDelete<T extends { id: string }, R>(
  remove: DeleteMutation<R>,
  { entity, onDeleted, fixed = false }: { entity: string; onDeleted: (result: R) => void; fixed?: boolean },
) {
  const dialog = useDialogTarget<T>();
  const [error, setError] = useState<string | null>(null);
  return {
    opened: dialog.opened,
    target: dialog.target,
    error,
    pending: remove.isPending,
    open: (target: T) => {
      setError(null);
      dialog.open(target);
    },
    close: dialog.close,
    confirm: () => {
      if (!dialog.target) return;
      remove.mutate(dialog.target.id, {
        onSuccess: (result) => {
          onDeleted(result);
          dialog.close();
        },
        onError: (failure) => {
          setError(errorMessage(failure, `Failed to delete ${entity.toLowerCase()}`));
          notifySettingsFailure(entity, 'delete', failure, { fixed });
        },
      });
    },
  };
}
