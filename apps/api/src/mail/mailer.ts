import { randomBytes } from 'node:crypto';
import { link, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Db } from '../db/client';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the mail (an invoice's PDF), base64 so the queued payload stays JSON. */
  attachments?: MailAttachment[];
}

/** nodemailer's attachment shape, limited to what a queued job can carry. */
export interface MailAttachment {
  filename: string;
  content: string;
  encoding: 'base64';
  contentType: string;
}

export interface SendOptions {
  /** The mail's row in email_notifications (written 'queued'), settled with the send's outcome. */
  notificationId?: string;
  /** Queue the mail in this transaction: it goes out only if the transaction commits. */
  tx?: Db;
}

export interface Mailer {
  /** 'smtp' with SMTP_URL; otherwise every message lands in the outbox directory. */
  readonly kind: 'smtp' | 'outbox';
  /** The app's mailer queues (queue/mail-queue.ts); the transport behind it sends at once. */
  send(message: MailMessage, options?: SendOptions): Promise<void>;
  close(): void;
}

export interface MailLogger {
  info(details: object, message: string): void;
}

const silent: MailLogger = { info: () => {} };

// nodemailer waits two minutes for an unresponsive server by default; a request cannot. The
// SMTP_URL query string may still override these (e.g. ?connectionTimeout=30000).
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  logger: MailLogger = silent,
): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS });
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: config.mailFrom, ...message });
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(config.dataDir, 'mail');
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await composer.sendMail({ from: config.mailFrom, ...message });
      await mkdir(outbox, { recursive: true });
      const file = await writeNew(
        outbox,
        `${new Date().toISOString()}-${safeFileName(message.to)}`,
        info.message,
      );
      logger.info({ to: message.to, subject: message.subject, file }, 'mail written to the outbox');
    },
    close: () => composer.close(),
  };
}

function safeFileName(address: string): string {
  return address.replace(/[^A-Za-z0-9@._+-]/g, '_').slice(0, 120);
}

/**
 * Writes `<base>.eml`, adding a random suffix in the unlikely case that it already exists. The
 * message is written under a temporary name and then linked into place, so whoever reads the
 * outbox never finds half a message (a journey once read an empty one).
 */
async function writeNew(dir: string, base: string, content: unknown): Promise<string> {
  const data = Buffer.isBuffer(content) ? content : Buffer.from(String(content));
  const temporary = path.join(dir, `.${base}-${randomBytes(4).toString('hex')}.tmp`);
  await writeFile(temporary, data, { flag: 'wx' });
  try {
    for (const name of [`${base}.eml`, `${base}-${randomBytes(3).toString('hex')}.eml`]) {
      const file = path.join(dir, name);
      try {
        // link() fails rather than replace an existing file, and the name appears complete.
        await link(temporary, file);
        return file;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    throw new Error(`could not write a new outbox file for ${base}`);
  } finally {
    await rm(temporary, { force: true });
  }
}
