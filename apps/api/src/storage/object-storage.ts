import type { Readable } from 'node:stream';

// Object storage behind one interface (DESIGN.md "files"): local disk by default, S3 when configured.
// Keys are flat names chosen by the server (`logo-<uuid>.png`); callers never pass user input as a key.

/** Where the browser sends a file, and where the object will live once it is there. */
export interface UploadTarget {
  /** The address to PUT the file to, with its Content-Type header (and, for S3, its exact length). */
  uploadURL: string;
  /** The storage's own address of the object (local: the app's serving route; S3: endpoint/bucket/key). */
  objectUrl: string;
  expiresAt: Date;
}

/**
 * An upload address for a file whose type is not known when the address is made: the PUT may send any
 * type (and, on S3, any length); whoever accepts the object judges it by its content.
 */
export const ANY_CONTENT_TYPE = '*';

export interface UploadUrlOptions {
  /** The exact byte length the browser declared; S3 signs it as Content-Length. Local ignores it (maxBytes bounds it). */
  size?: number;
  /** Lifetime of the address; default UPLOAD_URL_TTL_SECONDS. */
  expiresInSeconds?: number;
  /** Local engine: the app route that accepts the signed PUT (e.g. /api/logos/upload). S3 ignores it. */
  uploadPath?: string;
}

export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number;
}

export interface ObjectStorage {
  readonly driver: 'local' | 's3';
  /** A short-lived address to PUT one object of this type and at most maxBytes to. */
  createUploadUrl(
    key: string,
    contentType: string,
    maxBytes: number,
    options?: UploadUrlOptions,
  ): Promise<UploadTarget>;
  /**
   * Stores an object. With `exclusive` the write fails with ObjectExistsError when the key is
   * already taken (a signed upload address is single use).
   */
  put(key: string, body: Buffer, contentType: string, options?: { exclusive?: boolean }): Promise<void>;
  /**
   * Reads a whole object to check it (content sniffing, sanitising). Null when it does not exist;
   * ObjectTooLargeError when it is bigger than maxBytes (nothing past maxBytes is buffered).
   */
  verify(key: string, maxBytes: number): Promise<{ bytes: Buffer; contentType: string } | null>;
  /** A stream of the object for serving; null when it does not exist. */
  open(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored object with the time it was written (housekeeping of abandoned uploads). */
  list(): Promise<{ key: string; modifiedAt: Date }[]>;
  objectUrl(key: string): string;
}

/** Signed upload addresses live this long (spec 2 §4: request the address, then send the file). */
export const UPLOAD_URL_TTL_SECONDS = 10 * 60;

export class ObjectExistsError extends Error {
  constructor(key: string) {
    super(`Object ${key} already exists`);
  }
}

export class ObjectTooLargeError extends Error {
  constructor(key: string, maxBytes: number) {
    super(`Object ${key} is larger than ${maxBytes} bytes`);
  }
}

/** Keys are server-made flat names: letters, digits, '-', '_' and one extension. No paths. */
export const STORAGE_KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}\.[a-z0-9]{1,8}$/;
/** An upload address may name a key without its extension while its type is not known (ANY_CONTENT_TYPE). */
const UPLOAD_KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}(?:\.[a-z0-9]{1,8})?$/;

export function assertValidKey(key: string): void {
  if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

export function assertValidUploadKey(key: string): void {
  if (!UPLOAD_KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/**
 * Reads a stream into memory, refusing (without buffering the rest) once it passes maxBytes.
 * The stream is paused, not destroyed, so that an HTTP request can still be answered.
 */
export function readLimited(stream: Readable, maxBytes: number, onTooLarge: () => Error): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      // A client that goes away after we answered must not become an unhandled 'error' event.
      stream.on('error', () => {});
      if (error) {
        stream.pause();
        reject(error);
      } else {
        resolve(Buffer.concat(chunks, total));
      }
    };
    const onData = (chunk: Buffer | string) => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      total += buffer.length;
      if (total > maxBytes) return finish(onTooLarge());
      chunks.push(buffer);
    };
    const onEnd = () => finish();
    const onError = (error: Error) => finish(error);
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
  });
}
