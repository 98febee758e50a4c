import {
  createFormatters,
  type Job,
  type PublicQuote,
  type PublicQuoteContent,
  QUOTE_ALREADY_ANSWERED,
  QUOTE_NO_LINK,
  QUOTE_NO_RECIPIENT,
  QUOTE_NOT_QUOTED,
  QUOTE_SIGNATURE_INVALID,
  QUOTE_UPDATED,
  type QuoteLink,
  type QuoteLinkStatus,
  type SendQuoteLinkResult,
  signatureBase64,
} from '@dms/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { QuoteLinkRow } from '../../db/schema';
import { publishLiveEvent } from '../../events/live-events';
import { HttpError } from '../../http/errors';
import { generateResetToken, hashToken } from '../../lib/secrets';
import type { Mailer } from '../../mail/mailer';
import { quoteLinkMail } from '../../mail/quote-templates';
import { type JobPdfInput, loadLogo, renderQuotePdf, renderSignedQuotePdf } from '../../pdf';
import { getObjectStorage } from '../../storage';
import { getDocumentSettings } from '../document-settings';
import { changeJobStatus, getJob, JOB_NOT_FOUND, lockJob, noteDriverChanges } from '../jobs';
import { notifyAboutJob } from '../notifications';
import { getAppSettings } from '../settings';
import { activeManagerIds } from '../users';
import { buildQuoteContent, publicOperator, quoteText, sha256Hex } from './quote-content';
import {
  dueReminderLinks,
  findLinkByTokenHash,
  getQuoteLinkSettings,
  insertQuoteLink,
  type JobQuoteLinkRow,
  latestLinkForJob,
  markViewed,
  recordAcceptance,
  recordDecline,
  recordReminder,
  revokeOpenLinks,
} from './quote-links.repository';
import { reencodeSignature } from './signature-image';

// Sending a quote link, and the customer's view and answer (issue 24, ADR 32).

export interface QuoteLinkDeps {
  db: Db;
  mailer: Mailer;
  config: Config;
  log: FastifyBaseLogger;
}

/** Thrown for every kind of bad link; the routes answer it with one and the same 404. */
export class InvalidQuoteLink extends Error {}

const DAY_MS = 24 * 60 * 60 * 1000;

function announce(db: Db, jobId: string): Promise<void> {
  return publishLiveEvent(db, { type: 'jobs.changed', roles: ['manager'], payload: { jobId } });
}

async function currentContent(db: Db, job: Job): Promise<PublicQuoteContent> {
  const { locale } = await getAppSettings(db);
  return buildQuoteContent(job, await getDocumentSettings(db), locale);
}

/** The mail that carries a link, in the operator's branding. */
async function composeQuoteMail(
  tx: Db,
  deps: QuoteLinkDeps,
  job: Job,
  link: { url: string; expiresAt: Date; message: string | null; reminder?: boolean },
) {
  const settings = await getDocumentSettings(tx);
  const app = await getAppSettings(tx, deps.config.timezone);
  const content = buildQuoteContent(job, settings, app.locale);
  const format = createFormatters({ currency: app.currency, locale: app.locale, timeZone: app.timeZone });
  const operator = publicOperator(settings, app);
  return quoteLinkMail({
    companyName: operator.name,
    companyPhone: operator.phone,
    companyEmail: operator.email,
    logoUrl: settings.logoUrl ? new URL(settings.logoUrl, `${deps.config.publicUrl}/`).toString() : null,
    primaryColor: settings.primaryColor,
    quoteNumber: job.jobNumber,
    title: job.title,
    serviceDate: job.serviceDate ? format.serviceDate(job.serviceDate) : null,
    total: format.jobMoney(content.total, job.currency),
    expiresOn: format.dateTime(link.expiresAt),
    message: link.message,
    url: link.url,
    reminder: link.reminder,
  });
}

