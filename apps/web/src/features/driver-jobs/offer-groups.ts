import type { JobOffer } from '@dms/domain';

// A driver answers a series once (issue 27, ADR 36): its pending offers are shown as one card.

export interface OfferGroup {
  /** The offer the card shows and answers (the series' earliest date). */
  offer: JobOffer;
  /** Every date of the group, in order; one for a single job. */
  dates: string[];
}

/** Offers in their order, those of one series folded into the first of them. */
export function groupOffers(offers: readonly JobOffer[]): OfferGroup[] {
  const groups: OfferGroup[] = [];
  const bySeries = new Map<string, JobOffer[]>();
  for (const offer of offers) {
    const seriesId = offer.job.seriesId;
    if (!seriesId) {
      groups.push({ offer, dates: offer.job.serviceDate ? [offer.job.serviceDate] : [] });
      continue;
    }
    const members = bySeries.get(seriesId);
    if (members) {
      members.push(offer);
      continue;
    }
    const first: JobOffer[] = [offer];
    bySeries.set(seriesId, first);
    groups.push({ offer, dates: [] });
  }
  return groups.map((g) => {
    const members = g.offer.job.seriesId ? bySeries.get(g.offer.job.seriesId) : undefined;
    if (!members) return g;
    const sorted = [...members].sort((a, b) =>
      (a.job.serviceDate ?? '').localeCompare(b.job.serviceDate ?? ''),
    );
    return {
      offer: sorted[0] ?? g.offer,
      dates: sorted.map((o) => o.job.serviceDate).filter((d): d is string => !!d),
    };
  });
}
