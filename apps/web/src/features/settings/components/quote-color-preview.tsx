import { DEFAULT_DOCUMENT_COLORS, DEFAULT_QUOTE_FOOTER_TEXT, DEFAULT_QUOTE_HEADER_TEXT } from '@dms/domain';
import { Box, Group, Image, Stack, Table, Text } from '@mantine/core';
import { useFormatters } from '../../../lib/use-formatters';

/** The static colour preview page (manager only), opened in a new tab from the quote settings. */
export const QUOTE_PREVIEW_PATH = '/settings/documents/quotes/preview';

export interface QuoteColors {
  primaryColor: string;
  secondaryColor: string;
  accentColor: string;
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const PARAMS = { primaryColor: 'primary', secondaryColor: 'secondary', accentColor: 'accent' } as const;

/** The preview address with the colours being edited (invalid ones are left out). */
export function quotePreviewHref(colors: QuoteColors): string {
  const search = new URLSearchParams();
  for (const [field, param] of Object.entries(PARAMS) as [keyof QuoteColors, string][]) {
    const value = colors[field].trim();
    if (HEX.test(value)) search.set(param, value);
  }
  const query = search.toString();
  return query ? `${QUOTE_PREVIEW_PATH}?${query}` : QUOTE_PREVIEW_PATH;
}

/** The colours of the address, else the fallback (the saved ones), else the defaults of spec 2 §9. */
export function previewColors(search: URLSearchParams, fallback?: Partial<QuoteColors>): QuoteColors {
  const pick = (field: keyof QuoteColors): string => {
    const fromUrl = search.get(PARAMS[field]) ?? '';
    if (HEX.test(fromUrl)) return fromUrl;
    const saved = fallback?.[field] ?? '';
    return HEX.test(saved) ? saved : DEFAULT_DOCUMENT_COLORS[field];
  };
  return {
    primaryColor: pick('primaryColor'),
    secondaryColor: pick('secondaryColor'),
    accentColor: pick('accentColor'),
  };
}

function channels(hex: string): [number, number, number] {
  let h = hex.slice(1);
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16) / 255) as [number, number, number];
}

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** White or near-black text, whichever reads better on the colour (WCAG contrast). */
export function textOn(hex: string): string {
  const l = luminance(hex);
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#111827';
}

