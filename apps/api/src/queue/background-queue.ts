import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromDrizzle, type JobWithMetadata, type PgBoss } from 'pg-boss';
import type { CreateBoss } from '../db/client';
import type { Mailer, MailMessage, SendOptions } from '../mail/mailer';
import { type SealedPayload, seal, unseal } from './payload-crypto';

// The background queue of DESIGN.md: pg-boss on the app's database (PostgreSQL or PGlite). It sends
// every mail, retrying with backoff so that an SMTP outage or a restart loses none, and runs the
// periodic tasks (offer expiry, reminders) on one instance at a time (ADR 11).

export const MAIL_QUEUE = 'send-mail';

export interface MailJobData {
  sealed: SealedPayload;
}

interface MailJobPayload {
  message: MailMessage;
  notificationId?: string;
}

export type MailOutcome = { status: 'sent' } | { status: 'failed'; reason: string };

/** A task run on a schedule (cron, in UTC), by one instance of however many run. */
export interface ScheduledTask {
  name: string;
  cron: string;
  run: (log: FastifyBaseLogger) => Promise<void>;
}

export interface BackgroundQueueOptions {
  createBoss: CreateBoss;
  /** Sends for real (SMTP or the outbox). */
  transport: Mailer;
  /** Key of the sealed mail payloads. */
  payloadSecret: string;
  log: FastifyBaseLogger;
  /** Settles a job mail's row in email_notifications with its final outcome. */
  onMailOutcome: (notificationId: string, outcome: MailOutcome) => Promise<void>;
  /** First retry delay in seconds, doubled each try (tests shorten it). */
  mailRetryDelaySeconds?: number;
  /** Retries before a mail counts as failed (tests lower it). */
  mailRetryLimit?: number;
}

/** Tries over about two hours: 30 s, 1 min, 2 min … capped at 30 min, eight retries. */
const MAIL_RETRY = { retryLimit: 8, retryBackoff: true, retryDelayMax: 1800 } as const;

/**
 * A mail job taken by an instance that then died (or whose completion was lost to a database
 * restart) stays active until it expires, and only then is retried. A send takes seconds (the SMTP
 * timeouts in mail/mailer.ts end it within 50), so a minute is enough and a crash delays mail by
 * about a minute and a half, not the default quarter of an hour.
 */
const MAIL_EXPIRE_SECONDS = 60;
/** How often expired jobs are looked for (pg-boss's default is a minute). */
const SUPERVISE_SECONDS = 20;

/**
 * pg-boss emits Errors, and for a worker's failure a plain copy of one with the queue and worker added;
 * the log's error serializer takes only Errors, so the copy is turned back into one.
 */
function queueErrorLine(error: unknown) {
  if (error instanceof Error) return { err: error };
  const e = (error ?? {}) as { message?: unknown; code?: unknown; queue?: unknown; worker?: unknown };
  const err = Object.assign(new Error(typeof e.message === 'string' ? e.message : 'queue error'), {
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
  });
  return { err, queue: typeof e.queue === 'string' ? e.queue : undefined };
}

export class BackgroundQueue {
  private readonly boss: PgBoss;
  private started = false;
  private tasks: readonly ScheduledTask[] = [];

  constructor(private readonly options: BackgroundQueueOptions) {
    this.boss = options.createBoss({
      useListenNotify: true,
      superviseIntervalSeconds: SUPERVISE_SECONDS,
      monitorIntervalSeconds: SUPERVISE_SECONDS,
      // Completed mail jobs are removed at the next maintenance: their payload has done its work.
      maintenanceIntervalSeconds: 300,
    });
    this.boss.on('error', (error) => options.log.warn(queueErrorLine(error), 'queue error'));
  }

  /** The periodic tasks, given once the app they work on is built. */
  setTasks(tasks: readonly ScheduledTask[]): void {
    this.tasks = tasks;
  }

  /** The app's mailer: every send is a job of the mail queue (in the caller's transaction with `tx`). */
  get mailer(): Mailer {
    return {
      kind: this.options.transport.kind,
      send: (message: MailMessage, sendOptions?: SendOptions) => this.enqueueMail(message, sendOptions),
      close: () => {},
    };
  }

  async start(): Promise<void> {
    await this.boss.start();
    const mailQueue = {
      ...MAIL_RETRY,
      retryLimit: this.options.mailRetryLimit ?? MAIL_RETRY.retryLimit,
      retryDelay: this.options.mailRetryDelaySeconds ?? 30,
      expireInSeconds: MAIL_EXPIRE_SECONDS,
      deleteAfterSeconds: 60,
      notify: true,
    };
    // createQueue keeps an existing queue as it is: a changed policy is applied with updateQueue.
    await this.boss.createQueue(MAIL_QUEUE, mailQueue);
    await this.boss.updateQueue(MAIL_QUEUE, mailQueue);
    // Up to five mails at a time, each settled on its own, fetching again at once while a batch
    // comes back full: a burst of offer mails goes out in seconds, not one per poll.
    await this.boss.work<MailJobData>(
      MAIL_QUEUE,
      {
        includeMetadata: true,
        batchSize: 5,
        burstWhenBatchFull: true,
        perJobResults: true,
        pollingIntervalSeconds: 1,
        notifyPollingIntervalSeconds: 1,
      },
      async (jobs) =>
        Promise.all(
          (jobs as JobWithMetadata<MailJobData>[]).map(async (job) => {
            try {
              await this.deliver(job);
              return { id: job.id, status: 'completed' as const };
            } catch (error) {
              return { id: job.id, status: 'failed' as const, output: { message: (error as Error).message } };
            }
          }),
        ),
    );
    for (const task of this.tasks) {
      await this.boss.createQueue(task.name, { retryLimit: 0, deleteAfterSeconds: 3600 });
      await this.boss.work(task.name, { pollingIntervalSeconds: 5 }, async () => task.run(this.options.log));
      await this.boss.schedule(task.name, task.cron);
    }
    this.started = true;
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, timeout: 10_000, close: true });
  }

  /** Runs a scheduled task now (tests, and the CLI). */
  async sendTask(name: string): Promise<void> {
    await this.boss.send(name, {});
  }

  private async enqueueMail(message: MailMessage, options: SendOptions = {}): Promise<void> {
    const data: MailJobData = {
      sealed: seal(
        { message, notificationId: options.notificationId } satisfies MailJobPayload,
        this.options.payloadSecret,
      ),
    };
    await this.boss.send(
      MAIL_QUEUE,
      data,
      options.tx ? { db: fromDrizzle(options.tx as unknown as Parameters<typeof fromDrizzle>[0], sql) } : {},
    );
  }

  private async deliver(job: JobWithMetadata<MailJobData>): Promise<void> {
    const { message, notificationId } = unseal<MailJobPayload>(job.data.sealed, this.options.payloadSecret);
    try {
      await this.options.transport.send(message);
    } catch (error) {
      const reason = (error as Error).message.slice(0, 500);
      const last = job.retryCount >= job.retryLimit;
      this.options.log.warn(
        { jobId: job.id, try: job.retryCount + 1, last, err: error },
        last ? 'mail failed for good' : 'mail failed, will retry',
      );
      if (last && notificationId)
        await this.options.onMailOutcome(notificationId, { status: 'failed', reason });
      throw error;
    }
    if (notificationId) await this.options.onMailOutcome(notificationId, { status: 'sent' });
  }
}
