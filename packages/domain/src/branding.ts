import { DEFAULT_SIGN_OFF_MINUTES, DEFAULT_SIGN_ON_MINUTES } from './driver-hours';

/** A driver signed in at a shared terminal is signed out after this many idle minutes, unless set otherwise. */
export const DEFAULT_TERMINAL_IDLE_MINUTES = 3;

import { DEFAULT_HOURS_RULE_SET_ID } from './driver-hours.rules';
import { DEFAULT_OPERATOR_CURRENCY, DEFAULT_OPERATOR_LOCALE, DEFAULT_OPERATOR_TIME_ZONE } from './format';
import { DEFAULT_LICENCE_CLASS_SET_ID } from './licence-classes';

// The operator's branding and its fallbacks, kept apart from the Zod schemas: every page of the web
// app shows the branding, and the sign-in and terminal pages load no Zod for it (ADR 20).

export const APP_ICONS = ['Truck', 'Bus', 'Car', 'Ship', 'Plane', 'Package', 'Building'] as const;
export type AppIcon = (typeof APP_ICONS)[number];

export const LOGO_BACKGROUNDS = ['transparent', 'white', 'black'] as const;
export type LogoBackground = (typeof LOGO_BACKGROUNDS)[number];

export const DEFAULT_BRANDING = {
  appName: 'Driver Management System',
  appDescription: 'Driver Management System',
  appIcon: 'Truck',
  tagline: 'Streamline your transportation operations',
  logoUrl: null,
  logoBackground: 'transparent',
  currency: DEFAULT_OPERATOR_CURRENCY,
  locale: DEFAULT_OPERATOR_LOCALE,
  timeZone: DEFAULT_OPERATOR_TIME_ZONE,
  hoursRuleSet: DEFAULT_HOURS_RULE_SET_ID,
  licenceClassSet: DEFAULT_LICENCE_CLASS_SET_ID,
  signOnMinutes: DEFAULT_SIGN_ON_MINUTES,
  signOffMinutes: DEFAULT_SIGN_OFF_MINUTES,
  terminalIdleMinutes: DEFAULT_TERMINAL_IDLE_MINUTES,
} as const;

/** Any icon name outside the seven known ones falls back to Truck (spec 1 §1). */
export function resolveAppIcon(name: string | null | undefined): AppIcon {
  return (APP_ICONS as readonly string[]).includes(name ?? '') ? (name as AppIcon) : 'Truck';
}

export function resolveLogoBackground(value: string | null | undefined): LogoBackground {
  return (LOGO_BACKGROUNDS as readonly string[]).includes(value ?? '')
    ? (value as LogoBackground)
    : 'transparent';
}
