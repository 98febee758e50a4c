import { createHash } from 'node:crypto';
import {
  DEFAULT_OPERATOR_LOCALE,
  defaultTaxLabel,
  type Job,
  type PublicQuote,
  QUOTE_ALREADY_ANSWERED,
  QUOTE_LINK_INVALID,
  QUOTE_NOT_QUOTED,
  QUOTE_SIGNATURE_INVALID,
  QUOTE_TERMS_REQUIRED,
  QUOTE_UPDATED,
  type QuoteLink,
  type SendQuoteLinkResult,
} from '@dms/domain';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, quoteLinks } from '../../db/schema';
import { pdfText } from '../../pdf/pdf-text';
import { createCategory, createDriver, createVehicle } from '../../test/factories';
import { createRoleTestApp, expectJson, type RoleTestApp } from '../../test/role-test-app';
import { sendQuoteReminders } from './quote-links.service';

let t: RoleTestApp;
let vehicleId: string;
let driverName: string;

beforeAll(async () => {
  t = await createRoleTestApp({ smtp: true });
  const category = await createCategory(t.db, 'Coach');
  vehicleId = (await createVehicle(t.db, { categoryId: category.id, registrationNumber: 'SECRET-REG' })).id;
  const driver = await createDriver(t.db, { firstName: 'Drivername', lastName: 'Hidden' });
  driverName = driver.firstName ?? 'Drivername';
  await t.asManager('PUT', '/api/document-settings', {
    companyName: 'Harbour Coaches',
    companyAddress: '1 Wharf Rd',
    companyPhone: '02 9555 0000',
    companyEmail: 'office@harbour.example',
    companyABN: '12 345 678 901',
    companyWebsite: 'https://harbour.example',
    primaryColor: '#0b5394',
    secondaryColor: '#64748b',
    accentColor: '#0891b2',
    quoteHeaderText: 'QUOTE',
    showLoyaltyFooter: false,
    showVehicleNotes: true,
    showTermsAndConditions: true,
    showPricingBreakdown: true,
  });
  driverId = driver.id;
});
afterAll(() => t.close());

