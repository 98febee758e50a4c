import { createHash } from 'node:crypto';
import {
  calculatePrice,
  DEFAULT_QUOTE_HEADER_TEXT,
  type DocumentSettings,
  type Job,
  type PublicOperator,
  type PublicQuoteContent,
  taxLabelFor,
} from '@dms/domain';
import { companyOf, sortedLegs, vehicleGroups } from '../../pdf/job-pdf-data';

// What the customer's page shows of a quote: the facts the quote PDF prints, built from the job and
// the document settings in a fixed key order, so that its JSON text is the same for the same quote.
// The text as sent is kept; its SHA-256 is what an acceptance refers to (ADR 32).

const blank = (value: string | null | undefined) => (value?.trim() ? value : null);

function percent(rate: number): string {
  return `${Number(rate.toFixed(2))}%`;
}

/** `locale`: the operator's, which names the tax when Settings > Documents does not (GST, VAT, Tax). */
export function buildQuoteContent(job: Job, settings: DocumentSettings, locale: string): PublicQuoteContent {
  const price = calculatePrice(job);
  const taxName = taxLabelFor(settings.taxLabel, locale);
  const priceLines: PublicQuoteContent['priceLines'] = [];
  if (settings.showPricingBreakdown) {
    priceLines.push({ label: 'Base price', amount: job.basePrice, muted: false });
    for (const step of price.steps) {
      const item = (step.kind === 'charge' ? job.extraCharges : job.discounts)[step.index];
      const name = item?.description || (step.kind === 'charge' ? 'Additional charge' : 'Discount');
      const rate = item?.type === 'percentage' ? ` (${percent(item.amount)})` : '';
      priceLines.push({ label: `${name}${rate}`, amount: step.change, muted: false });
    }
    priceLines.push({ label: 'Subtotal', amount: price.subtotal, muted: false });
  }
  if (job.taxMode === 'inclusive') {
    priceLines.push({
      label: `Includes ${taxName} (${percent(job.taxRate)})`,
      amount: price.taxAmount,
      muted: true,
    });
  } else if (job.taxMode === 'exclusive') {
    priceLines.push({ label: `${taxName} (${percent(job.taxRate)})`, amount: price.taxAmount, muted: false });
  }
  const contact = job.contact
    ? job.contact.role
      ? `${job.contact.name} (${job.contact.role})`
      : job.contact.name
    : null;
  return {
    heading: settings.quoteHeaderText?.trim() || DEFAULT_QUOTE_HEADER_TEXT,
    quoteNumber: job.jobNumber,
    title: blank(job.title),
    serviceDate: job.serviceDate,
    paxCount: job.paxCount,
    serviceDescription: blank(job.serviceDescription),
    customerName: job.customer?.companyName ?? null,
    contactName: contact,
    legs: sortedLegs(job).map((leg) => ({
      legNumber: leg.legNumber,
      departureTime: leg.departureTime,
      from: blank(leg.originAddress),
      to: blank(leg.destinationAddress),
      arrivalTime: leg.arrivalTime,
    })),
    vehicles: vehicleGroups(job).map((group) => ({
      type: group.type,
      count: group.count,
      seats: group.seats,
      notes: settings.showVehicleNotes ? group.notes : [],
    })),
    priceLines,
    totalLabel: job.taxMode === 'inclusive' ? `Total (incl. ${taxName})` : 'Total',
    total: price.totalPrice,
    currency: job.currency,
    pricingNotes: blank(job.pricingNotes),
    termsHtml: settings.showTermsAndConditions ? blank(job.termsAndConditions) : null,
  };
}

export function quoteText(content: PublicQuoteContent): string {
  return JSON.stringify(content);
}

export function sha256Hex(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex');
}

export function publicOperator(
  settings: DocumentSettings,
  app: { appName: string; locale: string; timeZone: string },
): PublicOperator {
  const company = companyOf({ settings, appName: app.appName } as Parameters<typeof companyOf>[0]);
  return {
    name: company.name,
    phone: blank(company.phone),
    email: blank(company.email),
    website: blank(company.website),
    address: blank(company.address),
    logoUrl: settings.logoUrl,
    primaryColor: settings.primaryColor,
    accentColor: settings.accentColor,
    locale: app.locale,
    timeZone: app.timeZone,
  };
}
