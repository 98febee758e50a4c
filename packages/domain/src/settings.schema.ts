import { z } from 'zod';
import { APP_ICONS, type DEFAULT_BRANDING, LOGO_BACKGROUNDS } from './branding';
import { HOURS_RULE_SET_IDS } from './driver-hours.rules';
import { currencyCode, lineText, localeTag, requiredText } from './fields';
import { LICENCE_CLASS_SET_IDS } from './licence-classes';

export const SIGN_ON_OFF_MESSAGE = 'Enter whole minutes from 0 to 240';
export const TERMINAL_IDLE_MESSAGE = 'Enter whole minutes from 1 to 60';
const terminalIdleMinutes = () =>
  z.coerce
    .number({ error: TERMINAL_IDLE_MESSAGE })
    .int({ error: TERMINAL_IDLE_MESSAGE })
    .min(1, { error: TERMINAL_IDLE_MESSAGE })
    .max(60, { error: TERMINAL_IDLE_MESSAGE });
const allowanceMinutes = () =>
  z.coerce
    .number({ error: SIGN_ON_OFF_MESSAGE })
    .int({ error: SIGN_ON_OFF_MESSAGE })
    .min(0, { error: SIGN_ON_OFF_MESSAGE })
    .max(240, { error: SIGN_ON_OFF_MESSAGE });

/** The public branding answer of GET /api/settings. */
export const AppSettingsSchema = z.object({
  appName: z.string(),
  appDescription: z.string(),
  appIcon: z.enum(APP_ICONS),
  tagline: z.string(),
  logoUrl: z.string().nullable(),
  logoBackground: z.enum(LOGO_BACKGROUNDS),
  /** The operator's currency (ISO 4217) and locale (BCP 47), set in General settings. */
  currency: z.string(),
  locale: z.string(),
  /** The operator's time zone (APP_TIMEZONE): 'today' and every time shown are in it. */
  timeZone: z.string(),
  /** The driver hours rule set allocations are checked against, and the sign-on/off allowances of planned work. */
  hoursRuleSet: z.enum(HOURS_RULE_SET_IDS),
  /** The licence class set drivers' licences and vehicle categories are written in (ADR 33). */
  licenceClassSet: z.enum(LICENCE_CLASS_SET_IDS),
  signOnMinutes: z.number().int(),
  signOffMinutes: z.number().int(),
  /** A driver signed in at a terminal is signed out after this many minutes without a touch. */
  terminalIdleMinutes: z.number().int(),
  /** Optimistic-locking counter of the stored row (0 while none is stored); send it back with PUT. */
  version: z.number().int().optional(),
});
export type AppSettings = z.infer<typeof AppSettingsSchema>;

/** The fallbacks (branding.ts, which loads no Zod) must stay a valid answer of GET /api/settings. */
export type DefaultBrandingFits = typeof DEFAULT_BRANDING extends AppSettings ? true : never;
export const DEFAULT_BRANDING_FITS: DefaultBrandingFits = true;

/** PUT /api/settings (General panel). The icon stays as stored unless sent. */
export const UpdateAppSettingsInputSchema = z.object({
  appName: requiredText('App name is required', 100),
  appDescription: lineText(200).default(''),
  tagline: lineText(200).default(''),
  appIcon: z.enum(APP_ICONS).optional(),
  logoUrl: lineText(500)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  logoBackground: z.enum(LOGO_BACKGROUNDS).default('transparent'),
  /** Left as stored when not sent. */
  currency: currencyCode().optional(),
  locale: localeTag().optional(),
  hoursRuleSet: z.enum(HOURS_RULE_SET_IDS, { error: 'Choose a rule set from the list' }).optional(),
  licenceClassSet: z
    .enum(LICENCE_CLASS_SET_IDS, { error: 'Choose a licence class set from the list' })
    .optional(),
  signOnMinutes: allowanceMinutes().optional(),
  signOffMinutes: allowanceMinutes().optional(),
  terminalIdleMinutes: terminalIdleMinutes().optional(),
  /** The version the form was loaded with: a stale one is refused with 409 (STALE_RECORD_MESSAGE). */
  version: z.number().int().min(0).optional(),
});
export type UpdateAppSettingsInput = z.input<typeof UpdateAppSettingsInputSchema>;

/** Logo files (spec 2 §5, §9): what the browser checks before uploading and the server enforces. */
export const LOGO_MAX_BYTES = 5_242_880;
export const LOGO_EXTENSIONS = ['png', 'jpg', 'jpeg', 'svg', 'webp'] as const;
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml', 'image/webp'] as const;
export const LOGO_MESSAGES = {
  type: 'Please select a valid image file (PNG, JPG, JPEG, SVG, WebP)',
  size: 'File size must be less than 5MB',
  uploadFailed: 'Failed to upload logo. Please try again.',
  deleteFailed: 'Failed to delete logo. Please try again.',
} as const;

const TypedLogoUploadSchema = z.object({
  fileName: lineText(255).pipe(z.string().min(1)),
  contentType: z.enum(LOGO_CONTENT_TYPES, { error: LOGO_MESSAGES.type }),
  size: z.number().int().min(1).max(LOGO_MAX_BYTES, { error: LOGO_MESSAGES.size }),
});
export type TypedLogoUploadRequest = z.infer<typeof TypedLogoUploadSchema>;

/**
 * The file's name, type and size let the address be bound to them (and S3 needs the size). The
 * spec's client sends no body at all: it gets an address too, and the file is judged by its content
 * when it arrives. A body that names any of the three must name all of them.
 */
export const LogoUploadRequestSchema = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === 'object' && Object.keys(v).length === 0) ? null : v),
  TypedLogoUploadSchema.nullable(),
);
export type LogoUploadRequest = z.output<typeof LogoUploadRequestSchema>;

/** POST /api/logos/upload answer: PUT the file to uploadURL (with its Content-Type), then save logoUrl. */
export const LogoUploadResponseSchema = z.object({
  uploadURL: z.string(),
  logoUrl: z.string(),
  /** When uploadURL stops working (ISO instant). */
  expiresAt: z.string(),
});
export type LogoUploadResponse = z.infer<typeof LogoUploadResponseSchema>;

/** Which settings a logo belongs to: the app branding (default) or the quote documents. */
export const LOGO_TARGETS = ['app', 'document'] as const;
export type LogoTarget = (typeof LOGO_TARGETS)[number];

/** DELETE /api/logos/delete body (optional). */
export const DeleteLogoInputSchema = z
  .object({ target: z.enum(LOGO_TARGETS).default('app') })
  // No body at all (Fastify gives null) means the app logo.
  .nullish()
  .transform((v) => v ?? { target: 'app' as const });
export type DeleteLogoInput = z.input<typeof DeleteLogoInputSchema>;

/** Optimistic locking: the row changed since the form loaded it. */
export const STALE_RECORD_MESSAGE = 'This record was changed by someone else. Reload and try again.';

/** PUT /api/settings/terminals (Settings > Terminals). */
export const TerminalSettingsInputSchema = z.object({ terminalIdleMinutes: terminalIdleMinutes() });
export type TerminalSettingsInput = z.input<typeof TerminalSettingsInputSchema>;