let driverId: string;
let seq = 0;
let ipSeq = 0;
const nextIp = () => `198.51.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;

/** A quoted job whose contact is `email`, with a driver on it and notes the customer must not see. */
async function quotedJob(email = `contact-${++seq}@customer.example`, status = 'quoted') {
  return expectJson<Job>(
    await t.asManager('POST', '/api/jobs', {
      title: 'Harbour cruise transfer',
      status,
      serviceDate: '2099-03-14',
      paxCount: 40,
      notesDriver: '<p>Internal: gate code 4321</p>',
      newCustomer: {
        companyName: `Bayside School ${seq}`,
        companyType: 'school',
        email: 'office@bayside.example',
        contacts: [{ name: 'Robin Organiser', role: 'Teacher', email }],
      },
      legs: [
        {
          originAddress: 'Bayside School',
          destinationAddress: 'Circular Quay',
          departureTime: '09:00',
          arrivalTime: '09:45',
        },
      ],
      vehicles: [{ vehicleId, driverId }],
      basePrice: 1200,
      extraCharges: [{ description: 'Tolls', amount: 30, type: 'fixed' }],
      taxMode: 'exclusive',
      taxRate: 10,
      termsAndConditions: '<p>Deposit of 20% on booking.</p>',
    }),
    201,
  );
}

async function send(jobId: string, body: object = {}) {
  return expectJson<SendQuoteLinkResult>(
    await t.asManager('POST', `/api/jobs/${jobId}/quote-link`, body),
    201,
  );
}

const tokenOf = (url: string) => url.split('/q/')[1] ?? '';

/** An anonymous request from an address of its own (the per-address throttles stay out of it). */
function pub(method: 'GET' | 'POST', url: string, payload?: object, ip = nextIp()) {
  return t.app.inject({
    method,
    url,
    payload,
    remoteAddress: ip,
    headers: { 'user-agent': 'QuoteTest/1.0 (phone)', ...(payload ? {} : { 'x-requested-with': 'dms' }) },
  });
}

const quoteUrl = (token: string, tail = '') => `/api/public/quotes/${encodeURIComponent(token)}${tail}`;

function signaturePng(width = 300, height = 100): string {
  const png = new PNG({ width, height });
  for (let x = 20; x < width - 20; x++) {
    const i = (50 * width + x) * 4;
    png.data[i + 3] = 255;
  }
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

async function linkOf(jobId: string) {
  return expectJson<{ link: QuoteLink | null }>(
    await t.asManager('GET', `/api/jobs/${jobId}/quote-link`),
    200,
  ).link;
}

async function jobStatus(jobId: string) {
  const [row] = await t.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId));
  return row?.status;
}

describe('sending a quote link', () => {
  it('mails the contact a link whose token is stored only as a hash, and answers url, expiry and status', async () => {
    const job = await quotedJob('robin@customer.example');
    const before = Date.now();
    const sent = await send(job.id, { message: 'Here is the quote we discussed.' });
    expect(sent.status).toBe('sent');
    expect(sent.url).toMatch(/^http:\/\/localhost:\d+\/q\/[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(sent.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    const token = tokenOf(sent.url);
    const [row] = await t.db.select().from(quoteLinks).where(eq(quoteLinks.jobId, job.id));
    expect(row?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    await t.smtp.waitFor('robin@customer.example');
    const mail = t.smtp.last('robin@customer.example');
    expect(mail.subject).toContain('Harbour Coaches');
    expect(mail.text).toContain(sent.url);
    expect(mail.text).toContain('Here is the quote we discussed.');
    expect(mail.html).toContain('#0b5394');
    expect((await linkOf(job.id))?.status).toBe('sent');
  });

  it('refuses drivers, anonymous callers and jobs that are not quoted', async () => {
    const job = await quotedJob();
    expect((await t.asDriver('POST', `/api/jobs/${job.id}/quote-link`, {})).statusCode).toBe(403);
    expect((await t.anonymous('POST', `/api/jobs/${job.id}/quote-link`, {})).statusCode).toBe(401);
    const draft = await quotedJob(undefined, 'draft');
    const res = await t.asManager('POST', `/api/jobs/${draft.id}/quote-link`, {});
    expect(expectJson<{ message: string }>(res, 409).message).toBe(QUOTE_NOT_QUOTED);
    expect(
      (await t.asManager('POST', '/api/jobs/00000000-0000-0000-0000-000000000000/quote-link', {})).statusCode,
    ).toBe(404);
    expect(
      (await t.asManager('POST', `/api/jobs/${job.id}/quote-link`, { to: 'not-an-email' })).statusCode,
    ).toBe(400);
    expect(await t.db.select().from(quoteLinks).where(eq(quoteLinks.jobId, draft.id))).toHaveLength(0);
  });

  it('sending again revokes the previous link; revoking answers the same as an unknown token', async () => {
    const job = await quotedJob();
    const first = tokenOf((await send(job.id)).url);
    const second = tokenOf((await send(job.id, { to: 'other@customer.example' })).url);
    const unknown = await pub('GET', quoteUrl('x'.repeat(43)));
    const revoked = await pub('GET', quoteUrl(first));
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json()).toEqual(unknown.json());
    expect(unknown.json()).toMatchObject({
      message: QUOTE_LINK_INVALID,
      operator: { name: 'Harbour Coaches', phone: '02 9555 0000' },
    });
    expect((await pub('GET', quoteUrl(second))).statusCode).toBe(200);
    expect((await t.asManager('DELETE', `/api/jobs/${job.id}/quote-link`)).statusCode).toBe(204);
    expect((await pub('GET', quoteUrl(second))).json()).toEqual(unknown.json());
    expect((await linkOf(job.id))?.status).toBe('revoked');
    expect((await t.asManager('DELETE', `/api/jobs/${job.id}/quote-link`)).statusCode).toBe(404);
  });

  it('takes the expiry from Settings > Documents > Quotes', async () => {
    expect(
      (await t.asManager('PUT', '/api/quote-link-settings', { expiryDays: 0, reminderDays: 3 })).statusCode,
    ).toBe(400);
    expect(
      (await t.asManager('PUT', '/api/quote-link-settings', { expiryDays: 30, reminderDays: 61 })).statusCode,
    ).toBe(400);
    expect(
      (await t.asDriver('PUT', '/api/quote-link-settings', { expiryDays: 5, reminderDays: 3 })).statusCode,
    ).toBe(403);
    expectJson(await t.asManager('PUT', '/api/quote-link-settings', { expiryDays: 5, reminderDays: 2 }), 200);
    expect(expectJson(await t.asManager('GET', '/api/quote-link-settings'), 200)).toEqual({
      expiryDays: 5,
      reminderDays: 2,
    });
    const job = await quotedJob();
    const sent = await send(job.id);
    expect(Math.round((Date.parse(sent.expiresAt) - Date.now()) / 86_400_000)).toBe(5);
    expectJson(
      await t.asManager('PUT', '/api/quote-link-settings', { expiryDays: 30, reminderDays: 3 }),
      200,
    );
  });
});

describe('the public quote', () => {
  it('shows the quote as the PDF does and nothing else, records the first view, and sends the page headers', async () => {
    const job = await quotedJob();
    const token = tokenOf((await send(job.id)).url);
    const res = await pub('GET', quoteUrl(token));
    const quote = expectJson<PublicQuote>(res, 200);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-robots-tag']).toContain('noindex');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(quote.state).toBe('open');
    expect(quote.quote).toMatchObject({
      quoteNumber: job.jobNumber,
      legs: [{ legNumber: 1, from: 'Bayside School', to: 'Circular Quay', departureTime: '09:00' }],
      vehicles: [{ type: 'Coach', count: 1 }],
      total: 1353,
      currency: 'AUD',
    });
    expect(quote.quote.termsHtml).toContain('Deposit of 20%');
    // The tax is named as the quote PDF names it: the locale's name when Settings leave it blank.
    expect(quote.quote.priceLines.map((line) => line.label)).toContain(
      `${defaultTaxLabel(DEFAULT_OPERATOR_LOCALE)} (10%)`,
    );
    expect(quote.operator.name).toBe('Harbour Coaches');
    const body = res.body;
    for (const secret of [
      job.id,
      driverId,
      driverName,
      'Hidden',
      'SECRET-REG',
      'gate code',
      vehicleId,
      job.customerId!,
      job.contactId!,
    ]) {
      expect(body, `leaks ${secret}`).not.toContain(secret);
    }
    const viewed = await linkOf(job.id);
    expect(viewed?.status).toBe('viewed');
    const firstView = viewed?.viewedAt;
    await pub('GET', quoteUrl(token));
    expect((await linkOf(job.id))?.viewedAt).toBe(firstView);
  });

  it('answers the same 404 for unknown, malformed, expired and revoked tokens', async () => {
    const job = await quotedJob();
    const token = tokenOf((await send(job.id)).url);
    await t.db
      .update(quoteLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(quoteLinks.jobId, job.id));
    const answers = await Promise.all(
      [token, 'short', 'z'.repeat(99), '%00%27;drop', token.slice(0, -1)].map((tok) =>
        pub('GET', quoteUrl(tok)),
      ),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(answers[0]?.json());
    }
    expect((await linkOf(job.id))?.status).toBe('expired');
    const accept = await pub('POST', quoteUrl(token, '/accept'), { name: 'Robin', agreeToTerms: true });
    expect(accept.statusCode).toBe(404);
    expect(await jobStatus(job.id)).toBe('quoted');
  });
});

describe('accepting a quote', () => {
  it('records name, time, address, browser and hash, confirms the job, tells the managers, and keeps a signed PDF', async () => {
    const job = await quotedJob();
    const token = tokenOf((await send(job.id)).url);
    const ip = nextIp();
    const res = await pub(
      'POST',
      quoteUrl(token, '/accept'),
      { name: 'Robin Organiser', agreeToTerms: true, signature: signaturePng() },
      ip,
    );
    const answer = expectJson<PublicQuote>(res, 200);
    expect(answer.state).toBe('accepted');
    expect(answer.acceptedName).toBe('Robin Organiser');
    expect(await jobStatus(job.id)).toBe('confirmed');
    const [row] = await t.db.select().from(quoteLinks).where(eq(quoteLinks.jobId, job.id));
    expect(row).toMatchObject({
      acceptedName: 'Robin Organiser',
      acceptedIp: ip,
      acceptedUserAgent: 'QuoteTest/1.0 (phone)',
    });
    expect(row?.acceptedHash).toBe(createHash('sha256').update(row!.quoteJson).digest('hex'));
    expect(row?.acceptedHash).toBe(answer.quoteHash);
    // Re-encoded: a valid PNG, not the bytes as sent.
    expect(PNG.sync.read(row!.signaturePng!).width).toBe(300);
    const link = await linkOf(job.id);
    expect(link).toMatchObject({ status: 'accepted', acceptedName: 'Robin Organiser', hasSignature: true });
    await t.smtp.waitFor(t.manager.user.email);
    expect(t.smtp.to(t.manager.user.email).some((m) => m.subject?.startsWith('Quote accepted'))).toBe(true);

    const pdf = await t.asManager('GET', `/api/jobs/${job.id}/quote-link/signed-pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain('Robin Organiser');
    expect(text).toContain(row!.acceptedHash!);
    expect(text).toContain(job.jobNumber);
    const publicPdf = await pub('GET', quoteUrl(token, '/pdf'));
    expect(publicPdf.statusCode).toBe(200);
    expect(publicPdf.rawPayload.equals(pdf.rawPayload)).toBe(true);

    const again = await pub('POST', quoteUrl(token, '/accept'), { name: 'Someone Else', agreeToTerms: true });
    expect(expectJson<{ message: string }>(again, 409).message).toBe(QUOTE_ALREADY_ANSWERED);
    const decline = await pub('POST', quoteUrl(token, '/decline'), { reason: 'changed my mind' });
    expect(decline.statusCode).toBe(409);
    expect((await linkOf(job.id))?.acceptedName).toBe('Robin Organiser');
    // An answered link stays readable, in its answered state.
    expect(expectJson<PublicQuote>(await pub('GET', quoteUrl(token)), 200).state).toBe('accepted');
  });

  it('refuses a missing name, unticked terms, a bad or oversized signature and an oversized body, changing nothing', async () => {
    const job = await quotedJob();
    const token = tokenOf((await send(job.id)).url);
    const tries: [object, number, string?][] = [
      [{ agreeToTerms: true }, 400],
      [{ name: '  ', agreeToTerms: true }, 400],
      [{ name: 'Robin', agreeToTerms: false }, 400, QUOTE_TERMS_REQUIRED],
      [{ name: 'Robin' }, 400, QUOTE_TERMS_REQUIRED],
      [
        { name: 'Robin', agreeToTerms: true, signature: 'data:image/svg+xml;base64,PHN2Zz4=' },
        400,
        QUOTE_SIGNATURE_INVALID,
      ],
      [
        {
          name: 'Robin',
          agreeToTerms: true,
          signature: `data:image/png;base64,${Buffer.from('GIF89a not a png').toString('base64')}`,
        },
        400,
        QUOTE_SIGNATURE_INVALID,
      ],
      [
        { name: 'Robin', agreeToTerms: true, signature: signaturePng(5000, 10) },
        400,
        QUOTE_SIGNATURE_INVALID,
      ],
      [{ name: 'Robin', agreeToTerms: true, signature: `data:image/png;base64,${'A'.repeat(350_000)}` }, 400],
      [{ name: 'Robin', agreeToTerms: true, signature: `data:image/png;base64,${'A'.repeat(500_000)}` }, 413],
    ];
    for (const [body, status, message] of tries) {
      const res = await pub('POST', quoteUrl(token, '/accept'), body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      if (message) expect(res.json().message).toBe(message);
    }
    const big = await pub('POST', quoteUrl(token, '/decline'), { reason: 'x'.repeat(10_000) });
    expect(big.statusCode).toBe(413);
    expect(await jobStatus(job.id)).toBe('quoted');
    expect((await linkOf(job.id))?.acceptedAt).toBeNull();
  });

  it('refuses a quote changed since it was sent until a new link goes', async () => {
    const job = await quotedJob();
    const token = tokenOf((await send(job.id)).url);
    const current = expectJson<Job>(await t.asManager('GET', `/api/jobs/${job.id}`), 200);
    expectJson(
      await t.asManager('PUT', `/api/jobs/${job.id}`, {
        title: current.title,
        status: 'quoted',
        serviceDate: current.serviceDate,
        customerId: current.customerId,
        contactId: current.contactId,
        legs: current.legs,
        vehicles: current.vehicles.map((v) => ({ vehicleId: v.vehicleId, driverId: v.driverId })),
        basePrice: 1500,
        taxMode: 'exclusive',
        taxRate: 10,
        termsAndConditions: current.termsAndConditions,
        version: current.version,
      }),
      200,
    );
    expect(expectJson<PublicQuote>(await pub('GET', quoteUrl(token)), 200).state).toBe('updated');
    expect((await linkOf(job.id))?.changedSinceSent).toBe(true);
    const res = await pub('POST', quoteUrl(token, '/accept'), { name: 'Robin', agreeToTerms: true });
    expect(expectJson<{ message: string }>(res, 409).message).toBe(QUOTE_UPDATED);
    expect((await pub('GET', quoteUrl(token, '/pdf'))).statusCode).toBe(409);
    expect(await jobStatus(job.id)).toBe('quoted');
    const fresh = tokenOf((await send(job.id)).url);
    expectJson(await pub('POST', quoteUrl(fresh, '/accept'), { name: 'Robin', agreeToTerms: true }), 200);
    expect(await jobStatus(job.id)).toBe('confirmed');
  });
});

