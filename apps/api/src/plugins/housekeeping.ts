import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { purgeExpiredResetTokens } from '../modules/auth/password-reset-tokens.repository';
import { purgeExpiredRateLimits } from '../modules/rate-limits/rate-limits.repository';
import { purgeExpiredSessions } from '../modules/sessions/sessions.repository';

const EVERY_15_MINUTES = 15 * 60 * 1000;

/**
 * Deletes expired sessions, rate-limit windows and reset tokens at start-up and every 15 minutes.
 * Expired rows are already ignored when read; this only keeps the tables small. Every instance
 * runs it: the deletes are idempotent.
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
    } catch (error) {
      app.log.warn({ err: error }, 'housekeeping sweep failed');
    }
  };
  const run = () => {
    running ??= sweep().finally(() => {
      running = undefined;
    });
    return running;
  };
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
