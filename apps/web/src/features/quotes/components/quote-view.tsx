import type { Formatters, PublicQuoteContent } from '@dms/domain';
import { Badge, Card, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { RichTextView } from '../../../components/rich-text-view';

function Facts({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  const shown = rows.filter(([, value]) => value !== null && value !== undefined && value !== '');
  if (shown.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" mb={6}>
        {title}
      </Text>
      <Stack gap={4}>
        {shown.map(([label, value]) => (
          <Group key={label} gap="xs" wrap="nowrap" align="flex-start">
            <Text size="sm" c="dimmed" w={96} style={{ flexShrink: 0 }}>
              {label}
            </Text>
            <Text size="sm">{value}</Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} fz="lg">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The quote as the PDF shows it, laid out for a phone first. */
export function QuoteView({ quote, format }: { quote: PublicQuoteContent; format: Formatters }) {
  return (
    <Stack gap="lg" data-testid="public-quote">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Facts
          title="Prepared for"
          rows={[
            ['Customer', quote.customerName],
            ['Contact', quote.contactName],
          ]}
        />
        <Facts
          title="Service"
          rows={[
            ['Service', quote.title],
            ['Date', quote.serviceDate ? format.serviceDate(quote.serviceDate) : null],
            ['Passengers', quote.paxCount === null ? null : String(quote.paxCount)],
          ]}
        />
      </SimpleGrid>

      {quote.serviceDescription ? (
        <Section title="Service details">
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {quote.serviceDescription}
          </Text>
        </Section>
      ) : null}

      {quote.legs.length ? (
        <Section title="Itinerary">
          <Stack gap="xs">
            {quote.legs.map((leg) => (
              <Card key={leg.legNumber} withBorder radius="md" padding="sm" data-testid="quote-leg">
                <Group justify="space-between" mb={4}>
                  <Text size="sm" fw={600}>
                    Leg {leg.legNumber}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {leg.departureTime ?? '—'} – {leg.arrivalTime ?? '—'}
                  </Text>
                </Group>
                <Group gap={6} wrap="nowrap" align="flex-start">
                  <Text size="sm">{leg.from ?? 'To be confirmed'}</Text>
                  <IconArrowRight size={16} aria-label="to" style={{ flexShrink: 0, marginTop: 3 }} />
                  <Text size="sm">{leg.to ?? 'To be confirmed'}</Text>
                </Group>
              </Card>
            ))}
          </Stack>
        </Section>
      ) : null}

      {quote.vehicles.length ? (
        <Section title="Vehicles">
          <Stack gap="xs">
            {quote.vehicles.map((group) => (
              <Group key={group.type} justify="space-between" wrap="nowrap" align="flex-start">
                <div>
                  <Text size="sm" fw={600}>
                    {group.count} × {group.type}
                  </Text>
                  {group.notes.length ? (
                    <Text size="xs" c="dimmed">
                      {group.notes.join(' · ')}
                    </Text>
                  ) : null}
                </div>
                {group.seats ? <Badge variant="light">{group.seats} seated</Badge> : null}
              </Group>
            ))}
          </Stack>
        </Section>
      ) : null}

      <Section title={quote.priceLines.some((l) => l.label === 'Subtotal') ? 'Pricing' : 'Price'}>
        {/* Rows of a flex list, not a Mantine Table: the table brings a scroll area into this small chunk. */}
        <Stack gap={4} component="dl" m={0} data-testid="quote-price">
          {quote.priceLines.map((line, index) => (
            <Group
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines are in a fixed order
              key={index}
              justify="space-between"
              wrap="nowrap"
            >
              <Text
                component="dt"
                size="sm"
                c={line.muted ? 'dimmed' : undefined}
                fw={line.label === 'Subtotal' ? 600 : undefined}
              >
                {line.label}
              </Text>
              <Text
                component="dd"
                size="sm"
                m={0}
                c={line.muted ? 'dimmed' : undefined}
                fw={line.label === 'Subtotal' ? 600 : undefined}
              >
                {format.money(line.amount)}
              </Text>
            </Group>
          ))}
        </Stack>
        <Divider />
        <Group justify="space-between" data-testid="quote-total">
          <Text fw={700}>{quote.totalLabel}</Text>
          <Text fw={700} fz="xl">
            {format.money(quote.total)}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" ta="right">
          All amounts in {quote.currency}
        </Text>
        {quote.pricingNotes ? (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {quote.pricingNotes}
          </Text>
        ) : null}
      </Section>

      {quote.termsHtml ? (
        <Section title="Terms and conditions">
          <Card
            withBorder
            radius="md"
            padding="md"
            mah={360}
            style={{ overflowY: 'auto' }}
            tabIndex={0}
            aria-label="Terms and conditions text"
          >
            <RichTextView html={quote.termsHtml} data-testid="quote-terms" />
          </Card>
        </Section>
      ) : null}
    </Stack>
  );
}