export async function sendQuoteLink(
  deps: QuoteLinkDeps,
  jobId: string,
  input: { to: string | null; message: string | null },
  userId: string | null,
  now = new Date(),
): Promise<SendQuoteLinkResult> {
  return deps.db.transaction(async (tx) => {
    const stored = await lockJob(tx, jobId);
    if (!stored) throw new HttpError(404, JOB_NOT_FOUND);
    if (stored.status !== 'quoted') throw new HttpError(409, QUOTE_NOT_QUOTED);
    const job = (await getJob(tx, jobId))!;
    const to = input.to ?? job.contact?.email ?? job.customer?.email ?? null;
    if (!to) throw new HttpError(400, QUOTE_NO_RECIPIENT, [{ path: 'to', message: QUOTE_NO_RECIPIENT }]);
    const { expiryDays } = await getQuoteLinkSettings(tx);
    const text = quoteText(await currentContent(tx, job));
    const token = generateResetToken();
    const expiresAt = new Date(now.getTime() + expiryDays * DAY_MS);
    await revokeOpenLinks(tx, jobId, now);
    await insertQuoteLink(tx, {
      jobId,
      tokenHash: hashToken(token),
      sentTo: to,
      message: input.message,
      sentBy: userId,
      quoteJson: text,
      quoteHash: sha256Hex(text),
      expiresAt,
    });
    const url = `${deps.config.publicUrl}/q/${token}`;
    const mail = await composeQuoteMail(tx, deps, job, { url, expiresAt, message: input.message });
    // Queued in this transaction: the link and its mail exist together or not at all.
    await deps.mailer.send({ to, ...mail }, { tx });
    await announce(tx, jobId);
    return { url, expiresAt: expiresAt.toISOString(), status: 'sent' };
  });
}

export async function revokeQuoteLink(deps: QuoteLinkDeps, jobId: string, now = new Date()): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (!(await lockJob(tx, jobId))) throw new HttpError(404, JOB_NOT_FOUND);
    if ((await revokeOpenLinks(tx, jobId, now)) === 0) throw new HttpError(404, QUOTE_NO_LINK);
    await announce(tx, jobId);
  });
}

function statusOf(
  row: Pick<QuoteLinkRow, 'revokedAt' | 'acceptedAt' | 'declinedAt' | 'expiresAt' | 'viewedAt'>,
  now: Date,
): QuoteLinkStatus {
  if (row.acceptedAt) return 'accepted';
  if (row.declinedAt) return 'declined';
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt <= now) return 'expired';
  return row.viewedAt ? 'viewed' : 'sent';
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toQuoteLink(row: JobQuoteLinkRow, now: Date, changedSinceSent: boolean): QuoteLink {
  const sentByName = [row.sentByFirstName, row.sentByLastName].filter(Boolean).join(' ') || null;
  return {
    status: statusOf(row, now),
    sentTo: row.sentTo,
    sentAt: row.createdAt.toISOString(),
    sentByName,
    expiresAt: row.expiresAt.toISOString(),
    viewedAt: iso(row.viewedAt),
    acceptedAt: iso(row.acceptedAt),
    acceptedName: row.acceptedName,
    acceptedIp: row.acceptedIp,
    acceptedHash: row.acceptedHash,
    hasSignature: row.hasSignature,
    declinedAt: iso(row.declinedAt),
    declineReason: row.declineReason,
    revokedAt: iso(row.revokedAt),
    changedSinceSent,
  };
}

/** The job's newest link as the manager sees it, or null when none was ever sent. */
export async function getJobQuoteLink(db: Db, jobId: string, now = new Date()): Promise<QuoteLink | null> {
  const job = await getJob(db, jobId);
  if (!job) throw new HttpError(404, JOB_NOT_FOUND);
  const row = await latestLinkForJob(db, jobId);
  if (!row) return null;
  const status = statusOf(row, now);
  const open = status === 'sent' || status === 'viewed';
  const changed = open && sha256Hex(quoteText(await currentContent(db, job))) !== row.quoteHash;
  return toQuoteLink(row, now, changed);
}

/** The link a token names, if it may still be used to read the quote (answered links stay readable). */
async function usableLink(db: Db, token: string, now: Date, lock = false): Promise<QuoteLinkRow> {
  // Every token, whatever its length or form, is hashed and looked up once: an unknown, a malformed
  // and a revoked token take the same path and answer the same (ADR 32).
  const row = await findLinkByTokenHash(db, hashToken(token), lock);
  if (!row || row.revokedAt) throw new InvalidQuoteLink();
  const answered = row.acceptedAt || row.declinedAt;
  if (!answered && row.expiresAt <= now) throw new InvalidQuoteLink();
  return row;
}

/** The operator's public face for the page and for the bad-link answer. */
export async function operatorOf(db: Db, timeZone: string) {
  const [settings, app] = [await getDocumentSettings(db), await getAppSettings(db, timeZone)];
  return publicOperator(settings, app);
}

