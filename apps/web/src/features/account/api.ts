import { DEFAULT_PREFERENCES, type Preferences } from '@dms/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiJson, readJson } from '../../lib/api-client';

export const preferencesQueryKey = ['/api/preferences'] as const;

function flag(value: unknown, fallback: 0 | 1): 0 | 1 {
  if (value === 1 || value === true) return 1;
  if (value === 0 || value === false) return 0;
  return fallback;
}

/** The five preference fields; anything absent takes its default (all on, 24 hours). */
export function normalisePreferences(raw: unknown): Preferences {
  const p = (raw && typeof raw === 'object' ? raw : {}) as Partial<Record<keyof Preferences, unknown>>;
  const hours = Number(p.reminderHours);
  return {
    emailNewAssignments: flag(p.emailNewAssignments, DEFAULT_PREFERENCES.emailNewAssignments),
    emailJobUpdates: flag(p.emailJobUpdates, DEFAULT_PREFERENCES.emailJobUpdates),
    emailCancellations: flag(p.emailCancellations, DEFAULT_PREFERENCES.emailCancellations),
    emailReminders: flag(p.emailReminders, DEFAULT_PREFERENCES.emailReminders),
    reminderHours:
      Number.isInteger(hours) && hours >= 1 && hours <= 168 ? hours : DEFAULT_PREFERENCES.reminderHours,
    emailSafetyAlerts: flag(p.emailSafetyAlerts, DEFAULT_PREFERENCES.emailSafetyAlerts),
    emailComplianceDigest: flag(p.emailComplianceDigest, DEFAULT_PREFERENCES.emailComplianceDigest),
  };
}

/** GET /api/preferences: the signed-in user's email notification preferences. */
export function usePreferences() {
  return useQuery({
    queryKey: preferencesQueryKey,
    queryFn: async ({ signal }) =>
      normalisePreferences(await readJson<unknown>(await apiFetch(preferencesQueryKey[0], { signal }))),
  });
}

/** PUT /api/preferences: the five fields; the cache takes the saved answer. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (preferences: Preferences) =>
      normalisePreferences(
        (await apiJson<unknown>('PUT', preferencesQueryKey[0], preferences)) ?? preferences,
      ),
    onSuccess: (saved) => queryClient.setQueryData(preferencesQueryKey, saved),
  });
}

/** PUT /api/user/pin: a driver chooses their own terminal PIN. */
export function useChangeOwnPin() {
  return useMutation({
    mutationFn: (pin: string) => apiJson<{ message: string }>('PUT', '/api/user/pin', { pin }),
  });
}
