import { z } from 'zod';
import { CURRENCY_MESSAGE, isCurrencyCode, isLocale, LOCALE_MESSAGE } from './format';

// Field rules shared by several forms. Empty optional strings become null (spec 2 §5).

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

export const NAME_MAX_LENGTH = 100;
export const LABEL_MAX_LENGTH = 200;
export const TEXT_MAX_LENGTH = 2000;
export const tooLongMessage = (max: number) => `Must be at most ${max} characters`;
export const CONTROL_CHARACTERS_MESSAGE = 'Must not contain control characters';

// No text field has a use for NUL and the other C0/DEL controls (PostgreSQL refuses NUL
// outright); free text keeps tab and line breaks.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const LINE_CONTROLS = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const TEXT_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Whether one line of text holds a control character (NUL, line breaks, escapes…). */
export const hasLineControls = (value: string) => LINE_CONTROLS.test(value);

/** One line of text: trimmed, at most `max` characters, no control characters. */
export const lineText = (max = LABEL_MAX_LENGTH, message?: string) =>
  z
    .string(message ? { error: message } : undefined)
    .trim()
    .max(max, { error: tooLongMessage(max) })
    .refine((v) => !LINE_CONTROLS.test(v), { error: CONTROL_CHARACTERS_MESSAGE });

/** Several lines of text: trimmed, at most `max` characters, no control characters but tab and line breaks. */
export const multilineText = (max = TEXT_MAX_LENGTH) =>
  z
    .string()
    .trim()
    .max(max, { error: tooLongMessage(max) })
    .refine((v) => !TEXT_CONTROLS.test(v), { error: CONTROL_CHARACTERS_MESSAGE });

/** Optional free text: trimmed, '' → null. */
export const optionalText = (max = TEXT_MAX_LENGTH) =>
  z.preprocess(blankToNull, multilineText(max).nullable().optional()).transform((v) => v ?? null);

/** A required name: trimmed, not empty. */
export const requiredText = (message: string, max = LABEL_MAX_LENGTH) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: tooLongMessage(max) })
    .refine((v) => !LINE_CONTROLS.test(v), { error: CONTROL_CHARACTERS_MESSAGE });

/** A person's first or last name: required, one line, at most 100 characters. */
export const personName = (message: string) => requiredText(message, NAME_MAX_LENGTH);

export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const PHONE_MESSAGE = 'Phone number must be at least 10 characters';
export const MIN_PHONE_LENGTH = 10;

/** Valid email or empty. */
export const optionalEmail = (message = EMAIL_MESSAGE) =>
  z
    .preprocess(
      blankToNull,
      z
        .string()
        .trim()
        .toLowerCase()
        .pipe(z.email({ error: message }))
        .nullable()
        .optional(),
    )
    .transform((v) => v ?? null);

/** At least 10 characters or empty (spec 2 §9). */
export const optionalPhone = (message = PHONE_MESSAGE) =>
  z
    .preprocess(
      blankToNull,
      lineText(40)
        .pipe(z.string().min(MIN_PHONE_LENGTH, { error: message }))
        .nullable()
        .optional(),
    )
    .transform((v) => v ?? null);

export const HEX_COLOR_MESSAGE = 'Invalid hex color';
export const hexColor = (message = HEX_COLOR_MESSAGE) =>
  z.string({ error: message }).regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, { error: message });

/** A 0/1 flag as the spec sends it; booleans are accepted from forms. */
export const flag01 = () => z.union([z.literal(0), z.literal(1), z.boolean().transform((b) => (b ? 1 : 0))]);

/** A whole number of at least 0; empty becomes 0 (vehicle capacities). */
export const wholeNumberOrZero = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 0 : typeof v === 'string' ? Number(v) : v),
    z.number({ error: message }).int({ error: message }).min(0, { error: message }),
  );

/** An optional id of another row; '' → null. */
export const optionalId = () =>
  z.preprocess(blankToNull, lineText(100).nullable().optional()).transform((v) => v ?? null);

/** A lower-case URL-safe slug of a name (unique category slugs). */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The list answer of searchable lists: one page and the total. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  });

/**
 * How far past its page a long list counts its matches (ADR 38, ADR 42). Counting every match cost
 * more than the page itself at volume; past this many, `total` is a lower bound ("1,000+").
 */
export const LIST_COUNT_AHEAD = 1000;

/** A page of a list whose count stops at LIST_COUNT_AHEAD past the page: `totalIsLowerBound` when it did. */
export const boundedPageOf = <T extends z.ZodType>(item: T) =>
  pageOf(item).extend({ totalIsLowerBound: z.boolean() });

/** "240", or "1,000+" when the count stopped at its bound. */
export function countText(total: number, isLowerBound: boolean): string {
  return `${total.toLocaleString('en')}${isLowerBound ? '+' : ''}`;
}

/** The pages a pager offers: those counted, and one more when the count stopped short of the end. */
export function pageCount(total: number, pageSize: number, isLowerBound: boolean): number {
  return Math.ceil(total / pageSize) + (isLowerBound ? 1 : 0);
}

/** Query of searchable lists. */
export const ListQuerySchema = z.object({
  search: lineText(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  includeInactive: z.enum(['0', '1', 'true', 'false']).optional(),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;

/** An ISO 4217 code Intl knows ('aud' is read as 'AUD'). */
export const currencyCode = () =>
  z
    .string({ error: CURRENCY_MESSAGE })
    .trim()
    .toUpperCase()
    .refine(isCurrencyCode, { error: CURRENCY_MESSAGE });

/** A BCP 47 language and region Intl knows, e.g. 'en-AU'. */
export const localeTag = () =>
  z.string({ error: LOCALE_MESSAGE }).trim().refine(isLocale, { error: LOCALE_MESSAGE });
