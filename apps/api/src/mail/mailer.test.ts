import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings } from '../db/schema';
import { startTestSmtpServer, type TestSmtpServer } from '../test/smtp-server';
import { createTestApp } from '../test/test-app';
import { createMailer } from './mailer';
import { escapeHtml, passwordResetMail, verificationCodeMail } from './templates';

const FROM = 'Depot Office <office@dms.example.test>';

describe('createMailer', () => {
  let smtp: TestSmtpServer;
  let dataDir: string;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    dataDir = await mkdtemp(path.join(tmpdir(), 'dms-mail-'));
  });
  afterAll(async () => {
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('sends through SMTP with SMTP_URL', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: FROM, dataDir });
    expect(mailer.kind).toBe('smtp');
    await mailer.send({
      to: 'driver@example.test',
      subject: 'Hello',
      text: 'Plain body',
      html: '<p>Body</p>',
    });
    mailer.close();
    const mail = smtp.last('driver@example.test');
    expect(mail.subject).toBe('Hello');
    expect(mail.from?.value[0]).toMatchObject({ name: 'Depot Office', address: 'office@dms.example.test' });
    expect(mail.text?.trim()).toBe('Plain body');
    expect(mail.html).toContain('<p>Body</p>');
  });

  it('writes an .eml file per message to $DATA_DIR/mail without SMTP_URL, and logs it', async () => {
    const logged: object[] = [];
    const mailer = createMailer(
      { smtpUrl: undefined, mailFrom: FROM, dataDir },
      { info: (details) => logged.push(details) },
    );
    expect(mailer.kind).toBe('outbox');
    await mailer.send({
      to: 'o.brien+x@example.test',
      subject: 'Outbox',
      text: 'In a file',
      html: '<p>f</p>',
    });
    await mailer.send({
      to: 'o.brien+x@example.test',
      subject: 'Outbox 2',
      text: 'Another',
      html: '<p>g</p>',
    });
    const files = await readdir(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(2);
    for (const file of files)
      expect(file).toMatch(
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z-o\.brien\+x@example\.test(-[0-9a-f]+)?\.eml$/,
      );
    const mail = await simpleParser(await readFile(path.join(dataDir, 'mail', files.sort()[0]!)));
    expect(mail.subject).toMatch(/^Outbox/);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('o.brien+x@example.test');
    expect(logged[0]).toMatchObject({ to: 'o.brien+x@example.test', subject: 'Outbox' });
  });
});

describe('the outbox through the app', () => {
  it('holds the verification code of a registration when SMTP_URL is unset', async () => {
    const t = await createTestApp({ tempDataDir: true });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: {
          email: 'outbox@example.test',
          password: 'coach-secret1',
          firstName: 'Out',
          lastName: 'Box',
        },
      });
      expect(res.statusCode).toBe(201);
      // The queue writes it a moment after the answer.
      const outbox = path.join(t.dataDir, 'mail');
      const messages = async () => (await readdir(outbox).catch(() => [])).filter((f) => f.endsWith('.eml'));
      await expect.poll(async () => (await messages()).length).toBe(1);
      const [file] = await messages();
      expect(file).toMatch(/-outbox@example\.test\.eml$/);
      const mail = await simpleParser(await readFile(path.join(t.dataDir, 'mail', file!)));
      const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
      expect(code).toBeDefined();
      const verify = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email-code',
        payload: { email: 'outbox@example.test', code },
      });
      expect(verify.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('account mails', () => {
  it('carry the code and the link in the text part and escape everything in the HTML part', () => {
    const appName = '<b>Smith & Sons</b>';
    const verification = verificationCodeMail({ appName, code: '042917' });
    expect(verification.text).toContain('042917');
    expect(verification.html).toContain('&lt;b&gt;Smith &amp; Sons&lt;/b&gt;');
    expect(verification.html).not.toContain('<b>Smith');

    const link = 'https://dms.example.test/reset-password?token=abc_DEF-123';
    const reset = passwordResetMail({ appName, link });
    expect(reset.text).toContain(link);
    expect(reset.html).toContain(`href="${link}"`);
    expect(reset.html).not.toContain('<b>Smith');
    expect(escapeHtml(`"'<>&`)).toBe('&quot;&#39;&lt;&gt;&amp;');
  });

  it("use the operator's app name from the settings", async () => {
    const t = await createTestApp({ smtp: true });
    try {
      await t.db.insert(appSettings).values({ appName: 'Harbour Coaches' });
      await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { email: 'brand@example.test', password: 'coach-secret1', firstName: 'B', lastName: 'R' },
      });
      await t.smtp.waitFor('brand@example.test');
      const mail = t.smtp.last('brand@example.test');
      expect(mail.subject).toBe('Your Harbour Coaches verification code');
      expect(mail.html).toContain('Harbour Coaches');
    } finally {
      await t.close();
    }
  });
});
