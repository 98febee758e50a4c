/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Document, Image, Page, renderToBuffer, Text, View } from '@react-pdf/renderer';
import type { ReactElement, ReactNode } from 'react';
import { PAGE_STYLE, SectionTitle, TopBand } from './document-parts';
import { documentTheme } from './document-theme';
import { registerPdfFonts } from './pdf-fonts';
import type { JobPdfInput } from './pdf-input';
import { QuoteDocument } from './quote-document';

// The accepted quote (issue 24, ADR 32): the quote's own pages exactly as the quote PDF draws them,
// then one acceptance page with the evidence. The quote component is used as it is: its document's
// pages are taken over into this one, so the two can never differ in what they show of the quote.

export interface QuoteAcceptance {
  name: string;
  /** Written in the operator's time zone, with the zone named. */
  acceptedAtText: string;
  ip: string;
  userAgent: string;
  /** SHA-256 (hex) of the quote and terms as shown. */
  quoteHash: string;
  signaturePng: Buffer | null;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <View
      style={{
        flexDirection: 'row',
        paddingVertical: 4,
        borderBottomWidth: 0.5,
        borderBottomColor: '#e5e7eb',
      }}
    >
      <Text style={{ width: 120, color: '#6b7280' }}>{label}</Text>
      <Text style={{ flex: 1 }}>{children}</Text>
    </View>
  );
}

export async function renderSignedQuotePdf(input: JobPdfInput, acceptance: QuoteAcceptance): Promise<Buffer> {
  registerPdfFonts();
  const theme = documentTheme(input.settings);
  const quote = QuoteDocument({ input }) as ReactElement<{ children: ReactNode; title?: string }>;
  return renderToBuffer(
    <Document {...quote.props}>
      {quote.props.children}
      <Page size="A4" style={PAGE_STYLE}>
        <TopBand theme={theme} />
        <SectionTitle theme={theme}>Acceptance</SectionTitle>
        <Text style={{ marginBottom: 10 }}>
          The customer accepted quote {input.job.jobNumber} and its terms and conditions online.
        </Text>
        <Row label="Accepted by">{acceptance.name}</Row>
        <Row label="Accepted at">{acceptance.acceptedAtText}</Row>
        <Row label="IP address">{acceptance.ip}</Row>
        <Row label="Browser">{acceptance.userAgent || '—'}</Row>
        <Row label="Quote SHA-256">{acceptance.quoteHash}</Row>
        <View style={{ marginTop: 14 }}>
          <Text style={{ color: '#6b7280', marginBottom: 4 }}>Signature</Text>
          {acceptance.signaturePng ? (
            <View style={{ borderWidth: 0.75, borderColor: '#d1d5db', padding: 6, width: 260 }}>
              <Image
                src={{ data: acceptance.signaturePng, format: 'png' }}
                style={{ width: 248, height: 90, objectFit: 'contain' }}
              />
            </View>
          ) : (
            <Text>No signature was drawn; the typed name above is the signature.</Text>
          )}
        </View>
        <Text style={{ marginTop: 16, fontSize: 7.5, color: '#6b7280' }}>
          The SHA-256 is computed over the quote and terms exactly as the customer was shown them; the
          operator keeps that text with this record.
        </Text>
      </Page>
    </Document>,
  );
}
