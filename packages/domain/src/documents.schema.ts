import { z } from 'zod';
import { LOGO_BACKGROUNDS } from './branding';
import { hexColor, lineText, multilineText, optionalText, requiredText } from './fields';
import { QUOTE_VALID_DAYS_MAX, QUOTE_VALID_DAYS_MESSAGE, TAX_LABEL_MAX_LENGTH } from './quote-terms';

// Quote template settings and terms templates (spec 2 §2.7, §3.2, §5, §9).

export const DEFAULT_DOCUMENT_COLORS = {
  primaryColor: '#1e40af',
  secondaryColor: '#64748b',
  accentColor: '#0891b2',
};
export const DEFAULT_QUOTE_HEADER_TEXT = 'QUOTE';
export const DEFAULT_JOB_SHEET_HEADER_TEXT = 'JOB SHEET';
export const DEFAULT_QUOTE_FOOTER_TEXT =
  'School Loyalty Offer: after 9 school charters, receive $400 off every 10th bus you book with us.';

/** Terms and conditions run to several pages of rich text. */
export const TERMS_MAX_LENGTH = 50_000;

// An http(s) address with a host name: the website is printed as a link on quotes.
const WEB_ADDRESS = /^https?:\/\/[^\s/?#@]+\.[^\s/?#@]+(?:[/?#]\S*)?$/i;

function isWebAddress(value: string): boolean {
  return WEB_ADDRESS.test(value);
}

export const DocumentSettingsInputSchema = z.object({
  companyName: requiredText('Company name is required'),
  companyAddress: requiredText('Company address is required'),
  companyPhone: requiredText('Company phone is required'),
  companyEmail: z
    .string({ error: 'Company email is required' })
    .trim()
    .min(1, { error: 'Company email is required' })
    .pipe(z.email({ error: 'Invalid email address' })),
  companyABN: requiredText('ABN is required'),
  companyWebsite: requiredText('Website is required').refine(isWebAddress, {
    error: 'Website must start with http:// or https://',
  }),
  logoUrl: optionalText(),
  logoBackground: z.enum(LOGO_BACKGROUNDS).default('transparent'),
  primaryColor: hexColor(),
  secondaryColor: hexColor(),
  accentColor: hexColor(),
  quoteHeaderText: requiredText('Header text is required'),
  quoteFooterText: optionalText(),
  showLoyaltyFooter: z.boolean(),
  showVehicleNotes: z.boolean(),
  showTermsAndConditions: z.boolean(),
  showPricingBreakdown: z.boolean(),
  /** Days a quote holds from its issue date ("Valid until"); left out, the stored value stays. */
  quoteValidDays: z.coerce
    .number({ error: QUOTE_VALID_DAYS_MESSAGE })
    .int({ error: QUOTE_VALID_DAYS_MESSAGE })
    .min(1, { error: QUOTE_VALID_DAYS_MESSAGE })
    .max(QUOTE_VALID_DAYS_MAX, { error: QUOTE_VALID_DAYS_MESSAGE })
    .optional(),
  /** The tax line's name ('GST'); blank means the locale's usual name. Left out, the stored value stays. */
  taxLabel: z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      lineText(TAX_LABEL_MAX_LENGTH).nullable(),
    )
    .optional(),
  /** The version the form was loaded with: a stale one is refused with 409. */
  version: z.number().int().min(0).optional(),
});
export type DocumentSettingsInput = z.input<typeof DocumentSettingsInputSchema>;

/** GET /api/document-settings: the stored values with defaults; the show flags as booleans. */
export const DocumentSettingsSchema = z.object({
  companyName: z.string().nullable(),
  companyAddress: z.string().nullable(),
  companyPhone: z.string().nullable(),
  companyEmail: z.string().nullable(),
  companyABN: z.string().nullable(),
  companyWebsite: z.string().nullable(),
  logoUrl: z.string().nullable(),
  logoBackground: z.enum(LOGO_BACKGROUNDS),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  accentColor: z.string(),
  quoteHeaderText: z.string(),
  quoteFooterText: z.string().nullable(),
  showLoyaltyFooter: z.boolean(),
  jobSheetHeaderText: z.string(),
  jobSheetFooterText: z.string().nullable(),
  showVehicleNotes: z.boolean(),
  showTermsAndConditions: z.boolean(),
  showPricingBreakdown: z.boolean(),
  quoteValidDays: z.number().int(),
  /** Null: the quote uses the usual name of the tax in the operator's locale (defaultTaxLabel). */
  taxLabel: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /** Optimistic-locking counter (0 while nothing is stored); send it back with PUT. */
  version: z.number().int(),
});
export type DocumentSettings = z.infer<typeof DocumentSettingsSchema>;

export const TermsTemplateInputSchema = z.object({
  name: requiredText('Template name is required'),
  content: z
    .string({ error: 'Template content is required' })
    .pipe(multilineText(TERMS_MAX_LENGTH))
    .pipe(z.string().min(1, { error: 'Template content is required' })),
  isDefault: z.union([z.literal(0), z.literal(1), z.boolean().transform((b) => (b ? 1 : 0))]).default(0),
});
export type TermsTemplateInput = z.input<typeof TermsTemplateInputSchema>;
/** PATCH: only the fields sent change (no defaults: a missing isDefault keeps the stored one). */
export const UpdateTermsTemplateInputSchema = z.object({
  name: TermsTemplateInputSchema.shape.name.optional(),
  content: TermsTemplateInputSchema.shape.content.optional(),
  isDefault: z.union([z.literal(0), z.literal(1), z.boolean().transform((b) => (b ? 1 : 0))]).optional(),
});
export type UpdateTermsTemplateInput = z.input<typeof UpdateTermsTemplateInputSchema>;

export const TermsTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  content: z.string(),
  isDefault: z.union([z.literal(0), z.literal(1)]),
  isActive: z.union([z.literal(0), z.literal(1)]),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TermsTemplate = z.infer<typeof TermsTemplateSchema>;
