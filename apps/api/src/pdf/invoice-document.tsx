/** @jsxRuntime automatic */
/** @jsxImportSource react */
import {
  type DocumentSettings,
  type Invoice,
  type InvoiceSettings,
  type OperatorFormat,
  taxLabelFor,
} from '@dms/domain';
import { Document, Page, Text, View } from '@react-pdf/renderer';
import { DocumentHeader, InfoCard, PAGE_STYLE, PageFooter, SectionTitle, Table } from './document-parts';
import { documentTheme } from './document-theme';
import { pdfFormat } from './pdf-format';
import type { PdfLogo } from './pdf-input';

// The invoice or credit note a customer receives (issue 25), branded like the quote: the company's
// tax number in the header, the lines with their tax, the totals, and how to pay (bank details and
// payment terms from the invoice settings).

export interface InvoicePdfInput {
  invoice: Invoice;
  settings: DocumentSettings;
  invoiceSettings: InvoiceSettings;
  logo: PdfLogo | null;
  operator: OperatorFormat;
  appName?: string;
}

const TITLES = { final: 'TAX INVOICE', deposit: 'TAX INVOICE', credit_note: 'CREDIT NOTE' } as const;

export function InvoiceDocument({ input }: { input: InvoicePdfInput }) {
  const { invoice, settings, invoiceSettings } = input;
  const theme = documentTheme(settings);
  const format = pdfFormat(input.operator, invoice.currency);
  const company = {
    name: settings.companyName?.trim() || input.appName?.trim() || 'Coach Services',
    address: settings.companyAddress,
    phone: settings.companyPhone,
    email: settings.companyEmail,
    abn: settings.companyABN,
    website: settings.companyWebsite,
  };
  const credit = invoice.kind === 'credit_note';
  const title = invoice.state === 'draft' ? 'DRAFT INVOICE' : TITLES[invoice.kind];
  const rows = [
    { label: credit ? 'Credit note' : 'Invoice No.', value: invoice.number ?? 'Draft' },
    { label: 'Date', value: invoice.issueDate ? format.serviceDate(invoice.issueDate) : '—' },
    ...(credit
      ? [{ label: 'Credits', value: invoice.creditOfNumber ?? '—' }]
      : [{ label: 'Due', value: invoice.dueDate ? format.serviceDate(invoice.dueDate) : '—' }]),
    ...(invoice.jobNumber ? [{ label: 'Job', value: invoice.jobNumber }] : []),
  ];
  // The same name of the tax as the quote's (Settings > Documents, else the locale's: GST, VAT, Tax).
  const taxName = taxLabelFor(settings.taxLabel, input.operator.locale);
  const taxLabel =
    invoice.taxMode === 'inclusive'
      ? `Includes ${taxName} (${format.percent(invoice.taxRate)})`
      : invoice.taxMode === 'exclusive'
        ? `${taxName} (${format.percent(invoice.taxRate)})`
        : null;
  const totals: { label: string; amount: string; strong?: boolean }[] = [
    {
      label: invoice.taxMode === 'inclusive' ? `Subtotal (excl. ${taxName})` : 'Subtotal',
      amount: format.money(invoice.subtotal),
    },
    ...(taxLabel ? [{ label: taxLabel, amount: format.money(invoice.taxTotal) }] : []),
  ];
  if (!credit && invoice.amountPaid > 0)
    totals.push({ label: 'Paid', amount: format.money(-invoice.amountPaid) });
  const howToPay = [invoiceSettings.bankDetails, invoiceSettings.paymentTermsText].filter((t) => t?.trim());
  return (
    <Document title={`${title} ${invoice.number ?? ''}`.trim()} author={company.name} creator={company.name}>
      <Page size="A4" style={{ ...PAGE_STYLE, paddingBottom: 64 }}>
        <DocumentHeader
          logo={input.logo}
          logoBackground={settings.logoBackground}
          company={company}
          theme={theme}
          title={title}
          rows={rows}
        />
        <View style={{ flexDirection: 'row', gap: 12 }}>
          <InfoCard
            title="Bill to"
            theme={theme}
            rows={[
              { label: 'Customer', value: invoice.customerName },
              { label: 'Email', value: invoice.billingEmail },
            ]}
          />
          <InfoCard
            title={credit ? 'Reason' : 'Amount due'}
            theme={theme}
            rows={
              credit
                ? [{ label: 'Reason', value: invoice.reason }]
                : [
                    { label: 'Balance', value: format.money(invoice.balance) },
                    { label: 'Due by', value: invoice.dueDate ? format.serviceDate(invoice.dueDate) : null },
                  ]
            }
          />
        </View>

        <SectionTitle theme={theme}>{credit ? 'Credited' : 'Charges'}</SectionTitle>
        <Table
          theme={theme}
          rows={invoice.lines}
          columns={[
            { header: 'Description', width: '52%', cell: (l) => l.description },
            { header: 'Qty', width: '8%', align: 'right', cell: (l) => String(l.quantity) },
            { header: 'Unit price', width: '14%', align: 'right', cell: (l) => format.money(l.unitPrice) },
            { header: 'Tax', width: '12%', align: 'right', cell: (l) => format.money(l.taxAmount) },
            { header: 'Amount', width: '14%', align: 'right', cell: (l) => format.money(l.amount) },
          ]}
        />

        <View wrap={false} style={{ flexDirection: 'row', marginTop: 8 }}>
          <View style={{ flex: 1, paddingRight: 18 }}>
            {invoice.notes ? (
              <View>
                <Text style={{ fontSize: 8, fontWeight: 700, color: theme.secondary, marginBottom: 2 }}>
                  Notes
                </Text>
                <Text style={{ color: '#374151' }}>{invoice.notes}</Text>
              </View>
            ) : null}
          </View>
          <View style={{ width: 250 }}>
            {totals.map((t) => (
              <View key={t.label} style={{ flexDirection: 'row', paddingVertical: 2 }}>
                <Text style={{ flex: 1 }}>{t.label}</Text>
                <Text style={{ textAlign: 'right' }}>{t.amount}</Text>
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
              <Text style={{ flex: 1, fontWeight: 700 }}>
                {credit ? 'Total credit' : invoice.amountPaid > 0 ? 'Balance due' : 'Total due'}
              </Text>
              <Text style={{ fontWeight: 700, fontSize: 12 }}>
                {format.money(
                  credit ? invoice.total : invoice.amountPaid > 0 ? invoice.balance : invoice.total,
                )}
              </Text>
            </View>
            <Text style={{ fontSize: 7.5, color: theme.muted, textAlign: 'right', marginTop: 2 }}>
              All amounts in {invoice.currency}
            </Text>
          </View>
        </View>

        {!credit && howToPay.length ? (
          <View wrap={false}>
            <SectionTitle theme={theme}>How to pay</SectionTitle>
            {howToPay.map((t) => (
              <Text key={t} style={{ marginBottom: 4 }}>
                {t}
              </Text>
            ))}
            {invoice.number ? (
              <Text style={{ color: theme.muted }}>Please quote {invoice.number} with your payment.</Text>
            ) : null}
          </View>
        ) : null}

        <PageFooter message={null} messageStyle="plain" company={company} theme={theme} />
      </Page>
    </Document>
  );
}
