import { z } from 'zod';
import { optionalEmail, optionalText, requiredText } from './fields';

// Quote links (issue 24, ADR 32): a manager mails a customer a link to the quote; the customer reads
// it on a public page, then accepts it with a typed name (and optionally a drawn signature) or
// declines it.

export const QUOTE_LINK_STATUSES = ['sent', 'viewed', 'accepted', 'declined', 'expired', 'revoked'] as const;
export type QuoteLinkStatus = (typeof QUOTE_LINK_STATUSES)[number];

export const QUOTE_LINK_STATUS_LABELS: Record<QuoteLinkStatus, string> = {
  sent: 'Sent',
  viewed: 'Viewed',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  revoked: 'Revoked',
};

export const QUOTE_LINK_STATUS_COLORS: Record<QuoteLinkStatus, string> = {
  sent: 'blue',
  viewed: 'violet',
  accepted: 'green',
  declined: 'red',
  expired: 'gray',
  revoked: 'gray',
};

/** The job list's quote filter: quotes the customer opened and has not answered. */
export const QUOTE_LIST_FILTERS = ['viewed_unanswered'] as const;

export const DEFAULT_QUOTE_LINK_EXPIRY_DAYS = 30;
export const DEFAULT_QUOTE_REMINDER_DAYS = 3;
export const QUOTE_LINK_MESSAGE_MAX_LENGTH = 2000;
export const QUOTE_DECLINE_REASON_MAX_LENGTH = 1000;
export const QUOTE_SIGNER_NAME_MAX_LENGTH = 120;
/** A drawn signature as a PNG data URL: a few kilobytes in practice; far more is refused. */
export const QUOTE_SIGNATURE_MAX_LENGTH = 300_000;

/** The one answer for an unknown, malformed, expired or revoked link: none of them tells more. */
export const QUOTE_LINK_INVALID = 'This quote link is not valid or has expired.';
export const QUOTE_ALREADY_ANSWERED = 'This quote has already been answered.';
export const QUOTE_UPDATED = 'This quote has been updated since it was sent. Please ask for a new link.';
export const QUOTE_NOT_QUOTED = 'Only a quoted job can be sent as a quote.';
export const QUOTE_NO_RECIPIENT = 'The job has no contact or customer email. Enter an address.';
export const QUOTE_NO_LINK = 'This job has no open quote link.';
export const QUOTE_NAME_REQUIRED = 'Please type your full name';
export const QUOTE_TERMS_REQUIRED = 'Please accept the terms and conditions';
export const QUOTE_SIGNATURE_INVALID = 'The signature could not be read. Please clear it and sign again.';

export const SendQuoteLinkInputSchema = z.object({
  /** Defaults to the job's contact email, else the customer's. */
  to: optionalEmail(),
  message: optionalText(QUOTE_LINK_MESSAGE_MAX_LENGTH),
});
export type SendQuoteLinkInput = z.input<typeof SendQuoteLinkInputSchema>;

/** The link's state as the manager sees it on the job. */
export const QuoteLinkSchema = z.object({
  status: z.enum(QUOTE_LINK_STATUSES),
  sentTo: z.string(),
  sentAt: z.string(),
  sentByName: z.string().nullable(),
  expiresAt: z.string(),
  viewedAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  acceptedName: z.string().nullable(),
  acceptedIp: z.string().nullable(),
  /** SHA-256 of the quote and terms the customer accepted. */
  acceptedHash: z.string().nullable(),
  hasSignature: z.boolean(),
  declinedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** The quote changed since the link was sent: the customer cannot accept it until a new link goes. */
  changedSinceSent: z.boolean(),
});
export type QuoteLink = z.infer<typeof QuoteLinkSchema>;

export const SendQuoteLinkResultSchema = z.object({
  url: z.string(),
  expiresAt: z.string(),
  status: z.enum(QUOTE_LINK_STATUSES),
});
export type SendQuoteLinkResult = z.infer<typeof SendQuoteLinkResultSchema>;

const days = (max: number) =>
  z
    .number({ error: 'Enter a number of days' })
    .int({ error: 'Enter a whole number of days' })
    .min(1, { error: 'At least 1 day' })
    .max(max, { error: `At most ${max} days` });

