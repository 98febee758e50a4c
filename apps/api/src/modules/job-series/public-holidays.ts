import Holidays from 'date-holidays';

// Public holidays come from date-holidays, a maintained library of every country's and region's
// rules (issue 27 asks for one, not a hand-typed list). `AU-NSW` is country AU, state NSW.

/** The public holidays (YYYY-MM-DD) of a region in the years given, inclusive. */
export function publicHolidays(region: string, fromYear: number, toYear: number): string[] {
  const [country, state] = region.split('-');
  if (!country) return [];
  const calendar = state ? new Holidays(country, state) : new Holidays(country);
  const out: string[] = [];
  for (let year = fromYear; year <= toYear; year++) {
    for (const h of calendar.getHolidays(year) || []) {
      if (h.type === 'public') out.push(h.date.slice(0, 10));
    }
  }
  return out;
}
