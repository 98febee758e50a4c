import { isApiError } from '../../lib/api-client';
import { showToast } from '../../lib/toast';

export type SettingsAction = 'create' | 'update' | 'delete';

const PAST: Record<SettingsAction, string> = { create: 'created', update: 'updated', delete: 'deleted' };

/** 'Success' with '<Entity> created/updated/deleted successfully' (spec 2 §8). */
export function notifySettingsSuccess(entity: string, action: SettingsAction): void {
  showToast({ tone: 'success', title: 'Success', message: `${entity} ${PAST[action]} successfully` });
}

/**
 * 'Failed to create/update/delete <entity>', with the server's message when present (spec 2 §8).
 * Categories and inspection questions always use the fixed text: pass `fixed`.
 */
export function notifySettingsFailure(
  entity: string,
  action: SettingsAction,
  error: unknown,
  options: { fixed?: boolean } = {},
): void {
  const fallback = `Failed to ${action} ${entity.toLowerCase()}`;
  const server = !options.fixed && isApiError(error) ? error.serverMessage : undefined;
  showToast({ tone: 'error', title: 'Error', message: server ?? fallback });
}