export async function getPublicQuote(
  deps: QuoteLinkDeps,
  token: string,
  now = new Date(),
): Promise<PublicQuote> {
  const row = await usableLink(deps.db, token, now);
  // The first view shows on the managers' screens at once.
  if (!row.viewedAt) {
    await deps.db.transaction(async (tx) => {
      if (await markViewed(tx, row.id, now)) await announce(tx, row.jobId);
    });
  }
  const job = await getJob(deps.db, row.jobId);
  let state: PublicQuote['state'];
  if (row.acceptedAt) state = 'accepted';
  else if (row.declinedAt) state = 'declined';
  else if (job?.status !== 'quoted') state = 'closed';
  else if (sha256Hex(quoteText(await currentContent(deps.db, job))) !== row.quoteHash) state = 'updated';
  else state = 'open';
  return {
    state,
    expiresAt: row.expiresAt.toISOString(),
    acceptedAt: iso(row.acceptedAt),
    acceptedName: row.acceptedName,
    declinedAt: iso(row.declinedAt),
    quoteHash: row.quoteHash,
    operator: await operatorOf(deps.db, deps.config.timezone),
    quote: JSON.parse(row.quoteJson) as PublicQuoteContent,
  };
}

/**
 * Locks the job and then the link, in the order a manager's send takes them (job, then its links),
 * so an answer and a send never wait on each other in a circle; checks that the link is open and
 * that the quote is still the one sent.
 */
async function lockOpenLink(tx: Db, token: string, now: Date): Promise<{ row: QuoteLinkRow; job: Job }> {
  const first = await usableLink(tx, token, now);
  const stored = await lockJob(tx, first.jobId);
  const row = await usableLink(tx, token, now, true);
  if (row.acceptedAt || row.declinedAt) throw new HttpError(409, QUOTE_ALREADY_ANSWERED);
  if (stored?.status !== 'quoted') throw new HttpError(409, QUOTE_UPDATED);
  const job = (await getJob(tx, row.jobId))!;
  if (sha256Hex(quoteText(await currentContent(tx, job))) !== row.quoteHash) {
    throw new HttpError(409, QUOTE_UPDATED);
  }
  return { row, job };
}

async function pdfInput(deps: QuoteLinkDeps, db: Db, job: Job, issuedAt: Date): Promise<JobPdfInput> {
  const settings = await getDocumentSettings(db);
  const app = await getAppSettings(db, deps.config.timezone);
  const logo = await loadLogo(getObjectStorage(deps.config), deps.config, settings.logoUrl).catch(
    (error: unknown) => {
      deps.log.warn({ err: error }, 'the document logo could not be read');
      return null;
    },
  );
  return {
    job,
    settings,
    logo,
    operator: { currency: app.currency, locale: app.locale, timeZone: app.timeZone },
    appName: app.appName,
    issuedAt,
  };
}

export interface AnswerMeta {
  ip: string;
  userAgent: string;
}

export async function acceptQuote(
  deps: QuoteLinkDeps,
  token: string,
  input: { name: string; signature?: string },
  meta: AnswerMeta,
  now = new Date(),
): Promise<PublicQuote> {
  let signaturePng: Buffer | null = null;
  if (input.signature) {
    signaturePng = reencodeSignature(signatureBase64(input.signature));
    if (!signaturePng) {
      throw new HttpError(400, QUOTE_SIGNATURE_INVALID, [
        { path: 'signature', message: QUOTE_SIGNATURE_INVALID },
      ]);
    }
  }
  await deps.db.transaction(async (tx) => {
    const { row, job } = await lockOpenLink(tx, token, now);
    const input_ = await pdfInput(deps, tx, job, row.createdAt);
    const format = createFormatters({ ...input_.operator });
    const userAgent = meta.userAgent.slice(0, 500);
    const signedPdf = await renderSignedQuotePdf(input_, {
      name: input.name,
      acceptedAtText: `${format.dateTime(now)} (${input_.operator.timeZone})`,
      ip: meta.ip,
      userAgent,
      quoteHash: row.quoteHash,
      signaturePng,
    });
    await recordAcceptance(tx, row.id, {
      acceptedAt: now,
      acceptedName: input.name,
      acceptedIp: meta.ip,
      acceptedUserAgent: userAgent,
      acceptedHash: row.quoteHash,
      signaturePng,
      signedPdf,
    });
    const outcome = await changeJobStatus(tx, job.id, 'confirmed');
    const driverIds = outcome.job.vehicles.map((s) => s.driverId).filter((id): id is string => id !== null);
    await publishLiveEvent(tx, {
      type: 'jobs.changed',
      roles: ['manager'],
      userIds: driverIds,
      payload: { jobId: job.id },
    });
    const mailDeps = {
      db: tx,
      mailer: deps.mailer,
      publicUrl: deps.config.publicUrl,
      timeZone: deps.config.timezone,
      log: deps.log,
    };
    // Confirming publishes the job to its drivers (ADR 12): they get their offers as from the form.
    if (outcome.offeredDriverIds.length > 0 && outcome.offerExpiresAt) {
      await notifyAboutJob(mailDeps, outcome.job, outcome.offeredDriverIds, {
        type: 'offer',
        expiresAt: outcome.offerExpiresAt,
      });
    }
    await noteDriverChanges(
      tx,
      { before: outcome.previous, after: outcome.job, offered: outcome.offeredDriverIds },
      now,
      deps.config.driverChangeWindowMs,
    );
    await notifyAboutJob(mailDeps, outcome.job, await activeManagerIds(tx), {
      type: 'quote_accepted',
      customerName: input.name,
    });
  });
  return getPublicQuote(deps, token, now);
}

