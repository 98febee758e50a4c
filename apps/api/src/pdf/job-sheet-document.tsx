/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { DEFAULT_JOB_SHEET_HEADER_TEXT, JOB_STATUS_LABELS } from '@dms/domain';
import { Document, Link, Page, Text, View } from '@react-pdf/renderer';
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
import { documentTheme } from './document-theme';
import {
  companyOf,
  contactLine,
  driverName,
  sortedLegs,
  sortedSlots,
  vehicleName,
  vehicleTypeName,
} from './job-pdf-data';
import { pdfFormat } from './pdf-format';
import type { JobPdfInput } from './pdf-input';
import { hasRichText, RichText } from './rich-text-pdf';

// The job sheet the driver carries (spec 2 §2.7): who, when, where, which vehicles and drivers, and the
// driver notes. It never shows a price.

export const NO_DRIVER_TEXT = 'No Driver Assigned';

export function JobSheetDocument({ input }: { input: JobPdfInput }) {
  const { job, settings } = input;
  const theme = documentTheme(settings);
  const company = companyOf(input);
  const format = pdfFormat(input.operator, job.currency);
  const legs = sortedLegs(job);
  const slots = sortedSlots(job);
  const title = settings.jobSheetHeaderText?.trim() || DEFAULT_JOB_SHEET_HEADER_TEXT;
  const footer = settings.jobSheetFooterText?.trim() || null;
  return (
    <Document
      title={`${title} ${job.jobNumber}`}
      author={company.name}
      subject={job.title ?? undefined}
      creator={company.name}
    >
      <Page size="A4" style={{ ...PAGE_STYLE, paddingBottom: footer ? 84 : 64 }}>
        <DocumentHeader
          logo={input.logo}
          logoBackground={settings.logoBackground}
          company={company}
          theme={theme}
          title={title}
          rows={[
            { label: 'Job No.', value: job.jobNumber },
            { label: 'Service date', value: format.serviceDate(job.serviceDate) },
            { label: 'Status', value: JOB_STATUS_LABELS[job.status] },
          ]}
        />

        <View style={{ flexDirection: 'row', gap: 12 }}>
          <InfoCard
            title="Customer"
            theme={theme}
            rows={[
              { label: 'Customer', value: job.customer?.companyName },
              { label: 'Phone', value: job.customer?.phone },
              { label: 'Contact', value: contactLine(job) },
              { label: 'Contact ph.', value: job.contact?.phone },
            ]}
          />
          <InfoCard
            title="Service"
            theme={theme}
            rows={[
              { label: 'Service', value: job.title },
              { label: 'Date', value: format.serviceDate(job.serviceDate) },
              { label: 'Passengers', value: job.paxCount === null ? null : String(job.paxCount) },
              { label: 'Vehicles', value: slots.length ? String(slots.length) : null },
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
                { header: 'Leg', width: '7%', cell: (l) => String(l.legNumber) },
                {
                  header: 'Departs',
                  width: '11%',
                  cell: (l) => <Text style={{ fontWeight: 700 }}>{l.departureTime ?? '—'}</Text>,
                },
                {
                  header: 'From  /  To',
                  width: '71%',
                  cell: (l) => (
                    <Route
                      from={l.originAddress || 'To be confirmed'}
                      to={l.destinationAddress || 'To be confirmed'}
                      theme={theme}
                    />
                  ),
                },
                {
                  header: 'Arrives',
                  width: '11%',
                  align: 'right',
                  cell: (l) => (
                    <Text style={{ fontWeight: 700, textAlign: 'right' }}>{l.arrivalTime ?? '—'}</Text>
                  ),
                },
              ]}
              below={(l) =>
                l.notes ? (
                  <Text style={{ fontSize: 8, color: theme.secondary, paddingLeft: '7%' }}>
                    <Text style={{ fontWeight: 700 }}>Note: </Text>
                    {l.notes}
                  </Text>
                ) : null
              }
            />
          </View>
        ) : null}

        {slots.length ? (
          <View>
            <SectionTitle theme={theme}>Vehicles and drivers</SectionTitle>
            <Table
              theme={theme}
              rows={slots}
              columns={[
                { header: '#', width: '5%', cell: (_s, i) => String(i + 1) },
                {
                  header: 'Vehicle type',
                  width: '24%',
                  cell: (s) => (
                    <View style={{ flexDirection: 'row', alignItems: 'center' }}>
                      {s.categoryColor && /^#[0-9a-f]{3,6}$/i.test(s.categoryColor) ? (
                        <View
                          style={{
                            width: 6,
                            height: 6,
                            borderRadius: 3,
                            backgroundColor: s.categoryColor,
                            marginRight: 4,
                          }}
                        />
                      ) : null}
                      <Text style={{ fontWeight: 700 }}>{vehicleTypeName(s)}</Text>
                    </View>
                  ),
                },
                {
                  header: 'Vehicle',
                  width: '23%',
                  cell: (s) => {
                    const name = vehicleName(s);
                    return name ? (
                      <Text>{name}</Text>
                    ) : (
                      <Text style={{ color: theme.muted }}>Not chosen yet</Text>
                    );
                  },
                },
                {
                  header: 'Driver',
                  width: '22%',
                  cell: (s) => {
                    const name = driverName(s);
                    return name ? (
                      <Text style={{ fontWeight: 700 }}>{name}</Text>
                    ) : (
                      <Text style={{ color: '#c92a2a', fontWeight: 700 }}>{NO_DRIVER_TEXT}</Text>
                    );
                  },
                },
                {
                  header: 'Depots',
                  width: '26%',
                  cell: (s) =>
                    s.startingDepot || s.endingDepot ? (
                      <Route
                        from={s.startingDepot?.name ?? '—'}
                        to={s.endingDepot?.name ?? '—'}
                        theme={theme}
                      />
                    ) : (
                      <Text style={{ color: theme.muted }}>—</Text>
                    ),
                },
              ]}
              below={(s) =>
                s.vehicleNotes ? <Muted theme={theme}>{`Vehicle notes: ${s.vehicleNotes}`}</Muted> : null
              }
            />
          </View>
        ) : null}

        {hasRichText(job.notesDriver) ? (
          <View>
            <SectionTitle theme={theme}>Driver notes</SectionTitle>
            <View
              style={{
                borderWidth: 0.75,
                borderColor: theme.rule,
                borderLeftWidth: 3,
                borderLeftColor: theme.accent,
                borderRadius: 3,
                padding: 8,
              }}
            >
              <RichText html={job.notesDriver} fontSize={9.5} linkColor={theme.accent} />
            </View>
          </View>
        ) : null}

        {job.mapsLink ? (
          <View wrap={false}>
            <SectionTitle theme={theme}>Map</SectionTitle>
            <Link src={job.mapsLink} style={{ color: theme.accent, fontSize: 8.5 }}>
              {job.mapsLink}
            </Link>
          </View>
        ) : null}

        <PageFooter message={footer} messageStyle="plain" company={company} theme={theme} />
      </Page>
    </Document>
  );
}
