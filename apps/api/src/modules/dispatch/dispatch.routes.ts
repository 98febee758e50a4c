import { setImmediate as yieldToOtherRequests } from 'node:timers/promises';
import { DISPATCH_FREE_DRIVERS_LIMIT, DispatchDaySchema, DispatchQuerySchema, dateInZone } from '@dms/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { lapsedRecordsOn } from '../compliance';
import { breachesFor, loadHoursContext, workAround, workByDriver } from '../driver-hours';
import { listDriversFreeOn } from '../users';
import { getDispatchDay } from './dispatch.repository';

const BARS_BETWEEN_TURNS = 8;

export async function dispatchRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/dispatch',
    {
      config: { access: 'manager' },
      schema: {
        tags: ['dispatch'],
        summary:
          "One day of the dispatch board: the company's active vehicles, partner vehicles in use, a bar per vehicle slot of the day's jobs (cancelled jobs left out), and the active drivers free that day",
        querystring: DispatchQuerySchema,
        response: { 200: DispatchDaySchema },
      },
    },
    async (request) => {
      const { date } = request.query;
      const today = dateInZone(new Date(), app.config.timezone);
      const [board, free, lapses] = await Promise.all([
        getDispatchDay(app.db, date),
        listDriversFreeOn(app.db, date, DISPATCH_FREE_DRIVERS_LIMIT),
        // Every lapsed record of the day at once, for the board's markers (not a query per row).
        lapsedRecordsOn(app.db, date, app.config.timezone, today),
      ]);
      const day = { ...board, freeDrivers: free.items, freeDriversTotal: free.total, lapses };
      // Hours for every driver of the day from one load of their work (no query per bar).
      const driverIds = [...new Set(day.bars.map((b) => b.driverId).filter((id): id is string => !!id))];
      if (driverIds.length === 0) return day;
      const [ctx, loaded] = await Promise.all([
        loadHoursContext(app.db, app.config.timezone),
        workAround(app.db, driverIds, date, null),
      ]);
      const work = workByDriver(ctx, loaded);
      const bars: typeof day.bars = [];
      for (const [i, bar] of day.bars.entries()) {
        // A board at volume is about a tenth of a second of checks: other requests are answered
        // between every few bars instead of waiting for the whole board.
        if (i > 0 && i % BARS_BETWEEN_TURNS === 0) await yieldToOtherRequests();
        bars.push(
          bar.driverId
            ? {
                ...bar,
                hours: breachesFor(
                  ctx,
                  { id: bar.jobId, serviceDate: date, legs: bar.legs },
                  bar.driverId,
                  work,
                ).map(({ label, text }) => ({ label, text })),
              }
            : bar,
        );
      }
      return { ...day, bars };
    },
  );
}
