import { createRequire } from 'node:module';
import { Font } from '@react-pdf/renderer';

// react-pdf's built-in Helvetica only covers Latin-1 (no arrows, no non-Latin names or addresses), so
// the documents embed Noto Sans (DESIGN.md "PDF"). The TTF files are resolved from node_modules at
// run time, which works the same from src/ (tsx, Vitest) and from the esbuild bundle in dist/.

export const PDF_FONT_FAMILY = 'NotoSans';

const FONT_FILES = [
  { weight: 400, style: 'normal', file: '400Regular/NotoSans_400Regular.ttf' },
  { weight: 400, style: 'italic', file: '400Regular_Italic/NotoSans_400Regular_Italic.ttf' },
  { weight: 700, style: 'normal', file: '700Bold/NotoSans_700Bold.ttf' },
  { weight: 700, style: 'italic', file: '700Bold_Italic/NotoSans_700Bold_Italic.ttf' },
] as const;

let registered = false;

/** Registers the font once per process; later renders reuse the parsed font. */
export function registerPdfFonts(): void {
  if (registered) return;
  const require = createRequire(import.meta.url);
  Font.register({
    family: PDF_FONT_FAMILY,
    fonts: FONT_FILES.map((f) => ({
      src: require.resolve(`@expo-google-fonts/noto-sans/${f.file}`),
      fontWeight: f.weight,
      fontStyle: f.style,
    })),
  });
  // Addresses and names must never be split with a hyphen in a printed document.
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}
