import { DISPATCH_FREE_DRIVERS_LIMIT, DispatchDaySchema, DispatchQuerySchema, dateInZone } from '@dms/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { lapsedRecordsOn } from '../compliance';
import { hoursOfBars, stopBoardHours } from '../driver-hours';
import { listDriversFreeOn } from '../users';
import { getDispatchDay } from './dispatch.repository';

export async function dispatchRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onClose', stopBoardHours);

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
      // Hours for every driver of the day from one load of their work (no query per bar), worked out
      // off the event loop.
      const hours = await hoursOfBars(app.db, app.config.timezone, date, day.bars);
      return { ...day, bars: day.bars.map((bar, i) => ({ ...bar, hours: hours[i] ?? [] })) };
    },
  );
}
