import type { DeleteResult } from '@dms/domain';
import { showToast } from '../../../lib/toast';
import { notifySettingsSuccess } from '../settings-toasts';

/**
 * A delete that the server turned into a deactivation says so in the server's words ('Vehicle is
 * used by 2 jobs, …, so it was deactivated instead of deleted'); a real delete gets the usual toast.
 * With `deactivatedTitle` the deactivation is an information under that title (ops forms).
 */
export function notifyDeleteResult(entity: string, result: DeleteResult, deactivatedTitle?: string): void {
  if (!result.deactivated) notifySettingsSuccess(entity, 'delete');
  else if (deactivatedTitle) showToast({ tone: 'info', title: deactivatedTitle, message: result.message });
  else showToast({ tone: 'success', title: 'Success', message: result.message });
}
