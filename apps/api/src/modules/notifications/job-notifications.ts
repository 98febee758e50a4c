import {
  createFormatters,
  type DriverJob,
  type DriverWork,
  describeDriverChanges,
  type Formatters,
} from '@dms/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { EmailNotificationType } from '../../db/schema';
import { type JobMailFacts, type JobNotice, jobName, jobNoticeMail } from '../../mail/job-templates';
import type { Mailer } from '../../mail/mailer';
import { getAppSettings } from '../settings';
import { recipients, recordNotification } from './notifications.repository';

export interface NotificationDeps {
  /** The transaction of the change the mails are about (or the database, for a task's own writes). */
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  timeZone: string;
  log: FastifyBaseLogger;
}

/** What happened, for whom (spec 2 §3.1 email types). */
export type JobNotification =
  | { type: 'offer'; expiresAt: Date }
  | { type: 'assignment' }
  /** With `was` and `is`: the driver's own work before and after (ADR 28), said line by line. */
  | { type: 'update'; was?: DriverWork | null; is?: DriverWork | null }
  | { type: 'cancellation' }
  | { type: 'reminder' }
  /** To the manager who made the offer. */
  | { type: 'acceptance'; driverName: string }
  | { type: 'decline'; driverName: string; expired: boolean }
  /** To a driver whose request another driver's approval left without a position. */
  | { type: 'request_not_taken' }
  /** To the managers: the customer answered the quote link (issue 24). */
  | { type: 'quote_accepted'; customerName: string }
  | { type: 'quote_declined'; reason: string | null };

type Preference = 'emailNewAssignments' | 'emailJobUpdates' | 'emailCancellations' | 'emailReminders';

const PREFERENCE: Record<JobNotification['type'], Preference> = {
  offer: 'emailNewAssignments',
  assignment: 'emailNewAssignments',
  update: 'emailJobUpdates',
  cancellation: 'emailCancellations',
  reminder: 'emailReminders',
  acceptance: 'emailJobUpdates',
  decline: 'emailJobUpdates',
  request_not_taken: 'emailJobUpdates',
  quote_accepted: 'emailJobUpdates',
  quote_declined: 'emailJobUpdates',
};

const EMAIL_TYPE: Record<JobNotification['type'], EmailNotificationType> = {
  offer: 'offer',
  assignment: 'assignment',
  update: 'update',
  cancellation: 'cancellation',
  reminder: 'reminder',
  acceptance: 'acceptance',
  decline: 'decline',
  request_not_taken: 'decline',
  quote_accepted: 'update',
  quote_declined: 'update',
};

export type NotifiedJob = Pick<DriverJob, 'id' | 'jobNumber' | 'title' | 'serviceDate' | 'legs'>;

