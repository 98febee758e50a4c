import {
  type AppSettings,
  DEFAULT_BRANDING,
  getHoursRuleSet,
  getLicenceClassSet,
  isCurrencyCode,
  isLocale,
  resolveAppIcon,
  resolveLogoBackground,
} from '@dms/domain';
import { useQuery } from '@tanstack/react-query';
import { apiFetch, readJson } from './api-client';
import { SESSION_CACHE_MS } from './query-client';

export const appSettingsQueryKey = ['/api/settings'] as const;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Fills every absent or unusable field with the built-in branding (spec 1 §1) and formats. */
export function withBrandingDefaults(raw: unknown): AppSettings {
  const s = (raw && typeof raw === 'object' ? raw : {}) as Partial<Record<keyof AppSettings, unknown>>;
  return {
    appName: text(s.appName) ?? DEFAULT_BRANDING.appName,
    appDescription: text(s.appDescription) ?? DEFAULT_BRANDING.appDescription,
    appIcon: resolveAppIcon(text(s.appIcon)),
    tagline: typeof s.tagline === 'string' ? s.tagline : DEFAULT_BRANDING.tagline,
    logoUrl: text(s.logoUrl) ?? null,
    logoBackground: resolveLogoBackground(text(s.logoBackground)),
    currency:
      typeof s.currency === 'string' && isCurrencyCode(s.currency) ? s.currency : DEFAULT_BRANDING.currency,
    locale: typeof s.locale === 'string' && isLocale(s.locale) ? s.locale : DEFAULT_BRANDING.locale,
    timeZone: text(s.timeZone) ?? DEFAULT_BRANDING.timeZone,
    hoursRuleSet: getHoursRuleSet(text(s.hoursRuleSet)).id as AppSettings['hoursRuleSet'],
    licenceClassSet: getLicenceClassSet(text(s.licenceClassSet)).id,
    signOnMinutes: typeof s.signOnMinutes === 'number' ? s.signOnMinutes : DEFAULT_BRANDING.signOnMinutes,
    signOffMinutes: typeof s.signOffMinutes === 'number' ? s.signOffMinutes : DEFAULT_BRANDING.signOffMinutes,
    terminalIdleMinutes:
      typeof s.terminalIdleMinutes === 'number'
        ? s.terminalIdleMinutes
        : DEFAULT_BRANDING.terminalIdleMinutes,
  };
}

export async function getAppSettings({ signal }: { signal?: AbortSignal }): Promise<AppSettings> {
  return withBrandingDefaults(await readJson<unknown>(await apiFetch('/api/settings', { signal })));
}

export interface AppSettingsState {
  /** Always usable: the server's branding, else the built-in default. */
  settings: AppSettings;
  isPending: boolean;
  isError: boolean;
}

/** The branding of GET /api/settings, cached 5 minutes; the default branding while loading or on error. */
export function useAppSettings(): AppSettingsState {
  const query = useQuery({
    queryKey: appSettingsQueryKey,
    queryFn: getAppSettings,
    staleTime: SESSION_CACHE_MS,
    gcTime: SESSION_CACHE_MS,
  });
  return {
    settings: query.data ?? DEFAULT_BRANDING,
    isPending: query.isPending,
    isError: query.isError,
  };
}