export async function declineQuote(
  deps: QuoteLinkDeps,
  token: string,
  reason: string | null,
  now = new Date(),
): Promise<PublicQuote> {
  await deps.db.transaction(async (tx) => {
    const first = await usableLink(tx, token, now);
    await lockJob(tx, first.jobId);
    const row = await usableLink(tx, token, now, true);
    if (row.acceptedAt || row.declinedAt) throw new HttpError(409, QUOTE_ALREADY_ANSWERED);
    await recordDecline(tx, row.id, { declinedAt: now, declineReason: reason });
    await announce(tx, row.jobId);
    const job = await getJob(tx, row.jobId);
    if (job) {
      await notifyAboutJob(
        {
          db: tx,
          mailer: deps.mailer,
          publicUrl: deps.config.publicUrl,
          timeZone: deps.config.timezone,
          log: deps.log,
        },
        job,
        await activeManagerIds(tx),
        { type: 'quote_declined', reason },
      );
    }
  });
  return getPublicQuote(deps, token, now);
}

/** The accepted quote's signed PDF, or the quote as sent while it is open and unchanged. */
export async function publicQuotePdf(deps: QuoteLinkDeps, token: string, now = new Date()): Promise<Buffer> {
  const row = await usableLink(deps.db, token, now);
  if (row.signedPdf) return row.signedPdf;
  const job = await getJob(deps.db, row.jobId);
  if (!job || sha256Hex(quoteText(await currentContent(deps.db, job))) !== row.quoteHash) {
    throw new HttpError(409, QUOTE_UPDATED);
  }
  return renderQuotePdf(await pdfInput(deps, deps.db, job, row.createdAt));
}

/**
 * One reminder mail for each link the customer viewed and has not answered after the set number of
 * days (issue 24), with a second token of its own (the first is not kept). A quote changed since it
 * was sent, or no longer quoted, gets none: the manager must send it again. Run by the queue.
 */
export async function sendQuoteReminders(deps: QuoteLinkDeps, now = new Date()): Promise<number> {
  const { reminderDays } = await getQuoteLinkSettings(deps.db);
  const due = await dueReminderLinks(deps.db, new Date(now.getTime() - reminderDays * DAY_MS), now);
  let sent = 0;
  for (const link of due) {
    const mailed = await deps.db.transaction(async (tx) => {
      const stored = await lockJob(tx, link.jobId);
      if (stored?.status !== 'quoted') return false;
      const job = (await getJob(tx, link.jobId))!;
      if (sha256Hex(quoteText(await currentContent(tx, job))) !== link.quoteHash) return false;
      const token = generateResetToken();
      if (!(await recordReminder(tx, link.id, hashToken(token), now))) return false;
      const url = `${deps.config.publicUrl}/q/${token}`;
      const mail = await composeQuoteMail(tx, deps, job, {
        url,
        expiresAt: link.expiresAt,
        message: null,
        reminder: true,
      });
      await deps.mailer.send({ to: link.sentTo, ...mail }, { tx });
      return true;
    });
    if (mailed) sent += 1;
  }
  return sent;
}
