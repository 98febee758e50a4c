import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJob } from '../test/factories';
import { createRoleTestApp, type RoleTestApp } from '../test/role-test-app';

// Issue 28: JSON answers over 1 KB leave compressed when the client accepts it; small ones and
// clients that accept nothing get the plain answer.

let t: RoleTestApp;

beforeAll(async () => {
  t = await createRoleTestApp();
  // Enough customers that the list is several KB of JSON.
  for (let i = 0; i < 20; i++) {
    const res = await t.asManager('POST', '/api/customers', {
      companyName: `Compression Test School ${i}`,
      companyType: 'school',
      email: `office${i}@school.test`,
      phone: '02 9000 0000',
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => t.close());

const list = '/api/customers?limit=50';
const withEncoding = (encoding: string) =>
  t.callerWith({ cookie: t.manager.cookie, 'accept-encoding': encoding });

describe('compressed answers', () => {
  it('sends a large list with brotli when the client accepts br, and it decodes to the same JSON', async () => {
    const plain = await t.asManager('GET', list);
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const res = await withEncoding('br')('GET', list);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('prefers brotli, and uses gzip for a client that accepts only gzip', async () => {
    const both = await withEncoding('gzip, deflate, br')('GET', list);
    expect(both.headers['content-encoding']).toBe('br');

    const gzip = await withEncoding('gzip')('GET', list);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await t.asManager('GET', list);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves an answer under 1 KB as it is', async () => {
    const res = await withEncoding('br, gzip')('GET', '/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toBeTypeOf('object');
  });

  it('sends the plain answer to a client without accept-encoding', async () => {
    const res = await t.asManager('GET', list);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().items.length).toBeGreaterThanOrEqual(20);
  });

  it('sends a PDF as it is: it is compressed already', async () => {
    const job = await createJob(t.db);
    const res = await withEncoding('br, gzip')('GET', `/api/jobs/${job.id}/jobsheet/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/pdf/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
