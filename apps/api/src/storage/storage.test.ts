import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../test/test-app';
import { getObjectStorage } from '.';
import { startFakeS3 } from './fake-s3-server';
import { LocalStorage } from './local-storage';
import { ObjectExistsError, ObjectTooLargeError, readLimited } from './object-storage';
import { S3Storage } from './s3-storage';
import { checkUploadSignature, signUpload } from './signed-upload';

async function text(stream: Readable): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += chunk;
  return out;
}

describe('local storage', () => {
  let dir: string;
  let storage: LocalStorage;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'dms-storage-'));
    storage = new LocalStorage(path.join(dir, 'uploads'), 'test-secret');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('puts, verifies, opens and deletes files in the uploads directory', async () => {
    await storage.put('logo-a.svg', Buffer.from('<svg/>'), 'image/svg+xml');
    expect(readdirSync(path.join(dir, 'uploads'))).toEqual(['logo-a.svg']);
    expect(await storage.exists('logo-a.svg')).toBe(true);
    expect(await storage.verify('logo-a.svg', 100)).toEqual({
      bytes: Buffer.from('<svg/>'),
      contentType: 'image/svg+xml',
    });
    await expect(storage.verify('logo-a.svg', 3)).rejects.toBeInstanceOf(ObjectTooLargeError);
    const opened = await storage.open('logo-a.svg');
    expect(opened?.contentType).toBe('image/svg+xml');
    expect(opened?.size).toBe(6);
    expect(await text(opened!.body)).toBe('<svg/>');
    await storage.delete('logo-a.svg');
    await storage.delete('logo-a.svg');
    expect(await storage.exists('logo-a.svg')).toBe(false);
    expect(await storage.open('logo-a.svg')).toBeNull();
    expect(await storage.verify('logo-a.svg', 100)).toBeNull();
  });

  it('refuses an exclusive put on a taken key and leaves the first file as it was', async () => {
    await storage.put('logo-b.png', Buffer.from('first'), 'image/png', { exclusive: true });
    await expect(
      storage.put('logo-b.png', Buffer.from('second'), 'image/png', { exclusive: true }),
    ).rejects.toBeInstanceOf(ObjectExistsError);
    expect((await storage.verify('logo-b.png', 100))?.bytes.toString()).toBe('first');
    // No temporary files are left behind.
    expect(readdirSync(path.join(dir, 'uploads')).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('takes only flat server-made keys, named after their type', async () => {
    for (const key of ['../x.png', 'a/b.png', '.hidden.png', 'no-extension', '']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/png'), key).rejects.toThrow(
        /Invalid storage key/,
      );
    }
    await expect(storage.put('logo-c.png', Buffer.from('x'), 'image/svg+xml')).rejects.toThrow(
      /does not match/,
    );
    expect(existsSync(path.join(dir, 'x.png'))).toBe(false);
  });

  it('signs upload addresses for the app route, valid for 10 minutes', async () => {
    const target = await storage.createUploadUrl('logo-d.png', 'image/png', 1000, {
      uploadPath: '/api/logos/upload',
    });
    const url = new URL(target.uploadURL, 'http://localhost');
    expect(url.pathname).toBe('/api/logos/upload/logo-d.png');
    expect(target.objectUrl).toBe('/api/uploads/logo-d.png');
    const expires = Number(url.searchParams.get('expires'));
    expect(expires * 1000 - Date.now()).toBeGreaterThan(9.9 * 60_000);
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    const signature = url.searchParams.get('signature')!;
    expect(storage.checkUpload('logo-d.png', 'image/png', 1000, { expires, signature })).toBe('ok');
    expect(storage.checkUpload('logo-e.png', 'image/png', 1000, { expires, signature })).toBe('invalid');
    expect(storage.checkUpload('logo-d.png', 'image/webp', 1000, { expires, signature })).toBe('invalid');
    expect(storage.checkUpload('logo-d.png', 'image/png', 9999, { expires, signature })).toBe('invalid');
    expect(storage.checkUpload('logo-d.png', 'image/png', 1000, { expires: expires + 1, signature })).toBe(
      'invalid',
    );
    const other = new LocalStorage(dir, 'another-secret');
    expect(other.checkUpload('logo-d.png', 'image/png', 1000, { expires, signature })).toBe('invalid');
  });
});

describe('upload signatures', () => {
  const grant = { key: 'logo-x.png', contentType: 'image/png', maxBytes: 10, expires: 2_000_000_000 };
  it('expire, and resist tampering', () => {
    const signature = signUpload('s', grant);
    expect(checkUploadSignature('s', grant, signature, new Date(1_999_999_999_000))).toBe('ok');
    expect(checkUploadSignature('s', grant, signature, new Date(2_000_000_001_000))).toBe('expired');
    expect(checkUploadSignature('s', grant, `${signature}x`)).toBe('invalid');
    expect(checkUploadSignature('s', grant, '')).toBe('invalid');
    expect(checkUploadSignature('t', grant, signature)).toBe('invalid');
  });
});

