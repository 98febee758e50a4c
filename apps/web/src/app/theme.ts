import { ActionIcon, Card, createTheme, type MantineColorsTuple, Paper, Table, Tooltip } from '@mantine/core';

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

/** The one Mantine theme (DESIGN.md "Look and feel"). */
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 8, dark: 6 },
  colors: { brand },
  fontFamily: systemFonts,
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  headings: { fontFamily: systemFonts, fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    ActionIcon: ActionIcon.extend({ defaultProps: { variant: 'default' } }),
    Card: Card.extend({ defaultProps: { withBorder: true, radius: 'md' } }),
    Paper: Paper.extend({ defaultProps: { radius: 'md' } }),
    Table: Table.extend({ defaultProps: { verticalSpacing: 'sm', highlightOnHover: true } }),
    // Spec 1 §9: tooltip open delay 700 ms.
    Tooltip: Tooltip.extend({ defaultProps: { openDelay: 700, withArrow: true } }),
  },
});
