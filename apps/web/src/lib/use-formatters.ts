import { createFormatters, type Formatters } from '@dms/domain';
import { useMemo } from 'react';
import { useAppSettings } from './app-settings';

/**
 * Money, numbers, dates and times in the operator's currency, locale and time zone (GET
 * /api/settings). Until the settings have loaded, the defaults (AUD, en-AU, Sydney).
 */
export function useFormatters(): Formatters {
  const { currency, locale, timeZone } = useAppSettings().settings;
  return useMemo(() => createFormatters({ currency, locale, timeZone }), [currency, locale, timeZone]);
}