export const QuoteLinkSettingsSchema = z.object({
  expiryDays: days(365),
  /** A link viewed and not answered after this many days gets one reminder mail. */
  reminderDays: days(60),
});
export type QuoteLinkSettings = z.infer<typeof QuoteLinkSettingsSchema>;

/** The operator as the public page shows it: its public contact details and brand. */
export const PublicOperatorSchema = z.object({
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  logoUrl: z.string().nullable(),
  primaryColor: z.string(),
  accentColor: z.string(),
  locale: z.string(),
  timeZone: z.string(),
});
export type PublicOperator = z.infer<typeof PublicOperatorSchema>;

/**
 * The quote as the PDF shows it, and nothing more: no ids, no drivers, no vehicles by name, no
 * internal notes. Its JSON text, as sent, is what the customer accepts; its SHA-256 is the evidence.
 */
export const PublicQuoteContentSchema = z.object({
  heading: z.string(),
  quoteNumber: z.string(),
  title: z.string().nullable(),
  serviceDate: z.string().nullable(),
  paxCount: z.number().int().nullable(),
  serviceDescription: z.string().nullable(),
  customerName: z.string().nullable(),
  contactName: z.string().nullable(),
  legs: z.array(
    z.object({
      legNumber: z.number().int(),
      departureTime: z.string().nullable(),
      from: z.string().nullable(),
      to: z.string().nullable(),
      arrivalTime: z.string().nullable(),
    }),
  ),
  vehicles: z.array(
    z.object({
      type: z.string(),
      count: z.number().int(),
      seats: z.number().int().nullable(),
      notes: z.array(z.string()),
    }),
  ),
  priceLines: z.array(z.object({ label: z.string(), amount: z.number(), muted: z.boolean() })),
  totalLabel: z.string(),
  total: z.number(),
  currency: z.string(),
  pricingNotes: z.string().nullable(),
  /** Sanitised HTML (stored so), or null when the document settings hide the terms. */
  termsHtml: z.string().nullable(),
});
export type PublicQuoteContent = z.infer<typeof PublicQuoteContentSchema>;

export const PUBLIC_QUOTE_STATES = ['open', 'accepted', 'declined', 'updated', 'closed'] as const;
export type PublicQuoteState = (typeof PUBLIC_QUOTE_STATES)[number];

export const PublicQuoteSchema = z.object({
  state: z.enum(PUBLIC_QUOTE_STATES),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
  acceptedName: z.string().nullable(),
  declinedAt: z.string().nullable(),
  /** SHA-256 (hex) of the quote text below: what an acceptance is recorded against. */
  quoteHash: z.string(),
  operator: PublicOperatorSchema,
  quote: PublicQuoteContentSchema,
});
export type PublicQuote = z.infer<typeof PublicQuoteSchema>;

/** What a bad link answers (404): the same for every kind of bad, with whom to call. */
export const PublicQuoteInvalidSchema = z.object({
  message: z.string(),
  operator: PublicOperatorSchema.pick({ name: true, phone: true, email: true }),
});

const SIGNATURE_PREFIX = 'data:image/png;base64,';

export const AcceptQuoteInputSchema = z.object({
  name: requiredText(QUOTE_NAME_REQUIRED, QUOTE_SIGNER_NAME_MAX_LENGTH),
  agreeToTerms: z.literal(true, { error: QUOTE_TERMS_REQUIRED }),
  signature: z
    .string()
    .max(QUOTE_SIGNATURE_MAX_LENGTH, { error: 'The signature is too large' })
    .refine((v) => v.startsWith(SIGNATURE_PREFIX), { error: QUOTE_SIGNATURE_INVALID })
    .optional(),
});
export type AcceptQuoteInput = z.input<typeof AcceptQuoteInputSchema>;

export const DeclineQuoteInputSchema = z.object({
  reason: optionalText(QUOTE_DECLINE_REASON_MAX_LENGTH),
});
export type DeclineQuoteInput = z.input<typeof DeclineQuoteInputSchema>;

/** The PNG bytes of a signature data URL (checked by the schema above to carry the prefix). */
export function signatureBase64(dataUrl: string): string {
  return dataUrl.slice(SIGNATURE_PREFIX.length);
}
