import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

// A built web app as the Vite build leaves it: hashed assets with their .br and .gz copies, and a
// small file without copies (the build skips files under 1 KB).
const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const page = `<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`;
const icon = '<svg xmlns="http://www.w3.org/2000/svg"/>';

let t: TestApp;
let dist: string;

async function writeWithCopies(file: string, content: string): Promise<void> {
  await writeFile(file, content);
  await writeFile(`${file}.br`, brotliCompressSync(content));
  await writeFile(`${file}.gz`, gzipSync(content));
}

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'dms-web-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeWithCopies(path.join(dist, 'assets/index-AbC123.js'), script);
  await writeWithCopies(path.join(dist, 'index.html'), page);
  await writeFile(path.join(dist, 'favicon.svg'), icon);
  await mkdir(path.join(dist, '.vite'));
  await writeFile(path.join(dist, '.vite/manifest.json'), '{"index.html":{"file":"assets/index-AbC123.js"}}');
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the built web app', () => {
  it('sends brotli to a browser that accepts it, gzip to one that accepts only gzip, else the plain file', async () => {
    const br = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    const gz = await get('/assets/index-AbC123.js', 'gzip, deflate');
    const plain = await get('/assets/index-AbC123.js');
    for (const res of [br, gz, plain]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      // Hashed assets are kept for a year whichever encoding was sent.
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    expect(plain.body).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);
  });

  it('sends deep links the compressed index.html, never cached', async () => {
    const res = await get('/jobs/123', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(page);
  });

  it('sends a file that has no compressed copy as it is', async () => {
    const res = await get('/favicon.svg', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(icon);
  });

  it("keeps the build's manifest to itself", async () => {
    const res = await get('/.vite/manifest.json');
    expect(res.body).not.toContain('assets/index-AbC123.js"}');
    expect(res.headers['content-type']).not.toMatch(/json/);
  });

  it('answers an unknown API path with a JSON 404, not the page', async () => {
    const res = await get('/api/nothing-here', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });
});
