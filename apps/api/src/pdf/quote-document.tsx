/** @jsxRuntime automatic */
/** @jsxImportSource react */
import {
  calculatePrice,
  DEFAULT_QUOTE_HEADER_TEXT,
  dateInZone,
  type Job,
  quoteValidUntil,
  taxLabelFor,
} from '@dms/domain';
import { Document, Page, Text, View } from '@react-pdf/renderer';
import {
  DocumentHeader,
  InfoCard,
  Muted,
  PAGE_STYLE,
  PageFooter,
  Route,
  SectionTitle,
  Table,
} from './document-parts';
import { type DocumentTheme, documentTheme } from './document-theme';
import { companyOf, contactLine, sortedLegs, vehicleGroups } from './job-pdf-data';
import { type PdfFormat, pdfFormat } from './pdf-format';
import type { JobPdfInput } from './pdf-input';
import { hasRichText, RichText } from './rich-text-pdf';

// The quote a customer receives (spec 2 §2.7): branding, the service, the itinerary, the vehicles,
// the price and the terms, as the document settings switch them on.

export function QuoteDocument({ input }: { input: JobPdfInput }) {
  const { job, settings } = input;
  const theme = documentTheme(settings);
  const company = companyOf(input);
  const format = pdfFormat(input.operator, job.currency);
  const legs = sortedLegs(job);
  const groups = vehicleGroups(job);
  const loyalty = settings.showLoyaltyFooter ? settings.quoteFooterText?.trim() || null : null;
  const title = settings.quoteHeaderText?.trim() || DEFAULT_QUOTE_HEADER_TEXT;
  const issued = input.issuedAt ?? new Date();
  const validUntil = quoteValidUntil(dateInZone(issued, input.operator.timeZone), settings.quoteValidDays);
  const taxName = taxLabelFor(settings.taxLabel, input.operator.locale);
  return (
    <Document
      title={`${title} ${job.jobNumber}`}
      author={company.name}
      subject={job.title ?? undefined}
      creator={company.name}
    >
      <Page size="A4" style={{ ...PAGE_STYLE, paddingBottom: loyalty ? 84 : 64 }}>
        <DocumentHeader
          logo={input.logo}
          logoBackground={settings.logoBackground}
          company={company}
          theme={theme}
          title={title}
          rows={[
            { label: 'Quote No.', value: job.jobNumber },
            { label: 'Quote date', value: format.instantDate(issued) },
            { label: 'Valid until', value: format.serviceDate(validUntil) },
            { label: 'Service date', value: format.serviceDate(job.serviceDate) },
          ]}
        />

        <View style={{ flexDirection: 'row', gap: 12 }}>
          <InfoCard
            title="Prepared for"
            theme={theme}
            rows={[
              { label: 'Customer', value: job.customer?.companyName },
              { label: 'Address', value: job.customer?.address },
              { label: 'Contact', value: contactLine(job) },
              { label: 'Phone', value: job.contact?.phone || job.customer?.phone },
              { label: 'Email', value: job.contact?.email || job.customer?.email },
            ]}
          />
          <InfoCard
            title="Service"
            theme={theme}
            rows={[
              { label: 'Service', value: job.title },
              { label: 'Date', value: format.serviceDate(job.serviceDate) },
              { label: 'Passengers', value: job.paxCount === null ? null : String(job.paxCount) },
              { label: 'Vehicles', value: job.vehicles.length ? String(job.vehicles.length) : null },
            ]}
          />
        </View>

        {job.serviceDescription ? (
          <View>
            <SectionTitle theme={theme}>Service details</SectionTitle>
            <Text>{job.serviceDescription}</Text>
          </View>
        ) : null}

        {legs.length ? (
          <View>
            <SectionTitle theme={theme}>Itinerary</SectionTitle>
            <Table
              theme={theme}
              rows={legs}
              columns={[
                { header: 'Leg', width: '8%', cell: (l) => String(l.legNumber) },
                { header: 'Departs', width: '12%', cell: (l) => l.departureTime ?? '—' },
                {
                  header: 'From  /  To',
                  width: '68%',
                  cell: (l) => (
                    <Route
                      from={l.originAddress || 'To be confirmed'}
                      to={l.destinationAddress || 'To be confirmed'}
                      theme={theme}
                    />
                  ),
                },
                { header: 'Arrives', width: '12%', align: 'right', cell: (l) => l.arrivalTime ?? '—' },
              ]}
            />
          </View>
        ) : null}

        {groups.length ? (
          <View wrap={false}>
            <SectionTitle theme={theme}>Vehicles</SectionTitle>
            <Table
              theme={theme}
              rows={groups}
              columns={[
                { header: 'Qty', width: '8%', cell: (g) => `${g.count} ×` },
                {
                  header: 'Vehicle type',
                  width: '62%',
                  cell: (g) => <Text style={{ fontWeight: 700 }}>{g.type}</Text>,
                },
                {
                  header: 'Seats',
                  width: '30%',
                  align: 'right',
                  cell: (g) => (g.seats ? `${g.seats} seated` : '—'),
                },
              ]}
              below={(g) =>
                settings.showVehicleNotes && g.notes.length ? (
                  <Muted theme={theme}>{g.notes.join('  ·  ')}</Muted>
                ) : null
              }
            />
          </View>
        ) : null}

        <Pricing
          job={job}
          theme={theme}
          format={format}
          breakdown={settings.showPricingBreakdown}
          taxName={taxName}
        />

        {settings.showTermsAndConditions && hasRichText(job.termsAndConditions) ? (
          <RichText
            html={job.termsAndConditions}
            fontSize={8}
            color="#374151"
            linkColor={theme.accent}
            flow={{
              // A title, a heading and two lines of the first clause; the clauses then flow on.
              before: (
                <SectionTitle theme={theme} keepWithNext={40}>
                  Terms and conditions
                </SectionTitle>
              ),
            }}
          />
        ) : null}

        <PageFooter message={loyalty} messageStyle="loyalty" company={company} theme={theme} />
      </Page>
    </Document>
  );
}

