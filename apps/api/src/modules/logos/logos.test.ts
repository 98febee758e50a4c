import { existsSync, readdirSync } from 'node:fs';
import { utimes } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { LOGO_MAX_BYTES, LOGO_MESSAGES } from '@dms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSessionSecret } from '../../config';
import { type FakeS3, startFakeS3 } from '../../storage/fake-s3-server';
import { signUpload } from '../../storage/signed-upload';
import { type Caller, createRoleTestApp, expectJson, type RoleTestApp } from '../../test/role-test-app';
import { HOSTILE_SVG, tinyPng } from './test-images';

const UPLOAD_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

describe('logo upload (local storage)', () => {
  let t: RoleTestApp;

  beforeAll(async () => {
    t = await createRoleTestApp({ tempDataDir: true });
  });
  afterAll(() => t.close());

  const uploadsDir = () => path.join(t.dataDir, 'uploads');
  const storedFiles = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()) : []);

  function requestUpload(fileName: string, contentType: string, size: number, as: Caller = t.asManager) {
    return as('POST', '/api/logos/upload', { fileName, contentType, size });
  }

  async function uploadUrlFor(fileName: string, contentType: string, size: number) {
    const res = await requestUpload(fileName, contentType, size);
    return expectJson<{ uploadURL: string; logoUrl: string; expiresAt: string }>(res, 200);
  }

  // A browser PUTs the file with its type and no cookie.
  const put = (url: string, body: Buffer | string, contentType: string) =>
    t.app.inject({ method: 'PUT', url, headers: { 'content-type': contentType }, payload: body });

  it('walks the whole flow with a real PNG: address, PUT, served file, settings', async () => {
    const png = tinyPng();
    const { uploadURL, logoUrl, expiresAt } = await uploadUrlFor('logo.png', 'image/png', png.length);
    expect(uploadURL).toMatch(
      /^\/api\/logos\/upload\/logo-[0-9a-f-]{36}\.png\?expires=\d+&signature=[\w-]+$/,
    );
    expect(logoUrl).toMatch(/^\/api\/uploads\/logo-[0-9a-f-]{36}\.png$/);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);

    const sent = await put(uploadURL, png, 'image/png');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ message: 'Logo uploaded', logoUrl });

    const served = await t.app.inject({ url: logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe(UPLOAD_CSP);
    expect(served.headers['cache-control']).toContain('max-age=31536000');

    const saved = await t.asManager('PUT', '/api/settings', {
      appName: 'Harbour Coaches',
      logoUrl,
      logoBackground: 'white',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ appName: 'Harbour Coaches', logoUrl, logoBackground: 'white' });
    const branding = await t.app.inject({ url: '/api/settings' });
    expect(branding.json()).toMatchObject({ logoUrl, logoBackground: 'white' });
  });

  it("answers an address to the spec's bodiless request; the file is judged by its content", async () => {
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/logos/upload',
      headers: { cookie: t.manager.cookie, 'x-requested-with': 'spec-client' },
    });
    const { uploadURL, logoUrl } = expectJson<{ uploadURL: string; logoUrl: string }>(bare, 200);
    expect(uploadURL).toMatch(/^\/api\/logos\/upload\/logo-[0-9a-f-]{36}\?expires=\d+&signature=[\w-]+$/);
    expect(logoUrl).toMatch(/^\/api\/uploads\/logo-[0-9a-f-]{36}$/);

    // A script sent as a PNG is refused and nothing is stored; the address stays good.
    const before = storedFiles().length;
    expect((await put(uploadURL, '<script>alert(1)</script>', 'image/png')).statusCode).toBe(400);
    expect(storedFiles()).toHaveLength(before);

    const png = tinyPng();
    const sent = await put(uploadURL, png, 'image/png');
    expect(sent.statusCode, sent.body).toBe(200);
    const stored = sent.json().logoUrl as string;
    expect(stored).toBe(`${logoUrl}.png`);
    expect((await put(uploadURL, png, 'image/png')).statusCode).toBe(403);

    // Settings may name the address the request answered: the stored file's address is kept.
    const saved = await t.asManager('PUT', '/api/settings', { appName: 'Harbour Coaches', logoUrl });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().logoUrl).toBe(stored);
    const served = await t.app.inject({ url: stored });
    expect(served.rawPayload.equals(png)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');

    // An empty JSON object is the same request; a partial one is not.
    expect((await t.asManager('POST', '/api/logos/upload', {})).statusCode).toBe(200);
    const partial = await t.asManager('POST', '/api/logos/upload', { fileName: 'logo.png' });
    expect(partial.statusCode).toBe(400);
  });

  it('stores a hostile SVG sanitised', async () => {
    const svg = Buffer.from(HOSTILE_SVG);
    const { uploadURL, logoUrl } = await uploadUrlFor('brand.svg', 'image/svg+xml', svg.length);
    const sent = await put(uploadURL, svg, 'image/svg+xml');
    expect(sent.statusCode, sent.body).toBe(200);
    const served = await t.app.inject({ url: logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toBe(UPLOAD_CSP);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const body = served.body;
    expect(body).toContain('<svg');
    expect(body).toContain('fill="url(#g)"');
    for (const gone of [
      '<script',
      'onload',
      'onclick',
      'foreignObject',
      'evil.example',
      'javascript',
      'alert',
    ]) {
      expect(body, gone).not.toContain(gone);
    }
  });

  it('refuses a script renamed .png, and stores nothing', async () => {
    const before = storedFiles();
    const body = '<script>alert(1)</script>';
    const { uploadURL, logoUrl } = await uploadUrlFor('evil.png', 'image/png', body.length);
    const sent = await put(uploadURL, body, 'image/png');
    expect(sent.statusCode).toBe(400);
    expect(sent.json()).toEqual({ message: LOGO_MESSAGES.type });
    expect(storedFiles()).toEqual(before);
    expect((await t.app.inject({ url: logoUrl })).statusCode).toBe(404);
  });

  it('refuses an upload past 5 MB with 413 and stores nothing', async () => {
    const before = storedFiles();
    const { uploadURL } = await uploadUrlFor('big.png', 'image/png', 1000);
    const big = Buffer.concat([tinyPng(), Buffer.alloc(LOGO_MAX_BYTES + 1 - tinyPng().length)]);
    expect(big.length).toBe(LOGO_MAX_BYTES + 1);
    const sent = await put(uploadURL, big, 'image/png');
    expect(sent.statusCode).toBe(413);
    expect(sent.json()).toEqual({ message: LOGO_MESSAGES.size });
    expect(storedFiles()).toEqual(before);
  });

  it('counts the bytes while streaming, whatever Content-Length says', async () => {
    const { uploadURL } = await uploadUrlFor('big.png', 'image/png', 1000);
    // A streamed body declares no length: only counting can stop it.
    const chunks = [tinyPng(), ...Array.from({ length: 6 }, () => Buffer.alloc(1024 * 1024))];
    const sent = await t.app.inject({
      method: 'PUT',
      url: uploadURL,
      headers: { 'content-type': 'image/png' },
      payload: Readable.from(chunks),
    });
    expect(sent.statusCode).toBe(413);
    expect(sent.json()).toEqual({ message: LOGO_MESSAGES.size });
  });

  it('answers 413 over real HTTP while the client is still sending', async () => {
    const { uploadURL } = await uploadUrlFor('big.png', 'image/png', 1000);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${address}${uploadURL}`, {
        method: 'PUT',
        headers: { 'content-type': 'image/png' },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      req.write(tinyPng());
      // 8 MB in 64 KB chunks, chunked transfer encoding; the server may stop reading at 5 MB.
      let sent = 0;
      const pump = () => {
        while (sent < 8 * 1024 * 1024) {
          sent += 65536;
          if (!req.write(Buffer.alloc(65536))) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    expect(status).toBe(413);
    expect(JSON.parse(body)).toEqual({ message: LOGO_MESSAGES.size });
  });

  it('accepts exactly 5 MB', async () => {
    const { uploadURL, logoUrl } = await uploadUrlFor('max.png', 'image/png', LOGO_MAX_BYTES);
    const max = Buffer.concat([tinyPng(), Buffer.alloc(LOGO_MAX_BYTES - tinyPng().length)]);
    const sent = await put(uploadURL, max, 'image/png');
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await t.app.inject({ method: 'HEAD', url: logoUrl })).headers['content-length']).toBe(
      String(LOGO_MAX_BYTES),
    );
  });

  it('uses an address once', async () => {
    const png = tinyPng();
    const { uploadURL } = await uploadUrlFor('logo.png', 'image/png', png.length);
    expect((await put(uploadURL, png, 'image/png')).statusCode).toBe(200);
    const again = await put(uploadURL, png, 'image/png');
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ message: 'This upload link has already been used' });
  });

  it('refuses tampered, retyped and expired addresses with 403', async () => {
    const png = tinyPng();
    const { uploadURL } = await uploadUrlFor('logo.png', 'image/png', png.length);
    const url = new URL(uploadURL, 'http://x');
    const signature = url.searchParams.get('signature')!;

    const tampered = new URL(url);
    tampered.searchParams.set('signature', `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`);
    expect((await put(tampered.pathname + tampered.search, png, 'image/png')).statusCode).toBe(403);

    const later = new URL(url);
    later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    expect((await put(later.pathname + later.search, png, 'image/png')).statusCode).toBe(403);

    const otherKey = url.pathname.replace(/logo-[0-9a-f]{8}/, 'logo-00000000');
    expect((await put(otherKey + url.search, png, 'image/png')).statusCode).toBe(403);

    // The type is part of what was signed.
    expect((await put(uploadURL, png, 'image/webp')).statusCode).toBe(403);

    const unsigned = await put(url.pathname, png, 'image/png');
    expect(unsigned.statusCode).toBe(403);

    // Signed correctly, but in the past.
    const key = url.pathname.split('/').pop()!;
    const expires = Math.floor(Date.now() / 1000) - 1;
    const secret = resolveSessionSecret(t.app.config);
    const expiredSignature = signUpload(secret, {
      key,
      contentType: 'image/png',
      maxBytes: LOGO_MAX_BYTES,
      expires,
    });
    const expired = await put(
      `${url.pathname}?expires=${expires}&signature=${expiredSignature}`,
      png,
      'image/png',
    );
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({ message: 'This upload link has expired' });

    // The good address still works afterwards.
    expect((await put(uploadURL, png, 'image/png')).statusCode).toBe(200);
  });

  it('validates the upload request with the spec messages', async () => {
    const wrongType = await requestUpload('logo.gif', 'image/gif', 10);
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe(LOGO_MESSAGES.type);
    const wrongExtension = await requestUpload('logo.exe', 'image/png', 10);
    expect(wrongExtension.statusCode).toBe(400);
    expect(wrongExtension.json()).toEqual({
      message: LOGO_MESSAGES.type,
      errors: [{ path: 'fileName', message: LOGO_MESSAGES.type }],
    });
    const mismatch = await requestUpload('logo.svg', 'image/png', 10);
    expect(mismatch.statusCode).toBe(400);
    const tooBig = await requestUpload('logo.png', 'image/png', LOGO_MAX_BYTES + 1);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe(LOGO_MESSAGES.size);
    expect((await requestUpload('logo.JPEG', 'image/jpeg', 10)).statusCode).toBe(200);
  });

  it('lets only managers ask for an address or delete a logo', async () => {
    expect((await requestUpload('logo.png', 'image/png', 10, t.asDriver)).statusCode).toBe(403);
    expect((await requestUpload('logo.png', 'image/png', 10, t.anonymous)).statusCode).toBe(401);
    expect((await t.asDriver('DELETE', '/api/logos/delete')).statusCode).toBe(403);
    expect((await t.anonymous('DELETE', '/api/logos/delete')).statusCode).toBe(401);
  });

  it('refuses a logoUrl that was not uploaded here', async () => {
    const save = (logoUrl: string) =>
      t.asManager('PUT', '/api/settings', { appName: 'Harbour Coaches', logoUrl });
    for (const logoUrl of [
      'https://evil.example/logo.png',
      '/api/uploads/logo-00000000-0000-0000-0000-000000000000.png',
      '/api/uploads/../secret',
    ]) {
      const res = await save(logoUrl);
      expect(res.statusCode, logoUrl).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'logoUrl', message: LOGO_MESSAGES.uploadFailed }]);
    }
  });

  it('deletes the app logo: settings cleared, file gone', async () => {
    const png = tinyPng();
    const { uploadURL, logoUrl } = await uploadUrlFor('logo.png', 'image/png', png.length);
    await put(uploadURL, png, 'image/png');
    const saved = await t.asManager('PUT', '/api/settings', { appName: 'Harbour Coaches', logoUrl });
    expect(saved.statusCode, saved.body).toBe(200);
    const version = saved.json().version as number;

    const deleted = await t.asManager('DELETE', '/api/logos/delete');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({
      message: 'Logo deleted successfully',
      target: 'app',
      version: version + 1,
    });
    expect((await t.app.inject({ url: '/api/settings' })).json().logoUrl).toBeNull();
    expect((await t.app.inject({ url: logoUrl })).statusCode).toBe(404);

    // Deleting again is harmless.
    const again = await t.asManager('DELETE', '/api/logos/delete');
    expect(again.statusCode).toBe(200);
  });

  it('replacing a logo deletes the old file; a file shown elsewhere stays', async () => {
    const png = tinyPng();
    const first = await uploadUrlFor('one.png', 'image/png', png.length);
    await put(first.uploadURL, png, 'image/png');
    const second = await uploadUrlFor('two.png', 'image/png', png.length);
    await put(second.uploadURL, png, 'image/png');
    const save = (logoUrl: string) =>
      t.asManager('PUT', '/api/settings', { appName: 'Harbour Coaches', logoUrl });
    expect((await save(first.logoUrl)).statusCode).toBe(200);
    // The quote documents show the same file.
    const documents = await t.asManager('PUT', '/api/document-settings', {
      companyName: 'Harbour City Coaches',
      companyAddress: '42 Parramatta Road',
      companyPhone: '0255504100',
      companyEmail: 'office@example.com',
      companyABN: '51 824 753 556',
      companyWebsite: 'https://example.com',
      logoUrl: first.logoUrl,
      primaryColor: '#1e40af',
      secondaryColor: '#64748b',
      accentColor: '#0891b2',
      quoteHeaderText: 'QUOTE',
      showLoyaltyFooter: true,
      showVehicleNotes: true,
      showTermsAndConditions: true,
      showPricingBreakdown: true,
    });
    expect(documents.statusCode, documents.body).toBe(200);
    expect((await save(second.logoUrl)).statusCode).toBe(200);
    expect((await t.app.inject({ url: first.logoUrl })).statusCode).toBe(200);

    // Removing the document logo releases the file: nothing shows it any more.
    const deleted = await t.asManager('DELETE', '/api/logos/delete', { target: 'document' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().target).toBe('document');
    expect((await t.app.inject({ url: first.logoUrl })).statusCode).toBe(404);
    expect((await t.app.inject({ url: second.logoUrl })).statusCode).toBe(200);
  });

  it('serves nothing but stored logos', async () => {
    for (const url of [
      '/api/uploads/secret',
      '/api/uploads/..%2Fsecret',
      '/api/uploads/upload-00000000-0000-0000-0000-000000000000.png',
      '/api/uploads/logo-00000000-0000-0000-0000-000000000000.png',
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
  });
});

// The S3 engine against an in-process stand-in server (storage/fake-s3-server.ts): there is no S3
// server on this machine, and the stand-in does not check signatures (the presigned URL's shape is
// checked in storage.test.ts).
describe('logo upload (S3 storage)', () => {
  let t: RoleTestApp;
  let fake: FakeS3;

  beforeAll(async () => {
    fake = await startFakeS3();
    t = await createRoleTestApp({
      env: {
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: fake.endpoint,
        S3_BUCKET: 'dms',
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'test',
        S3_SECRET_ACCESS_KEY: 'test-secret',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function upload(fileName: string, contentType: string, body: Buffer) {
    const res = await t.asManager('POST', '/api/logos/upload', { fileName, contentType, size: body.length });
    const { uploadURL, logoUrl } = expectJson<{ uploadURL: string; logoUrl: string }>(res, 200);
    expect(uploadURL.startsWith(`${fake.endpoint}/dms/upload-`)).toBe(true);
    const sent = await fetch(uploadURL, { method: 'PUT', headers: { 'content-type': contentType }, body });
    expect(sent.status).toBe(200);
    return logoUrl;
  }

  const save = (logoUrl: string | null) =>
    t.asManager('PUT', '/api/settings', { appName: 'Harbour Coaches', logoUrl });

  it('checks the upload when settings are saved and serves the checked copy', async () => {
    const png = tinyPng();
    const uploaded = await upload('logo.png', 'image/png', png);
    expect(uploaded).toMatch(/^\/api\/uploads\/upload-[0-9a-f-]{36}\.png$/);
    // Not checked yet: not served.
    expect((await t.app.inject({ url: uploaded })).statusCode).toBe(404);

    const saved = await save(uploaded);
    expect(saved.statusCode, saved.body).toBe(200);
    const logoUrl = saved.json().logoUrl as string;
    expect(logoUrl).toMatch(/^\/api\/uploads\/logo-[0-9a-f-]{36}\.png$/);
    expect([...fake.objects.keys()].filter((k) => k.includes('upload-'))).toEqual([]);

    const served = await t.app.inject({ url: logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-security-policy']).toBe(UPLOAD_CSP);
    expect((await t.app.inject({ url: '/api/settings' })).json().logoUrl).toBe(logoUrl);
  });

  it('sanitises an SVG and refuses a script renamed .png at save time', async () => {
    const svgUrl = await upload('brand.svg', 'image/svg+xml', Buffer.from(HOSTILE_SVG));
    const saved = await save(svgUrl);
    expect(saved.statusCode, saved.body).toBe(200);
    const served = await t.app.inject({ url: saved.json().logoUrl });
    expect(served.body).toContain('<svg');
    for (const gone of ['<script', 'onload', 'foreignObject', 'evil.example'])
      expect(served.body).not.toContain(gone);

    const evilUrl = await upload('evil.png', 'image/png', Buffer.from('<script>alert(1)</script>'));
    const refused = await save(evilUrl);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(LOGO_MESSAGES.type);
    expect([...fake.objects.keys()].filter((k) => k.includes('upload-'))).toEqual([]);
  });

  it("checks a bodiless request's upload by its content when settings are saved", async () => {
    const res = await t.asManager('POST', '/api/logos/upload', {});
    const { uploadURL, logoUrl } = expectJson<{ uploadURL: string; logoUrl: string }>(res, 200);
    expect(logoUrl).toMatch(/^\/api\/uploads\/upload-[0-9a-f-]{36}$/);
    const png = tinyPng();
    const sent = await fetch(uploadURL, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: png,
    });
    expect(sent.status).toBe(200);
    const saved = await save(logoUrl);
    expect(saved.statusCode, saved.body).toBe(200);
    const served = await t.app.inject({ url: saved.json().logoUrl });
    expect(served.rawPayload.equals(png)).toBe(true);

    const evil = expectJson<{ uploadURL: string; logoUrl: string }>(
      await t.asManager('POST', '/api/logos/upload', {}),
      200,
    );
    await fetch(evil.uploadURL, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: 'not a png',
    });
    expect((await save(evil.logoUrl)).statusCode).toBe(400);
  });

  it('deletes the logo object with the setting', async () => {
    const saved = await save(await upload('logo.png', 'image/png', tinyPng()));
    const logoUrl = saved.json().logoUrl as string;
    const deleted = await t.asManager('DELETE', '/api/logos/delete');
    expect(deleted.statusCode).toBe(200);
    expect((await t.app.inject({ url: logoUrl })).statusCode).toBe(404);
    expect(fake.objects.size).toBe(0);
  });

  it('has no local upload route', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/logos/upload/logo-00000000-0000-0000-0000-000000000000.png?expires=1&signature=x',
      headers: { 'content-type': 'image/png' },
      payload: tinyPng(),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('orphaned logo files', () => {
  let t: RoleTestApp;

  beforeAll(async () => {
    t = await createRoleTestApp({ tempDataDir: true });
  });
  afterAll(() => t.close());

  async function uploaded(): Promise<{ logoUrl: string; file: string }> {
    const png = tinyPng();
    const res = await t.asManager('POST', '/api/logos/upload', {
      fileName: 'logo.png',
      contentType: 'image/png',
      size: png.length,
    });
    const { uploadURL, logoUrl } = expectJson<{ uploadURL: string; logoUrl: string }>(res, 200);
    const sent = await t.app.inject({
      method: 'PUT',
      url: uploadURL,
      headers: { 'content-type': 'image/png' },
      payload: png,
    });
    expect(sent.statusCode).toBe(200);
    return { logoUrl, file: path.join(t.dataDir, 'uploads', logoUrl.split('/').pop()!) };
  }

  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

  it('removes a logo never saved to settings after a day, and keeps saved and fresh ones', async () => {
    const orphan = await uploaded();
    const saved = await uploaded();
    const fresh = await uploaded();
    const res = await t.asManager('PUT', '/api/settings', { appName: 'Coaches', logoUrl: saved.logoUrl });
    expect(res.statusCode, res.body).toBe(200);
    await utimes(orphan.file, daysAgo(2), daysAgo(2));
    await utimes(saved.file, daysAgo(2), daysAgo(2));

    await t.app.runHousekeeping();

    expect(existsSync(orphan.file)).toBe(false);
    expect((await t.app.inject({ url: orphan.logoUrl })).statusCode).toBe(404);
    expect(existsSync(saved.file)).toBe(true);
    expect((await t.app.inject({ url: saved.logoUrl })).statusCode).toBe(200);
    expect(existsSync(fresh.file)).toBe(true);
  });
});
