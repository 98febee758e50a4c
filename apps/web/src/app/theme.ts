import {
  type ActionIconProps,
  type CardProps,
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type DrawerProps,
  darken,
  defaultVariantColorsResolver,
  lighten,
  luminance,
  type MantineColorsTuple,
  type MantineTheme,
  type MenuProps,
  type ModalProps,
  type NotificationProps,
  type PaginationProps,
  type PaperProps,
  parseThemeColor,
  type SegmentedControlProps,
  type TableProps,
  type TooltipProps,
} from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './theme.module.css';

/** Deep blue: shade 8 is the light-scheme primary, shade 6 the dark-scheme one. */
const brand: MantineColorsTuple = [
  '#eaf1ff',
  '#d3e0fb',
  '#a5bef2',
  '#7499ea',
  '#4b7ae3',
  '#3166df',
  '#225cde',
  '#144bc6',
  '#0a42b2',
  '#00389e',
];

const systemFonts =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

/** Labels for the Pagination arrows, which show only an icon. */
const PAGINATION_CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/** The one Mantine theme (DESIGN.md "Look and feel"). */
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 8, dark: 6 },
  colors: { brand },
  // Text on a filled colour (buttons, badges) is --mantine-color-{name}-contrast, white or black per
  // scheme, set by cssVariablesResolver below so that it passes on the filled shade (ADR 16).
  variantColorResolver: (input) => {
    const colors = defaultVariantColorsResolver(input);
    const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
    if (input.variant === 'filled' && parsed.isThemeColor && parsed.shade === undefined) {
      return { ...colors, color: `var(--mantine-color-${parsed.color}-contrast)` };
    }
    return colors;
  },
  fontFamily: systemFonts,
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  headings: { fontFamily: systemFonts, fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  // Plain objects, not `Component.extend(…)`: extend would import each component (Menu, Tooltip,
  // Drawer, Table…) into the first-load bundle of every page, the sign-in page included (ADR 20).
  components: {
    ActionIcon: { defaultProps: { variant: 'default' } satisfies ActionIconProps },
    Card: { defaultProps: { withBorder: true, radius: 'md' } satisfies CardProps },
    // The dialogs' × buttons show only an icon: give them a name a screen reader can say.
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<DrawerProps> },
    // No focusable placeholder inside role="menu" (axe: aria-required-children); focus goes to the first item.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } satisfies MenuProps },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<ModalProps> },
    // Toasts: a named × and the description in the dimmed grey that passes (Mantine's CSS sets gray 6 / dark 2).
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies NotificationProps,
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
    Pagination: {
      defaultProps: {
        getControlProps: (control) => ({ 'aria-label': PAGINATION_CONTROL_LABELS[control] }),
      } satisfies Partial<PaginationProps>,
    },
    Paper: { defaultProps: { radius: 'md' } satisfies PaperProps },
    // A coloured segment's label takes the colour's contrast text (theme.module.css).
    SegmentedControl: {
      classNames: { label: classes.segmentedLabel },
      styles: (_theme: MantineTheme, props: SegmentedControlProps) => ({
        root: {
          '--sc-contrast':
            props.color && !props.color.includes('.')
              ? `var(--mantine-color-${props.color}-contrast)`
              : undefined,
        } as CSSProperties,
      }),
    },
    Table: { defaultProps: { verticalSpacing: 'sm', highlightOnHover: true } satisfies TableProps },
    // Spec 1 §9: tooltip open delay 700 ms.
    Tooltip: { defaultProps: { openDelay: 700, withArrow: true } satisfies Partial<TooltipProps> },
  },
});

// ---- Contrast (WCAG 2.2 AA, issue 17, ADR 16) -------------------------------------------------
//
// Body text needs 4.5:1 against what is behind it. Mantine's defaults miss it for the dimmed grey
// (3.32:1 on white), placeholders, disabled labels, error text and most coloured text; these
// variables bring every one over the bar, in light and dark, keeping each colour's hue.

/** Aim a little above 4.5:1 so that rounding in the browser never lands under it. */
const TARGET = 4.6;

/**
 * The filled background and the text on it: white if it reaches 4.5:1 on the theme's shade or on
 * one of the next two darker shades, else black on the theme's shade.
 */
