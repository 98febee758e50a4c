import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { purgeOldLiveEvents } from '../events/live-events';
import { purgeOldIdempotencyRecords } from '../http/idempotency.repository';
import { purgeExpiredRateLimits } from '../http/rate-limits.repository';
import { purgeExpiredSessions } from '../http/sessions.repository';
import { purgeExpiredResetTokens } from '../modules/auth';
import { purgeOrphanedLogos } from '../modules/logos';
import { getObjectStorage } from '../storage';

const EVERY_15_MINUTES = 15 * 60 * 1000;

/**
 * Deletes expired sessions, rate-limit windows, reset tokens, day-old live events and month-old idempotency records at start-up and every 15 minutes.
 * Expired rows are already ignored when read; this only keeps the tables small. Logo files
 * uploaded and never saved to the settings go after a day. Every instance runs it: the deletes
 * are idempotent.
 */
export function registerHousekeeping(
  app: FastifyInstance,
  db: Database,
  intervalMs = EVERY_15_MINUTES,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const sweep = async () => {
    try {
      await purgeExpiredSessions(db);
      await purgeExpiredRateLimits(db);
      await purgeExpiredResetTokens(db);
      await purgeOldLiveEvents(db);
      // A device retries for days at most.
      await purgeOldIdempotencyRecords(db, new Date(Date.now() - 30 * 24 * 60 * 60 * 1000));
    } catch (error) {
      app.log.warn({ err: error }, 'housekeeping sweep failed');
    }
    try {
      await purgeOrphanedLogos(db, getObjectStorage(app.config), app.config);
    } catch (error) {
      app.log.warn({ err: error }, 'housekeeping could not remove orphaned logo files');
    }
  };
  const run = () => {
    running ??= sweep().finally(() => {
      running = undefined;
    });
    return running;
  };
  app.decorate('runHousekeeping', run);
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(() => void run(), intervalMs);
    // The sweep must never keep a finished process (CLI, tests) alive.
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs one sweep now (or joins the one under way); operations and tests. */
    runHousekeeping(): Promise<void>;
  }
}
