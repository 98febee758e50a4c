import Holidays from 'date-holidays';

// Public holidays come from date-holidays, a maintained library of every country's and region's
// rules (issue 27 asks for one, not a hand-typed list). `AU-NSW` is country AU, state NSW.

// A region's year is worked out once a process: the library's rules are fixed data, and working them
// out took most of a series read's time (bench/NOTES.md §16).
const byRegionAndYear = new Map<string, readonly string[]>();

function holidaysOfYear(region: string, year: number): readonly string[] {
  const key = `${region}:${year}`;
  const known = byRegionAndYear.get(key);
  if (known) return known;
  const [country, state] = region.split('-');
  if (!country) return [];
  const calendar = state ? new Holidays(country, state) : new Holidays(country);
  const days = (calendar.getHolidays(year) || [])
    .filter((h) => h.type === 'public')
    .map((h) => h.date.slice(0, 10));
  byRegionAndYear.set(key, days);
  return days;
}

/** The public holidays (YYYY-MM-DD) of a region in the years given, inclusive. */
export function publicHolidays(region: string, fromYear: number, toYear: number): string[] {
  const out: string[] = [];
  for (let year = fromYear; year <= toYear; year++) out.push(...holidaysOfYear(region, year));
  return out;
}
