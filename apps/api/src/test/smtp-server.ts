import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  /** SMTP_URL for the app under test. */
  url: string;
  port: number;
  messages: ParsedMail[];
  /** Messages sent to `address`, oldest first. */
  to(address: string): ParsedMail[];
  /** The newest message sent to `address`; fails the test when there is none. */
  last(address: string): ParsedMail;
  /** Waits (up to 10 s: mail goes through the queue) until `count` messages were sent to `address`. */
  waitFor(address: string, count?: number): Promise<void>;
  close(): Promise<void>;
}

const recipients = (mail: ParsedMail) =>
  [mail.to].flat().flatMap((to) => to?.value.map((a) => a.address?.toLowerCase()) ?? []);

/**
 * A real SMTP server on a free local port that keeps every message it receives, parsed. A message
 * is stored before the server acknowledges it, so it is there when the request that sent it ends.
 */
/** `port`: listen there (to start a stopped server again at the same address); default a free one. */
export async function startTestSmtpServer(options: { port?: number } = {}): Promise<TestSmtpServer> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const to = (address: string) => messages.filter((m) => recipients(m).includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    port,
    messages,
    to,
    last(address) {
      const found = to(address).at(-1);
      if (!found) throw new Error(`no mail was sent to ${address}`);
      return found;
    },
    async waitFor(address, count = 1) {
      const deadline = Date.now() + 10_000;
      while (to(address).length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mail(s) to ${address} within 10 s`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code in a verification message's text part. */
export function codeFrom(mail: ParsedMail): string {
  const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
  if (!code) throw new Error(`no code in mail '${mail.subject}'`);
  return code;
}

/** The reset link in a reset message's text part. */
export function resetLinkFrom(mail: ParsedMail): URL {
  const link = /(https?:\/\/\S+\/reset-password\?token=\S+)/.exec(mail.text ?? '')?.[1];
  if (!link) throw new Error(`no reset link in mail '${mail.subject}'`);
  return new URL(link);
}
