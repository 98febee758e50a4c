import type { DeleteResult } from '@dms/domain';
import { showToast } from '../../../lib/toast';
import { notifySettingsSuccess } from '../settings-toasts';

/**
 * A delete that the server turned into a deactivation says so in the server's words ('Vehicle is
 * used by 2 jobs, …, so it was deactivated instead of deleted'); a real delete gets the usual toast.
 */
export function notifyDeleteResult(entity: string, result: DeleteResult): void {
  if (result.deactivated) showToast({ tone: 'success', title: 'Success', message: result.message });
  else notifySettingsSuccess(entity, 'delete');
}
