import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

// Reads the mail the server writes without SMTP: `$DATA_DIR/mail/<ISO time>-<recipient>.eml` (RFC 822).

export interface OutboxMail {
  file: string;
  subject: string;
  /** The decoded text/plain part. */
  text: string;
}

function mailDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the journeys through `npm run test:e2e`');
  return path.join(dataDir, 'mail');
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  // Unfold continuation lines, then read `Name: value`.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const char = soft[i]!;
    const hex = soft.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The text/plain content of a message, looking inside multipart bodies. */
export function textOf(raw: string): string {
  const { headers, body } = splitHeaders(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    const texts = parts
      .filter((part) => !part.startsWith('--'))
      .map((part) => textOf(part.replace(/^\n/, '')))
      .filter((text) => text !== '');
    return texts[0] ?? '';
  }
  if (!type.toLowerCase().startsWith('text/plain')) return '';
  return decodeBody(headers, body);
}

function decodeSubject(value: string): string {
  // RFC 2047 encoded words, as nodemailer writes them for non-ASCII subjects.
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

/**
 * Waits for the newest message to `recipient` written at or after `since` (ms since the epoch;
 * default: any time) and returns it decoded.
 */
export async function waitForMail(
  recipient: string,
  { since = 0, timeoutMs = 15_000 }: { since?: number; timeoutMs?: number } = {},
): Promise<OutboxMail> {
  const dir = mailDir();
  const wanted = recipient.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  // File times have coarser resolution than Date.now(); allow for it.
  const from = since - 1000;
  for (;;) {
    let names: string[] = [];
    try {
      names = await readdir(dir);
    } catch {
      // The outbox appears with the first message.
    }
    const candidates: { file: string; mtime: number }[] = [];
    for (const name of names) {
      if (!name.endsWith('.eml') || !name.toLowerCase().includes(`-${wanted}`)) continue;
      const file = path.join(dir, name);
      const { mtimeMs } = await stat(file);
      if (mtimeMs >= from) candidates.push({ file, mtime: mtimeMs });
    }
    candidates.sort((a, b) => b.mtime - a.mtime || b.file.localeCompare(a.file));
    const newest = candidates[0];
    if (newest) {
      const raw = await readFile(newest.file, 'utf8');
      const { headers } = splitHeaders(raw);
      return { file: newest.file, subject: decodeSubject(headers.get('subject') ?? ''), text: textOf(raw) };
    }
    if (Date.now() > deadline) throw new Error(`No mail for ${recipient} in ${dir} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The 6-digit verification code of the newest message to `recipient`. */
export async function waitForVerificationCode(
  recipient: string,
  options?: { since?: number; timeoutMs?: number },
): Promise<string> {
  const mail = await waitForMail(recipient, options);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No 6-digit code in ${mail.file}:\n${mail.text}`);
  return code;
}

/** The full reset link (`…/reset-password?token=…`) of the newest message to `recipient`. */
export async function waitForResetLink(
  recipient: string,
  options?: { since?: number; timeoutMs?: number },
): Promise<string> {
  const mail = await waitForMail(recipient, options);
  const link = /https?:\/\/[^\s"<>]+\/reset-password\?token=[^\s"<>]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No reset link in ${mail.file}:\n${mail.text}`);
  return link;
}