function notice(n: JobNotification, f: JobMailFacts, format: Formatters): JobNotice {
  const name = jobName(f);
  switch (n.type) {
    case 'offer': {
      const by = format.dateTime(n.expiresAt);
      return {
        subject: `New job offer: ${name}`,
        intro: ['You have a new job offer.'],
        outro: [`Please accept or decline it by ${by}.`],
        linkPath: '/job-offers',
        linkText: 'Open Job Offers',
      };
    }
    case 'assignment':
      return {
        subject: `You're on a job: ${name}`,
        intro: ['You have been assigned to this job.'],
        linkPath: '/',
        linkText: 'Open My Jobs',
      };
    case 'update': {
      const changes =
        n.was !== undefined && n.is !== undefined
          ? describeDriverChanges(n.was, n.is, (d) => format.serviceDate(d))
          : [];
      if (changes.length > 0) {
        return {
          subject: `Job updated: ${name}`,
          intro: ['Your work on this job has changed:', ...changes],
          linkPath: '/',
          linkText: 'Open My Jobs',
        };
      }
      return {
        subject: `Job updated: ${name}`,
        intro: ['A job you are on has changed. Please check the details.'],
        linkPath: '/',
        linkText: 'Open My Jobs',
      };
    }
    case 'cancellation':
      return {
        subject: `Job cancelled: ${name}`,
        intro: ['This job has been cancelled. You are no longer needed for it.'],
        linkPath: '/',
        linkText: 'Open My Jobs',
      };
    case 'reminder':
      return {
        subject: `Reminder: ${name}`,
        intro: ['A reminder of your upcoming job.'],
        linkPath: '/',
        linkText: 'Open My Jobs',
      };
    case 'acceptance':
      return {
        subject: `Offer accepted: ${name}`,
        intro: [`${n.driverName} accepted the offer for this job.`],
        linkPath: '/',
        linkText: 'Open Job Management',
      };
    case 'decline':
      return {
        subject: `${n.expired ? 'Offer expired' : 'Offer declined'}: ${name}`,
        intro: [
          n.expired
            ? `${n.driverName} did not answer the offer in time.`
            : `${n.driverName} declined the offer for this job.`,
          'Their vehicle slot is open again.',
        ],
        linkPath: '/',
        linkText: 'Open Job Management',
      };
    case 'request_not_taken':
      return {
        subject: `Job request not taken: ${name}`,
        intro: ['Thank you for your request. The open position on this job has been filled.'],
        linkPath: '/available-jobs',
        linkText: 'Open Available Jobs',
      };
    case 'quote_accepted':
      return {
        subject: `Quote accepted: ${name}`,
        intro: [`${n.customerName} accepted the quote online. The job is now confirmed.`],
        linkPath: '/',
        linkText: 'Open Job Management',
      };
    case 'quote_declined':
      return {
        subject: `Quote declined: ${name}`,
        intro: [
          'The customer declined the quote online.',
          ...(n.reason ? [`Their reason: ${n.reason}`] : ['They gave no reason.']),
        ],
        linkPath: '/',
        linkText: 'Open Job Management',
      };
  }
}

function routeText(job: NotifiedJob): string | null {
  const first = job.legs[0]?.originAddress;
  const last = job.legs.at(-1)?.destinationAddress;
  return first && last ? `${first} → ${last}` : (first ?? last ?? null);
}

/**
 * Queues mails about a job, honouring each one's preferences, in `deps.db`: given the transaction of
 * the change, the mails commit with it or not at all. Every mail is a row of email_notifications:
 * skipped by preference, or queued and then settled by the queue as sent or failed (with its reason).
 */
export async function notifyAboutJob(
  deps: NotificationDeps,
  job: NotifiedJob,
  userIds: readonly string[],
  notification: JobNotification,
): Promise<void> {
  if (userIds.length === 0) return;
  const emailType = EMAIL_TYPE[notification.type];
  // One statement at a time: a transaction is one connection, which runs one query at once.
  const { appName, currency, locale } = await getAppSettings(deps.db);
  const people = await recipients(deps.db, userIds);
  const format = createFormatters({ currency, locale, timeZone: deps.timeZone });
  for (const person of people) {
    if (person[PREFERENCE[notification.type]] !== 1) {
      await recordNotification(deps.db, {
        userId: person.id,
        jobId: job.id,
        emailType,
        status: 'skipped',
        failureReason: 'Turned off in the notification preferences',
      });
      continue;
    }
    const facts: JobMailFacts = {
      appName,
      publicUrl: deps.publicUrl,
      firstName: person.firstName,
      jobNumber: job.jobNumber,
      title: job.title,
      serviceDate: job.serviceDate ? format.serviceDate(job.serviceDate) : null,
      startTime: job.legs[0]?.departureTime ?? null,
      route: routeText(job),
    };
    const content = jobNoticeMail(facts, notice(notification, facts, format));
    // The row ('queued') and the queued mail commit together; the queue settles the row as sent,
    // or failed with the reason once its retries run out.
    await deps.db.transaction(async (tx) => {
      const notificationId = await recordNotification(tx, {
        userId: person.id,
        jobId: job.id,
        emailType,
        status: 'queued',
      });
      await deps.mailer.send({ to: person.email, ...content }, { tx, notificationId });
    });
  }
}
