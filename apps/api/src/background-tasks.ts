import type { FastifyInstance } from 'fastify';
import { expireOffersAndNotify } from './modules/job-offers';
import { sendDueReminders } from './modules/jobs';
import type { NotificationDeps } from './modules/notifications';
import { sendQuoteReminders } from './modules/quote-links';
import type { ScheduledTask } from './queue/background-queue';

export const EXPIRE_OFFERS_TASK = 'expire-offers';
export const SEND_REMINDERS_TASK = 'send-reminders';
export const QUOTE_REMINDERS_TASK = 'quote-reminders';

/** The periodic work of the app, run by the background queue on one instance at a time. */
export function backgroundTasks(app: FastifyInstance): ScheduledTask[] {
  const deps = (log: NotificationDeps['log']): NotificationDeps => ({
    db: app.db,
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
    timeZone: app.config.timezone,
    log,
  });
  return [
    {
      name: EXPIRE_OFFERS_TASK,
      cron: '* * * * *',
      run: async (log) => {
        await expireOffersAndNotify(deps(log));
      },
    },
    {
      name: SEND_REMINDERS_TASK,
      cron: '*/5 * * * *',
      run: async (log) => {
        await sendDueReminders(deps(log));
      },
    },
    {
      name: QUOTE_REMINDERS_TASK,
      cron: '*/15 * * * *',
      run: async (log) => {
        await sendQuoteReminders({ db: app.db, mailer: app.mailer, config: app.config, log });
      },
    },
  ];
}
