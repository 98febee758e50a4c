import { notifySettingsFailure, notifySettingsSuccess, type SettingsAction } from '../settings-toasts';

/**
 * The callbacks of a create or update from a form: the success toast then `onDone` (close the
 * form), or the failure toast (after `onFailure`, e.g. to show the server's field errors).
 */
export function saveHandlers(
  entity: string,
  action: SettingsAction,
  onDone: () => void,
  options: { fixed?: boolean; onFailure?: (error: unknown) => void } = {},
) {
  return {
    onSuccess: () => {
      notifySettingsSuccess(entity, action);
      onDone();
    },
    onError: (error: unknown) => {
      options.onFailure?.(error);
      notifySettingsFailure(entity, action, error, { fixed: options.fixed });
    },
  };
}