/** The colour with an alpha channel (for light table stripes). */
function tint(hex: string, alpha: number): string {
  const [r, g, b] = channels(hex).map((c) => Math.round(c * 255));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

export interface QuoteSampleProps {
  colors: QuoteColors;
  companyName?: string | null;
  companyAddress?: string | null;
  companyPhone?: string | null;
  companyEmail?: string | null;
  logoUrl?: string | null;
  headerText?: string | null;
  footerText?: string | null;
  showFooter?: boolean;
}

const LINES = [
  { description: '57-seat coach: depot to Taronga Zoo and return', qty: 2, price: 1450 },
  { description: 'Waiting time (3 hours per vehicle)', qty: 6, price: 90 },
  { description: 'School loyalty discount', qty: 1, price: -400 },
];

/**
 * A sample quote in the given colours: primary on the header band and table headings, secondary on
 * labels and section titles, accent on the total and the footer. Always on white, like the PDF.
 */
export function QuoteSample({
  colors,
  companyName,
  companyAddress,
  companyPhone,
  companyEmail,
  logoUrl,
  headerText,
  footerText,
  showFooter = true,
}: QuoteSampleProps) {
  const format = useFormatters();
  const money = format.money;
  const { primaryColor: primary, secondaryColor: secondary, accentColor: accent } = colors;
  const onPrimary = textOn(primary);
  const onAccent = textOn(accent);
  const total = LINES.reduce((sum, l) => sum + l.qty * l.price, 0);
  const gst = total - total / 1.1;
  const label = {
    color: secondary,
    fontSize: 11,
    fontWeight: 700,
    letterSpacing: 0.6,
    textTransform: 'uppercase',
  } as const;

  return (
    <Box
      data-testid="quote-sample"
      style={{
        background: '#ffffff',
        color: '#111827',
        borderRadius: 8,
        overflow: 'hidden',
        boxShadow: '0 1px 3px rgba(0,0,0,0.12), 0 8px 24px rgba(0,0,0,0.08)',
        border: '1px solid #e5e7eb',
      }}
    >
      <Group
        justify="space-between"
        align="flex-start"
        wrap="wrap"
        gap="md"
        p="lg"
        style={{ background: primary, color: onPrimary }}
        data-testid="quote-sample-header"
      >
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          {logoUrl ? (
            <Image src={logoUrl} alt="" w={44} h={44} fit="contain" radius="sm" bg="#ffffff" p={4} />
          ) : null}
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={700} size="lg" style={{ color: onPrimary, overflowWrap: 'anywhere' }}>
              {companyName || 'Your Company Pty Ltd'}
            </Text>
            <Text size="xs" style={{ color: onPrimary, opacity: 0.85, overflowWrap: 'anywhere' }}>
              {companyAddress || '1 Example Street, Sydney NSW 2000'}
            </Text>
            <Text size="xs" style={{ color: onPrimary, opacity: 0.85, overflowWrap: 'anywhere' }}>
              {[companyPhone, companyEmail].filter(Boolean).join(' · ') ||
                '(02) 5550 0000 · bookings@example.com'}
            </Text>
          </Stack>
        </Group>
        <Stack gap={0} align="flex-end" ml="auto">
          <Text fw={800} style={{ color: onPrimary, fontSize: 26, letterSpacing: 2 }}>
            {headerText || DEFAULT_QUOTE_HEADER_TEXT}
          </Text>
          <Text size="xs" style={{ color: onPrimary, opacity: 0.85 }}>
            Q-1042 · 14 March 2025
          </Text>
        </Stack>
      </Group>

      <Stack gap="lg" p="lg">
        <Group gap="xl" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Text style={label}>Prepared for</Text>
            <Text size="sm" fw={600} c="#111827">
              Riverside Grammar School
            </Text>
            <Text size="sm" c="#4b5563">
              Attn: Booking Coordinator
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text style={label}>Service</Text>
            <Text size="sm" fw={600} c="#111827">
              Year 9 Excursion: Taronga Zoo
            </Text>
            <Text size="sm" c="#4b5563">
              Friday 28 March 2025 · 110 passengers
            </Text>
          </Stack>
        </Group>

        <Box style={{ overflowX: 'auto' }}>
          <Table
            withRowBorders={false}
            highlightOnHover={false}
            verticalSpacing={8}
            horizontalSpacing="sm"
            style={{ color: '#111827' }}
            data-testid="quote-sample-table"
          >
            <Table.Thead>
              <Table.Tr style={{ background: primary }}>
                <Table.Th style={{ color: onPrimary }}>Description</Table.Th>
                <Table.Th style={{ color: onPrimary, textAlign: 'right', width: 48 }}>Qty</Table.Th>
                <Table.Th style={{ color: onPrimary, textAlign: 'right', whiteSpace: 'nowrap' }}>
                  Amount
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {LINES.map((line, i) => (
                <Table.Tr
                  key={line.description}
                  style={{ background: i % 2 ? tint(secondary, 0.08) : undefined }}
                >
                  <Table.Td>{line.description}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{line.qty}</Table.Td>
                  <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                    {money(line.qty * line.price)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>

        <Stack gap={4} ml="auto" w={{ base: '100%', xs: 260 }}>
          <Group justify="space-between">
            <Text size="sm" style={{ color: secondary }}>
              Includes GST (10%)
            </Text>
            <Text size="sm" c="#111827">
              {money(gst)}
            </Text>
          </Group>
          <Group justify="space-between" pt={6} style={{ borderTop: `2px solid ${accent}` }}>
            <Text fw={700} c="#111827">
              Total ({format.operator.currency})
            </Text>
            <Text fw={800} size="lg" style={{ color: accent }} data-testid="quote-sample-total">
              {money(total)}
            </Text>
          </Group>
        </Stack>

        <Stack gap={4}>
          <Text style={label}>Terms and conditions</Text>
          <Text size="xs" c="#4b5563">
            A booking is confirmed on written acceptance of this quote. Payment is due within 14 days of the
            invoice date.
          </Text>
        </Stack>
      </Stack>

      {showFooter ? (
        <Box
          px="lg"
          py="sm"
          style={{ background: accent, color: onAccent }}
          data-testid="quote-sample-footer"
        >
          <Text size="sm" fw={500} style={{ color: onAccent }}>
            {footerText || DEFAULT_QUOTE_FOOTER_TEXT}
          </Text>
        </Box>
      ) : (
        <Box h={8} style={{ background: accent }} data-testid="quote-sample-footer" />
      )}
    </Box>
  );
}
