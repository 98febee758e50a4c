import {
  csvRow,
  DriverHoursSchema,
  dateInZone,
  defaultFleetRange,
  FLEET_VEHICLE_LIMIT,
  type FleetChart,
  type FleetChartData,
  FleetRangeQuerySchema,
  FuelEconomySchema,
  fleetRangeProblem,
  InspectionFailRateSchema,
  OpenDefectsSchema,
} from '@dms/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { HttpError } from '../../http/errors';
import { operatorFormatters } from '../settings';
import {
  driverHours,
  type FleetRange,
  fuelEconomy,
  inspectionFailRate,
  openDefects,
} from './fleet-overview.repository';

// Fleet Overview (issue 16, ADR 0019): one route per chart and a CSV of the same numbers. Managers only:
// driver hours and defects are the office's business.

type Formatters = Awaited<ReturnType<typeof operatorFormatters>>;
type Cell = string | number | null;

interface ChartDef<C extends FleetChart> {
  summary: string;
  schema: z.ZodType<FleetChartData[C]>;
  load: (db: Database, r: FleetRange) => Promise<FleetChartData[C]>;
  csv: { header: string[]; rows: (data: FleetChartData[C], f: Formatters) => Cell[][] };
}

const fixed = (value: number | null, digits: number) => (value === null ? '' : value.toFixed(digits));

/** A vehicle list with its bounds, as every per-vehicle chart answers it. */
const capped = <T>(r: FleetRange, { total, items }: { total: number; items: T[] }) => ({
  from: r.from,
  to: r.to,
  total,
  limit: FLEET_VEHICLE_LIMIT,
  truncated: total > items.length,
  items,
});

/** A weekly series, or none at all when nothing happened in the range (the chart's empty state). */
const series = <W>(r: FleetRange, weeks: W[], any: (w: W) => boolean) => ({
  from: r.from,
  to: r.to,
  weeks: weeks.some(any) ? weeks : [],
});

const CHARTS: { [C in FleetChart]: ChartDef<C> } = {
  'fuel-economy': {
    summary:
      'Litres per 100 km by vehicle over the range, worst first (trusted odometer readings; no distance, no figure)',
    schema: FuelEconomySchema,
    load: async (db, r) => capped(r, await fuelEconomy(db, r)),
    csv: {
      header: ['Vehicle', 'Fills', 'Litres', 'Distance (km)', 'L/100 km'],
      rows: (d) =>
        d.items.map((i) => [
          i.vehicle,
          i.fills,
          fixed(i.litres, 2),
          i.distanceKm,
          fixed(i.litresPer100Km, 2),
        ]),
    },
  },
  'inspection-fail-rate': {
    summary: 'Inspection forms per week (Monday start) and the share with a failed answer',
    schema: InspectionFailRateSchema,
    load: async (db, r) => series(r, await inspectionFailRate(db, r), (w) => w.forms > 0),
    csv: {
      header: ['Week (ISO)', 'Week', 'Forms', 'Failed', 'Fail rate (%)'],
      rows: (d, f) =>
        d.weeks.map((w) => [
          w.weekStart,
          f.serviceDate(w.weekStart),
          w.forms,
          w.failed,
          fixed(w.failRate === null ? null : w.failRate * 100, 1),
        ]),
    },
  },
  'driver-hours': {
    summary: 'Hours of closed shifts per week (Monday start), all drivers',
    schema: DriverHoursSchema,
    load: async (db, r) => series(r, await driverHours(db, r), (w) => w.shifts > 0),
    csv: {
      header: ['Week (ISO)', 'Week', 'Shifts', 'Hours'],
      rows: (d, f) =>
        d.weeks.map((w) => [w.weekStart, f.serviceDate(w.weekStart), w.shifts, fixed(w.hours, 2)]),
    },
  },
  'open-defects': {
    summary: 'Defects open at the end of the range, by vehicle, most first',
    schema: OpenDefectsSchema,
    load: async (db, r) => capped(r, await openDefects(db, r)),
    csv: {
      header: ['Vehicle', 'Open defects', 'Oldest reported (ISO)', 'Oldest reported'],
      rows: (d, f) =>
        d.items.map((i) => [i.vehicle, i.openDefects, i.oldestReportedAt, f.dateTime(i.oldestReportedAt)]),
    },
  },
};

export async function fleetOverviewRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];
  const access = 'manager' as const;

  /** The range asked for, with defaults in the operator's calendar; a bad one is a 400. */
  const rangeOf = (q: z.output<typeof FleetRangeQuerySchema>): FleetRange => {
    const to = q.to ?? dateInZone(new Date(), app.config.timezone);
    const from = q.from ?? defaultFleetRange(to).from;
    const problem = fleetRangeProblem(from, to);
    if (problem) throw new HttpError(400, problem.message, [problem]);
    return { from, to, timeZone: app.config.timezone };
  };

  for (const chart of Object.keys(CHARTS) as FleetChart[]) {
    const def = CHARTS[chart] as ChartDef<FleetChart>;
    r.get(
      `/api/reports/fleet/${chart}`,
      {
        config: { access },
        schema: {
          tags,
          summary: `${def.summary}. from/to: operator dates, at most a year; default the last 12 weeks`,
          querystring: FleetRangeQuerySchema,
          response: { 200: def.schema },
        },
      },
      async (request) => def.load(app.db, rangeOf(request.query)),
    );

    r.get(
      `/api/reports/fleet/${chart}/export`,
      {
        config: { access },
        schema: {
          tags,
          summary: 'The same numbers as CSV (UTF-8, header row)',
          querystring: FleetRangeQuerySchema,
        },
      },
      async (request, reply) => {
        const range = rangeOf(request.query);
        const [data, format] = await Promise.all([
          def.load(app.db, range),
          operatorFormatters(app.db, app.config.timezone),
        ]);
        // A byte-order mark, so that spreadsheet programs read the UTF-8 as UTF-8.
        const body = `\uFEFF${csvRow(def.csv.header)}${def.csv.rows(data, format).map(csvRow).join('')}`;
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="fleet-${chart}-${range.from}-${range.to}.csv"`,
          )
          .send(body);
      },
    );
  }
}