function filled(name: string, shades: readonly string[], shade: number): Record<string, string> {
  for (let s = shade; s <= Math.min(shade + 2, 9); s += 1) {
    if (contrast('#ffffff', shades[s] as string) >= 4.5) {
      return {
        [`--mantine-color-${name}-filled`]: `var(--mantine-color-${name}-${s})`,
        [`--mantine-color-${name}-filled-hover`]: `var(--mantine-color-${name}-${s === 9 ? 8 : s + 1})`,
        [`--mantine-color-${name}-contrast`]: 'var(--mantine-color-white)',
      };
    }
  }
  return { [`--mantine-color-${name}-contrast`]: 'var(--mantine-color-black)' };
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The colour, darkened (on light surfaces) or lightened (on dark ones) in small steps until it
 * reaches TARGET on every given surface. Mixing with black or white keeps the hue.
 */
function readable(color: string, surfaces: string[], towards: 'darker' | 'lighter'): string {
  for (let amount = 0; amount <= 1; amount += 0.02) {
    const candidate =
      amount === 0 ? color : towards === 'darker' ? darken(color, amount) : lighten(color, amount);
    if (surfaces.every((s) => contrast(candidate, s) >= TARGET)) return candidate;
  }
  return towards === 'darker' ? '#000000' : '#ffffff';
}

const { gray, dark } = DEFAULT_THEME.colors;
/**
 * Where text sits in light: the page and cards (white), the sign-in backdrop and striped rows (gray 0),
 * and a table row under the pointer (gray 1, Mantine's hover colour).
 */
const LIGHT_SURFACES = ['#ffffff', gray[0], gray[1]];
/**
 * Where text sits in dark: the sign-in backdrop (dark 8), the page (dark 7), cards and dialogs (dark 6),
 * and a table row under the pointer (dark 5): a link in a row the pointer rests on must stay readable.
 */
const DARK_SURFACES = [dark[8], dark[7], dark[6], dark[5]];

/**
 * Replaces Mantine's text greys and coloured text with shades that pass (ratios against white /
 * dark 7 / dark 6; see ADR 16 for the table):
 * - dimmed: light #5c636a (6.09:1 on white, 5.14:1 on gray 2) for Mantine's gray 6 #868e96 (3.32:1);
 *   dark #a6a6a6 (6.38:1 on dark 7, 5.58:1 on dark 6, 4.60:1 on dark 5) for dark 2 #828282 (3.53:1).
 * - placeholder: light #6b7279 (4.87:1 on white); dark #9a9a9a (4.83:1 on dark 6, the inputs' fill).
 * - disabled labels: light #5c636a on gray 2 (5.14:1); dark #9a9a9a on dark 6 (4.83:1).
 * - errors: light red 9 #c92a2a (5.46:1); dark red 4 #ff8787 (5.86:1 on dark 6).
 * - every colour's text, outline and light-variant text (status badges): the theme shade, darkened
 *   or lightened until it reaches 4.6:1 on its surfaces (light badges: their own tint, shade 1).
 * - filled colours (buttons, badges): white text when it passes on the theme's shade; else the
 *   background goes up to two shades darker to keep white text (red in dark: 6 -> 8); else the shade
 *   stays and the text is black (yellow, orange, green, lime, teal, cyan: bright colours).
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#6b7279',
    '--mantine-color-disabled-color': '#5c636a',
    '--mantine-color-error': t.colors.red[9],
  };
  const darkVars: Record<string, string> = {
    '--mantine-color-dimmed': '#a6a6a6',
    '--mantine-color-placeholder': '#9a9a9a',
    '--mantine-color-disabled-color': '#9a9a9a',
    '--mantine-color-error': t.colors.red[4],
  };
  const lightShade = typeof t.primaryShade === 'number' ? t.primaryShade : t.primaryShade.light;
  const darkShade = typeof t.primaryShade === 'number' ? t.primaryShade : t.primaryShade.dark;
  for (const [name, shades] of Object.entries(t.colors)) {
    if (!shades || name === 'dark') continue;
    Object.assign(light, filled(name, shades, lightShade));
    Object.assign(darkVars, filled(name, shades, darkShade));
    // Light: coloured text (c="red", anchors, outline buttons) on white, light-variant text on its tint.
    const text = readable(shades[lightShade] as string, LIGHT_SURFACES, 'darker');
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-outline`] = text;
    light[`--mantine-color-${name}-light-color`] = readable(
      shades[9] as string,
      [shades[1] as string, '#ffffff'],
      'darker',
    );
    // Dark: coloured text is shade 4 by default; the light variant's text (shade 0) already passes.
    darkVars[`--mantine-color-${name}-text`] = readable(shades[4] as string, DARK_SURFACES, 'lighter');
  }
  light['--mantine-color-anchor'] = light[`--mantine-color-${t.primaryColor}-text`] as string;
  darkVars['--mantine-color-anchor'] = darkVars[`--mantine-color-${t.primaryColor}-text`] as string;
  return { variables: {}, light, dark: darkVars };
};
