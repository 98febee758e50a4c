import { DEFAULT_DOCUMENT_COLORS, type DocumentSettings } from '@dms/domain';

// The colours a document is drawn in, from the document settings (with the defaults when a stored
// colour is not a usable hex value).

export interface DocumentTheme {
  primary: string;
  secondary: string;
  accent: string;
  /** A very light tint of the primary colour, for table headers and the totals box. */
  primaryTint: string;
  accentTint: string;
  text: string;
  muted: string;
  rule: string;
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export function documentTheme(settings: DocumentSettings): DocumentTheme {
  const primary = hexOr(settings.primaryColor, DEFAULT_DOCUMENT_COLORS.primaryColor);
  const secondary = hexOr(settings.secondaryColor, DEFAULT_DOCUMENT_COLORS.secondaryColor);
  const accent = hexOr(settings.accentColor, DEFAULT_DOCUMENT_COLORS.accentColor);
  return {
    primary,
    secondary,
    accent,
    primaryTint: mix(primary, 0.08),
    accentTint: mix(accent, 0.1),
    text: '#1f2937',
    muted: '#6b7280',
    rule: '#e5e7eb',
  };
}

function hexOr(value: string | null | undefined, fallback: string): string {
  const v = value?.trim() ?? '';
  if (!HEX.test(v)) return fallback;
  return v.length === 4 ? `#${[...v.slice(1)].map((c) => c + c).join('')}` : v;
}

/** The colour at `amount` strength over white. */
function mix(hex: string, amount: number): string {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
    return Math.round(255 - (255 - c) * amount)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(1)}${channel(2)}`;
}
