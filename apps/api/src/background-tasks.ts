import type { FastifyInstance } from 'fastify';
import { checkClockIns, sendAttentionMails } from './modules/attention';
import { sendComplianceDigests } from './modules/compliance';
import { loadHoursContext } from './modules/driver-hours';
import { sendInvoiceReminders } from './modules/invoices';
import { expireOffersAndNotify } from './modules/job-offers';
import { extendSeries } from './modules/job-series';
import { sendDueChangeMails, sendDueReminders } from './modules/jobs';
import { type NotificationDeps, notifyAboutJob } from './modules/notifications';
import { sendQuoteReminders } from './modules/quote-links';
import type { ScheduledTask } from './queue/background-queue';

export const EXPIRE_OFFERS_TASK = 'expire-offers';
export const SEND_REMINDERS_TASK = 'send-reminders';
export const SEND_CHANGE_MAILS_TASK = 'send-driver-change-mails';
export const CHECK_CLOCK_INS_TASK = 'check-clock-ins';
export const SEND_ATTENTION_MAILS_TASK = 'send-attention-mails';
export const QUOTE_REMINDERS_TASK = 'quote-reminders';
export const INVOICE_REMINDERS_TASK = 'invoice-reminders';
export const EXTEND_SERIES_TASK = 'extend-job-series';
export const COMPLIANCE_DIGEST_TASK = 'compliance-digest';

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
      // Every minute: a change mail goes out within a minute of its window closing (ADR 28).
      name: SEND_CHANGE_MAILS_TASK,
      cron: '* * * * *',
      run: async (log) => {
        await sendDueChangeMails(deps(log));
      },
    },
    {
      // Every minute: a driver not clocked in 15 minutes before departure shows within a minute (ADR 28).
      name: CHECK_CLOCK_INS_TASK,
      cron: '* * * * *',
      run: async () => {
        await checkClockIns(app.db, app.config.timezone);
      },
    },
    {
      name: SEND_ATTENTION_MAILS_TASK,
      cron: '* * * * *',
      run: async (log) => {
        await sendAttentionMails(deps(log));
      },
    },
    {
      name: QUOTE_REMINDERS_TASK,
      cron: '*/15 * * * *',
      run: async (log) => {
        await sendQuoteReminders({ db: app.db, mailer: app.mailer, config: app.config, log });
      },
    },
    {
      // Hourly, though a reminder is a daily matter: the day turns at the operator's midnight, not
      // UTC's, and a run missed for an outage is made up within the hour (ADR 30).
      name: INVOICE_REMINDERS_TASK,
      cron: '17 * * * *',
      run: async (log) => {
        await sendInvoiceReminders(app, log);
      },
    },
    {
      // Hourly, though the horizon moves a day at a time: the day turns at the operator's midnight,
      // and a run missed for an outage is made up within the hour (a repeated run creates nothing).
      name: EXTEND_SERIES_TASK,
      cron: '41 * * * *',
      run: async (log) => {
        const hours = await loadHoursContext(app.db, app.config.timezone);
        await extendSeries(app.db, app.config.timezone, hours, new Date(), (tx, job, driverId, expiresAt) =>
          notifyAboutJob({ ...deps(log), db: tx }, job, [driverId], { type: 'offer', expiresAt }),
        );
      },
    },
    {
      // Hourly for a weekly mail: the week turns at the operator's Monday midnight, not UTC's, and the
      // digest claims its week per manager, so the first run of the week sends it and the rest do nothing.
      name: COMPLIANCE_DIGEST_TASK,
      cron: '47 * * * *',
      run: async (log) => {
        await sendComplianceDigests(deps(log));
      },
    },
  ];
}
