import { DEFAULT_DOCUMENT_COLORS } from '@dms/domain';
import {
  Anchor,
  Box,
  Card,
  Code,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  useComputedColorScheme,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useDocumentSettings } from '../api/documents';
import { previewColors, type QuoteColors, QuoteSample, textOn } from '../components/quote-color-preview';

/** Colour schemes that print well, for comparison. */
const PALETTES: { name: string; colors: QuoteColors }[] = [
  { name: 'Default', colors: DEFAULT_DOCUMENT_COLORS },
  { name: 'Forest', colors: { primaryColor: '#166534', secondaryColor: '#57534e', accentColor: '#ca8a04' } },
  {
    name: 'Burgundy',
    colors: { primaryColor: '#881337', secondaryColor: '#6b7280', accentColor: '#b45309' },
  },
  {
    name: 'Charcoal',
    colors: { primaryColor: '#1f2937', secondaryColor: '#6b7280', accentColor: '#dc2626' },
  },
  { name: 'Ocean', colors: { primaryColor: '#0e7490', secondaryColor: '#475569', accentColor: '#ea580c' } },
  { name: 'Royal', colors: { primaryColor: '#4c1d95', secondaryColor: '#64748b', accentColor: '#db2777' } },
];

const ROLES: { field: keyof QuoteColors; label: string; use: string }[] = [
  { field: 'primaryColor', label: 'Primary', use: 'Header band and table headings' },
  { field: 'secondaryColor', label: 'Secondary', use: 'Labels, section titles and table stripes' },
  { field: 'accentColor', label: 'Accent', use: 'Total and footer' },
];

function Chip({ color }: { color: string }) {
  return (
    <Box
      w={28}
      h={28}
      style={{
        background: color,
        borderRadius: 6,
        border: '1px solid var(--mantine-color-default-border)',
        flex: '0 0 auto',
      }}
      aria-hidden="true"
    />
  );
}

function PaletteCard({ name, colors, current }: { name: string; colors: QuoteColors; current: boolean }) {
  return (
    <Card
      padding="sm"
      withBorder
      data-testid="palette"
      aria-label={`${name} colour scheme`}
      component="figure"
      m={0}
    >
      <Box style={{ borderRadius: 6, overflow: 'hidden', border: '1px solid #e5e7eb', background: '#fff' }}>
        <Box px="sm" py={8} style={{ background: colors.primaryColor }}>
          <Text size="xs" fw={700} style={{ color: textOn(colors.primaryColor), letterSpacing: 1 }}>
            QUOTE
          </Text>
        </Box>
        <Stack gap={4} p="xs">
          <Box h={6} w="40%" style={{ background: colors.secondaryColor, borderRadius: 3 }} />
          <Box h={6} w="70%" style={{ background: '#e5e7eb', borderRadius: 3 }} />
          <Box h={6} w="55%" style={{ background: '#e5e7eb', borderRadius: 3 }} />
          <Group justify="flex-end">
            <Box h={8} w="30%" style={{ background: colors.accentColor, borderRadius: 3 }} />
          </Group>
        </Stack>
        <Box h={10} style={{ background: colors.accentColor }} />
      </Box>
      <Group justify="space-between" mt="xs" gap={4}>
        <Text size="sm" fw={600} component="figcaption">
          {name}
        </Text>
        {current ? (
          <Text size="xs" c="dimmed">
            current
          </Text>
        ) : null}
      </Group>
      <Group gap={4} wrap="wrap">
        {ROLES.map(({ field }) => (
          <Code key={field} fz="xs">
            {colors[field]}
          </Code>
        ))}
      </Group>
    </Card>
  );
}

/**
 * /settings/documents/quotes/preview (manager only, opened in a new tab by 'Preview Color Options'):
 * the colours being edited (from the address, else the saved ones) on a sample quote, and a few
 * other schemes for comparison.
 */
export function QuoteColorPreviewPage() {
  const [search] = useSearchParams();
  const query = useDocumentSettings();
  const scheme = useComputedColorScheme('light');
  const saved = query.data;
  const colors = previewColors(search, saved);
  const same = (a: QuoteColors, b: QuoteColors) =>
    ROLES.every(({ field }) => a[field].toLowerCase() === b[field].toLowerCase());

  return (
    <Box
      mih="100vh"
      py="xl"
      px="md"
      style={{
        background: scheme === 'dark' ? 'var(--mantine-color-dark-8)' : 'var(--mantine-color-gray-0)',
      }}
    >
      <Container size="md" px={0}>
        <Stack gap="xl">
          <Stack gap="xs">
            <Anchor component={Link} to="/settings/documents/quotes" size="sm">
              <Group gap={4} component="span">
                <IconArrowLeft size={14} aria-hidden="true" />
                Quote Template Settings
              </Group>
            </Anchor>
            <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
              Preview Color Options
            </Title>
            <Text c="dimmed" size="sm">
              How the colour scheme looks on a quote. Change the colours under Settings, Documents, Quotes and
              save them there.
            </Text>
          </Stack>

          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {ROLES.map(({ field, label, use }) => (
              <Card key={field} padding="sm" withBorder>
                <Group gap="sm" wrap="nowrap">
                  <Chip color={colors[field]} />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Group gap={6}>
                      <Text size="sm" fw={600}>
                        {label}
                      </Text>
                      <Code fz="xs" data-testid={`preview-${field}`}>
                        {colors[field]}
                      </Code>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {use}
                    </Text>
                  </Stack>
                </Group>
              </Card>
            ))}
          </SimpleGrid>

          {query.isPending ? (
            <Skeleton h={520} radius="md" />
          ) : (
            <QuoteSample
              colors={colors}
              companyName={saved?.companyName}
              companyAddress={saved?.companyAddress}
              companyPhone={saved?.companyPhone}
              companyEmail={saved?.companyEmail}
              logoUrl={saved?.logoUrl}
              headerText={saved?.quoteHeaderText}
              footerText={saved?.quoteFooterText}
              showFooter={saved?.showLoyaltyFooter ?? true}
            />
          )}

          <Stack gap="sm">
            <Title order={2} size="h4">
              Other color schemes
            </Title>
            <Text size="sm" c="dimmed">
              Schemes that print well. Copy the codes into the colour fields to use one.
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
              {PALETTES.map((p) => (
                <PaletteCard key={p.name} name={p.name} colors={p.colors} current={same(p.colors, colors)} />
              ))}
            </SimpleGrid>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
