import { z } from 'zod';

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
} as const satisfies AppSettings;

/** Any icon name outside the seven known ones falls back to Truck (spec 1 §1). */
export function resolveAppIcon(name: string | null | undefined): AppIcon {
  return (APP_ICONS as readonly string[]).includes(name ?? '') ? (name as AppIcon) : 'Truck';
}

export function resolveLogoBackground(value: string | null | undefined): LogoBackground {
  return (LOGO_BACKGROUNDS as readonly string[]).includes(value ?? '')
    ? (value as LogoBackground)
    : 'transparent';
}

/** The public branding answer of GET /api/settings. */
export const AppSettingsSchema = z.object({
  appName: z.string(),
  appDescription: z.string(),
  appIcon: z.enum(APP_ICONS),
  tagline: z.string(),
  logoUrl: z.string().nullable(),
  logoBackground: z.enum(LOGO_BACKGROUNDS),
});
export type AppSettings = z.infer<typeof AppSettingsSchema>;
