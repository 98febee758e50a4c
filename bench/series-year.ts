// Issue 27's scale figure: a school-year series (every school day of four terms, horizon off, so
// about 200 occurrences at once) created through the series service, timed, with its SQL statements
// counted. On PostgreSQL: DATABASE_URL=postgres://… npx tsx bench/series-year.ts [terms]
// Without DATABASE_URL it runs on an in-memory PGlite (for trying the script, not for figures).
// `terms` (1-4, default 4) shortens the year for a quick run; `--allocated` puts a coach and a
// driver on it, so every date runs the allocation checks and is offered to the driver.
import { JobSeriesInputSchema } from '@dms/domain';
import { openDatabase } from '../apps/api/src/db/client';
import { jobSeriesSettings, schoolTerms } from '../apps/api/src/db/schema';
import { loadHoursContext } from '../apps/api/src/modules/driver-hours';
import { createSeries } from '../apps/api/src/modules/job-series/job-series.service';
import { linkRecords } from '../apps/api/src/record-links';
import { createDriver, createVehicle } from '../apps/api/src/test/factories';

const TERMS = [
  { year: 2030, name: 'Term 1', startDate: '2030-01-29', endDate: '2030-04-12' },
  { year: 2030, name: 'Term 2', startDate: '2030-04-29', endDate: '2030-07-05' },
  { year: 2030, name: 'Term 3', startDate: '2030-07-22', endDate: '2030-09-27' },
  { year: 2030, name: 'Term 4', startDate: '2030-10-14', endDate: '2030-12-18' },
];
const args = process.argv.slice(2);
const allocated = args.includes('--allocated');
const termCount = Math.min(4, Math.max(1, Number(args.find((a) => /^\d$/.test(a)) ?? 4)));
const terms = TERMS.slice(0, termCount);

let statements = 0;
let counting = false;
const url = process.env.DATABASE_URL;
const database = await openDatabase({
  ...(url ? { url } : { memory: true as const }),
  logQuery: () => {
    if (counting) statements++;
  },
});
await database.migrate();
linkRecords();
const db = database.db;
await db.delete(schoolTerms);
await db.insert(schoolTerms).values(terms);
await db.delete(jobSeriesSettings);
await db.insert(jobSeriesSettings).values({ horizonWeeks: 0, holidaysRegion: 'AU-NSW' });

const slot = allocated
  ? [{ vehicleId: (await createVehicle(db, {})).id, driverId: (await createDriver(db, {})).id }]
  : [];
const input = JobSeriesInputSchema.parse({
  overrideReason: allocated ? 'Bench: the driver holds no compliance records' : undefined,
  job: {
    title: 'Bench school run',
    status: allocated ? 'confirmed' : undefined,
    vehicles: slot,
    legs: [
      { originAddress: 'Depot', destinationAddress: 'School', departureTime: '07:30', arrivalTime: '08:30' },
    ],
    basePrice: 300,
  },
  recurrence: {
    rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
    start: terms[0]!.startDate,
    until: terms.at(-1)!.endDate,
  },
  exclude: { holidaysRegion: 'AU-NSW', schoolTerms: 'in' },
});

const hours = await loadHoursContext(db, 'Australia/Sydney');
counting = true;
const started = performance.now();
const { outcome } = await db.transaction((tx) =>
  createSeries(tx, input, { userId: null, timeZone: 'Australia/Sydney', hours }),
);
const ms = performance.now() - started;
counting = false;
console.log(
  JSON.stringify({
    engine: database.engine,
    terms: termCount,
    allocated,
    occurrences: outcome.jobs.length,
    ms: Math.round(ms),
    statements,
  }),
);
await database.close();