describe('readLimited', () => {
  it('stops at the limit without reading the rest', async () => {
    let produced = 0;
    const endless = new Readable({
      read() {
        produced += 1024;
        this.push(Buffer.alloc(1024));
      },
    });
    await expect(readLimited(endless, 10_000, () => new Error('too big'))).rejects.toThrow('too big');
    expect(produced).toBeLessThan(100_000);
    expect(
      await readLimited(Readable.from([Buffer.from('ab'), Buffer.from('c')]), 3, () => new Error()),
    ).toEqual(Buffer.from('abc'));
  });
});

describe('S3 storage', () => {
  // There is no S3 server on this machine: presigning is pure computation, so the URL shape is
  // checked without any network.
  it('presigns a PUT that pins the content type and the exact length', async () => {
    const storage = new S3Storage({
      endpoint: 'https://s3.example.test',
      bucket: 'dms-uploads',
      region: 'ap-southeast-2',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    });
    const target = await storage.createUploadUrl('upload-1.png', 'image/png', 5_242_880, { size: 1234 });
    const url = new URL(target.uploadURL);
    expect(`${url.origin}${url.pathname}`).toBe('https://s3.example.test/dms-uploads/upload-1.png');
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(
      /^AKIDEXAMPLE\/\d{8}\/ap-southeast-2\/s3\/aws4_request$/,
    );
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';').sort()).toEqual([
      'content-length',
      'content-type',
      'host',
    ]);
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    // No SDK checksum of an empty body that a browser upload of the real file would then fail.
    expect([...url.searchParams.keys()].filter((k) => k.toLowerCase().includes('checksum'))).toEqual([]);
    expect(target.objectUrl).toBe('https://s3.example.test/dms-uploads/upload-1.png');
    await expect(storage.createUploadUrl('upload-2.png', 'image/png', 100, { size: 101 })).rejects.toThrow();
    await expect(storage.createUploadUrl('upload-2.png', 'image/png', 100)).rejects.toThrow();
  });

  it('addresses AWS virtual-hosted style without an endpoint', () => {
    const storage = new S3Storage({
      bucket: 'b',
      region: 'eu-west-1',
      accessKeyId: 'a',
      secretAccessKey: 'b',
    });
    expect(storage.objectUrl('logo-1.png')).toBe('https://b.s3.eu-west-1.amazonaws.com/logo-1.png');
  });

  it('is chosen by STORAGE_DRIVER, and needs a bucket', () => {
    expect(getObjectStorage(testConfig()).driver).toBe('local');
    const config = testConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:1' });
    expect(getObjectStorage(config)).toBeInstanceOf(S3Storage);
    expect(getObjectStorage(config)).toBe(getObjectStorage(config));
    expect(() => getObjectStorage(testConfig({ STORAGE_DRIVER: 's3' }))).toThrow(/S3_BUCKET/);
  });

  // The object operations against an in-process stand-in server (fake-s3-server.ts), which speaks
  // enough of the S3 protocol for the SDK but does not check signatures.
  it('puts, verifies, opens and deletes objects through the SDK', async () => {
    const fake = await startFakeS3();
    try {
      const storage = new S3Storage({
        endpoint: fake.endpoint,
        bucket: 'dms',
        region: 'us-east-1',
        accessKeyId: 'a',
        secretAccessKey: 'b',
      });
      await storage.put('logo-1.png', Buffer.from('png!'), 'image/png', { exclusive: true });
      expect(fake.objects.get('/dms/logo-1.png')?.contentType).toBe('image/png');
      await expect(
        storage.put('logo-1.png', Buffer.from('again'), 'image/png', { exclusive: true }),
      ).rejects.toBeInstanceOf(ObjectExistsError);
      expect(await storage.exists('logo-1.png')).toBe(true);
      expect(await storage.verify('logo-1.png', 100)).toEqual({
        bytes: Buffer.from('png!'),
        contentType: 'image/png',
      });
      await expect(storage.verify('logo-1.png', 2)).rejects.toBeInstanceOf(ObjectTooLargeError);
      const opened = await storage.open('logo-1.png');
      expect(await text(opened!.body)).toBe('png!');
      await storage.delete('logo-1.png');
      expect(await storage.exists('logo-1.png')).toBe(false);
      expect(await storage.open('logo-1.png')).toBeNull();
      expect(await storage.verify('logo-1.png', 100)).toBeNull();
    } finally {
      await fake.close();
    }
  });
});