function Pricing({
  job,
  theme,
  format,
  breakdown,
  taxName,
}: {
  job: Job;
  theme: DocumentTheme;
  format: PdfFormat;
  breakdown: boolean;
  /** The operator's name for the tax ('GST'), from the settings or the locale. */
  taxName: string;
}) {
  const price = calculatePrice(job);
  const lines: { label: string; amount: string; muted?: boolean }[] = [];
  if (breakdown) {
    lines.push({ label: 'Base price', amount: format.money(job.basePrice) });
    for (const step of price.steps) {
      const item = (step.kind === 'charge' ? job.extraCharges : job.discounts)[step.index];
      const name = item?.description || (step.kind === 'charge' ? 'Additional charge' : 'Discount');
      const rate = item?.type === 'percentage' ? ` (${format.percent(item.amount)})` : '';
      lines.push({ label: `${name}${rate}`, amount: format.money(step.change) });
    }
    lines.push({ label: 'Subtotal', amount: format.money(price.subtotal) });
  }
  const taxLabel =
    job.taxMode === 'inclusive'
      ? `Includes ${taxName} (${format.percent(job.taxRate)})`
      : job.taxMode === 'exclusive'
        ? `${taxName} (${format.percent(job.taxRate)})`
        : null;
  if (taxLabel)
    lines.push({
      label: taxLabel,
      amount: format.money(price.taxAmount),
      muted: job.taxMode === 'inclusive',
    });
  const totalLabel = job.taxMode === 'inclusive' ? `Total (incl. ${taxName})` : 'Total';
  return (
    <View wrap={false}>
      <SectionTitle theme={theme}>{breakdown ? 'Pricing' : 'Price'}</SectionTitle>
      <View style={{ flexDirection: 'row' }}>
        <View style={{ flex: 1, paddingRight: 18 }}>
          {job.pricingNotes ? (
            <View>
              <Text style={{ fontSize: 8, fontWeight: 700, color: theme.secondary, marginBottom: 2 }}>
                Notes
              </Text>
              <Text style={{ color: '#374151' }}>{job.pricingNotes}</Text>
            </View>
          ) : null}
        </View>
        <View style={{ width: 250 }}>
          {lines.map((l, i) => (
            <View
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines are in a fixed order
              key={i}
              style={{
                flexDirection: 'row',
                paddingVertical: 2,
                borderBottomWidth: l.label === 'Subtotal' ? 0.75 : 0,
                borderBottomColor: theme.rule,
                color: l.muted ? theme.muted : theme.text,
              }}
            >
              <Text style={{ flex: 1, fontWeight: l.label === 'Subtotal' ? 700 : 400 }}>{l.label}</Text>
              <Text style={{ textAlign: 'right', fontWeight: l.label === 'Subtotal' ? 700 : 400 }}>
                {l.amount}
              </Text>
            </View>
          ))}
          <View
            style={{
              flexDirection: 'row',
              marginTop: 5,
              backgroundColor: theme.primary,
              color: '#ffffff',
              borderRadius: 3,
              paddingVertical: 6,
              paddingHorizontal: 8,
            }}
          >
            <Text style={{ flex: 1, fontWeight: 700 }}>{totalLabel}</Text>
            <Text style={{ fontWeight: 700, fontSize: 12 }}>{format.money(price.totalPrice)}</Text>
          </View>
          <Text style={{ fontSize: 7.5, color: theme.muted, textAlign: 'right', marginTop: 2 }}>
            All amounts in {job.currency}
          </Text>
        </View>
      </View>
    </View>
  );
}