describe('declining a quote', () => {
  it('records the reason, leaves the job quoted and tells the managers', async () => {
    const job = await quotedJob();
    const token = tokenOf((await send(job.id)).url);
    const answer = expectJson<PublicQuote>(
      await pub('POST', quoteUrl(token, '/decline'), { reason: 'We found a cheaper operator' }),
      200,
    );
    expect(answer.state).toBe('declined');
    expect(await linkOf(job.id)).toMatchObject({
      status: 'declined',
      declineReason: 'We found a cheaper operator',
    });
    expect(await jobStatus(job.id)).toBe('quoted');
    // Mails go through the queue: earlier tests' mails may still be arriving.
    await expect
      .poll(
        () => t.smtp.to(t.manager.user.email).some((m) => m.text?.includes('We found a cheaper operator')),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    expect(
      (await pub('POST', quoteUrl(token, '/accept'), { name: 'Robin', agreeToTerms: true })).statusCode,
    ).toBe(409);
  });
});

describe('the reminder', () => {
  it('mails once, after the set days, a link viewed and not answered, with a working link of its own', async () => {
    const email = `reminded-${++seq}@customer.example`;
    const viewed = await quotedJob(email);
    const token = tokenOf((await send(viewed.id)).url);
    const unviewed = await quotedJob();
    await send(unviewed.id);
    const answered = await quotedJob();
    const answeredToken = tokenOf((await send(answered.id)).url);
    await pub('GET', quoteUrl(token));
    await pub('POST', quoteUrl(answeredToken, '/decline'), {});
    const deps = { db: t.db, mailer: t.app.mailer, config: t.app.config, log: t.app.log };
    // Not yet: viewed today, reminded after 3 days.
    expect(await sendQuoteReminders(deps)).toBe(0);
    const later = new Date(Date.now() + 3 * 86_400_000 + 60_000);
    // (Links viewed in other tests of this file are due too.)
    expect(await sendQuoteReminders(deps, later)).toBeGreaterThanOrEqual(1);
    expect(await sendQuoteReminders(deps, later)).toBe(0);
    expect(await t.db.select().from(quoteLinks).where(eq(quoteLinks.jobId, unviewed.id))).toMatchObject([
      { reminderSentAt: null },
    ]);
    expect(await t.db.select().from(quoteLinks).where(eq(quoteLinks.jobId, answered.id))).toMatchObject([
      { reminderSentAt: null },
    ]);
    await t.smtp.waitFor(email, 2);
    const reminder = t.smtp.last(email);
    expect(reminder.subject).toMatch(/^Reminder: your quote/);
    const second = /\/q\/([A-Za-z0-9_-]{43})/.exec(reminder.text ?? '')?.[1] ?? '';
    expect(second).not.toBe(token);
    expect(expectJson<PublicQuote>(await pub('GET', quoteUrl(second)), 200).state).toBe('open');
    expect((await pub('GET', quoteUrl(token))).statusCode).toBe(200);
    // Revoking the link stops both tokens.
    expect((await t.asManager('DELETE', `/api/jobs/${viewed.id}/quote-link`)).statusCode).toBe(204);
    expect((await pub('GET', quoteUrl(second))).statusCode).toBe(404);
  });
});

describe('the job list', () => {
  it('shows each job’s quote link state and finds the quotes viewed and not answered', async () => {
    const job = await quotedJob();
    const token = tokenOf((await send(job.id)).url);
    type Summary = { id: string; quoteLink: { status: string; at: string } | null };
    const listed = async (query: string) =>
      expectJson<{ items: Summary[] }>(await t.asManager('GET', `/api/jobs?limit=100${query}`), 200).items;
    expect((await listed('')).find((j) => j.id === job.id)?.quoteLink?.status).toBe('sent');
    expect((await listed('&quote=viewed_unanswered')).map((j) => j.id)).not.toContain(job.id);
    await pub('GET', quoteUrl(token));
    const viewed = (await listed('&quote=viewed_unanswered')).find((j) => j.id === job.id);
    expect(viewed?.quoteLink?.status).toBe('viewed');
    await pub('POST', quoteUrl(token, '/decline'), { reason: 'Too dear' });
    expect((await listed('&quote=viewed_unanswered')).map((j) => j.id)).not.toContain(job.id);
    expect((await listed('')).find((j) => j.id === job.id)?.quoteLink?.status).toBe('declined');
    expect((await t.asManager('GET', '/api/jobs?quote=nonsense')).statusCode).toBe(400);
  });
});

describe('throttles', () => {
  it('limits answers per token and per address, with counters in the database', async () => {
    const token = 'throttled-token-that-does-not-exist';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await pub('POST', quoteUrl(token, '/decline'), {})).statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses[10]).toBe(429);

    const ip = nextIp();
    const fromOneAddress: number[] = [];
    for (let i = 0; i < 21; i++) {
      fromOneAddress.push(
        (await pub('POST', quoteUrl(`guess-${i}`, '/accept'), { name: 'A B', agreeToTerms: true }, ip))
          .statusCode,
      );
    }
    expect(fromOneAddress.slice(0, 20).every((s) => s === 404)).toBe(true);
    const last = await pub('POST', quoteUrl('guess-x', '/accept'), { name: 'A B', agreeToTerms: true }, ip);
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBeDefined();
  });
});
