import type { AppSettings, UpdateAppSettingsInput } from '@dms/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiJson, readJson } from '../../../lib/api-client';
import { appSettingsQueryKey, withBrandingDefaults } from '../../../lib/app-settings';
import { deleteLogo } from './logos';

/**
 * The branding as the General panel edits it: the stored values with their `version`. A key of its
 * own under '/api/settings' (the header's query keeps the defaults-filled shape without version).
 */
export const brandingFormQueryKey = [...appSettingsQueryKey, 'form'] as const;

export type BrandingForm = AppSettings & { version: number };

async function getBrandingForm({ signal }: { signal?: AbortSignal }): Promise<BrandingForm> {
  const raw = await readJson<AppSettings>(await apiFetch('/api/settings', { signal }));
  return { ...withBrandingDefaults(raw), version: raw?.version ?? 0 };
}

/** GET /api/settings with its version, for the General panel. */
export function useBrandingForm() {
  // Always fetched again when the panel opens: the form starts from the stored record.
  return useQuery({ queryKey: brandingFormQueryKey, queryFn: getBrandingForm, refetchOnMount: 'always' });
}

/** Puts a saved branding into both caches and has the header's query fetch it again. */
function useStoreBranding() {
  const queryClient = useQueryClient();
  return (saved: BrandingForm) => {
    queryClient.setQueryData<BrandingForm>(brandingFormQueryKey, saved);
    queryClient.setQueryData<AppSettings>(appSettingsQueryKey, withBrandingDefaults(saved));
    void queryClient.invalidateQueries({ queryKey: appSettingsQueryKey, exact: true });
  };
}

/** PUT /api/settings: the header, sign-in card and terminal show the answer at once. */
export function useUpdateBranding() {
  const store = useStoreBranding();
  return useMutation({
    mutationFn: async (input: UpdateAppSettingsInput): Promise<BrandingForm> => {
      const saved = await apiJson<AppSettings>('PUT', '/api/settings', input);
      return { ...withBrandingDefaults(saved), version: saved.version ?? 0 };
    },
    onSuccess: store,
  });
}

/** DELETE /api/logos/delete {target:'app'}: the header falls back to the branding icon. */
export function useDeleteAppLogo() {
  const queryClient = useQueryClient();
  const store = useStoreBranding();
  return useMutation({
    mutationFn: () => deleteLogo('app'),
    onSuccess: (result) => {
      const current = queryClient.getQueryData<BrandingForm>(brandingFormQueryKey);
      if (current) store({ ...current, logoUrl: null, version: result.version });
      else void queryClient.invalidateQueries({ queryKey: appSettingsQueryKey });
    },
  });
}
