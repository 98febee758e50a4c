import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { link, mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  assertValidKey,
  assertValidUploadKey,
  ObjectExistsError,
  type ObjectStorage,
  ObjectTooLargeError,
  type StoredObject,
  UPLOAD_URL_TTL_SECONDS,
  type UploadTarget,
  type UploadUrlOptions,
} from './object-storage';
import { checkUploadSignature, signUpload, type UploadSignatureCheck } from './signed-upload';

/** The app route that serves stored objects (GET /api/uploads/:key). */
export const UPLOADS_ROUTE = '/api/uploads';

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
};

/** The content type a key's extension stands for (the local engine stores it that way). */
export function contentTypeOfKey(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Files in one directory ($DATA_DIR/uploads). The content type is the one of the key's extension:
 * the server names every object after the type it checked. Uploads go through an app route that
 * checks an HMAC-signed address (see signed-upload.ts).
 */
export class LocalStorage implements ObjectStorage {
  readonly driver = 'local' as const;

  constructor(
    readonly dir: string,
    private readonly secret: string,
  ) {}

  async list(): Promise<{ key: string; modifiedAt: Date }[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const objects: { key: string; modifiedAt: Date }[] = [];
    // Dot files are writes in progress (see put), not objects.
    for (const name of names.filter((n) => !n.startsWith('.'))) {
      try {
        objects.push({ key: name, modifiedAt: (await stat(path.join(this.dir, name))).mtime });
      } catch {
        // Removed meanwhile.
      }
    }
    return objects;
  }

  async createUploadUrl(
    key: string,
    contentType: string,
    maxBytes: number,
    options: UploadUrlOptions = {},
  ): Promise<UploadTarget> {
    assertValidUploadKey(key);
    if (!options.uploadPath) throw new Error('The local storage engine needs the upload route (uploadPath)');
    const ttl = options.expiresInSeconds ?? UPLOAD_URL_TTL_SECONDS;
    const expires = Math.floor(Date.now() / 1000) + ttl;
    const signature = signUpload(this.secret, { key, contentType, maxBytes, expires });
    const query = new URLSearchParams({ expires: String(expires), signature });
    return {
      uploadURL: `${options.uploadPath}/${encodeURIComponent(key)}?${query}`,
      objectUrl: this.objectUrl(key),
      expiresAt: new Date(expires * 1000),
    };
  }

  /** Checks a signed upload address as the upload route received it. */
  checkUpload(
    key: string,
    contentType: string,
    maxBytes: number,
    query: { expires: number; signature: string },
  ): UploadSignatureCheck {
    return checkUploadSignature(
      this.secret,
      { key, contentType, maxBytes, expires: query.expires },
      query.signature,
    );
  }

  async put(key: string, body: Buffer, contentType: string, options: { exclusive?: boolean } = {}) {
    const file = this.file(key);
    if (contentType !== contentTypeOfKey(key)) {
      throw new Error(`Key ${key} does not match content type ${contentType}`);
    }
    await mkdir(this.dir, { recursive: true });
    // Write aside, then move into place, so that a reader never sees half a file.
    const temp = path.join(this.dir, `.${key}.${randomBytes(6).toString('hex')}.part`);
    await writeFile(temp, body, { mode: 0o640 });
    try {
      if (options.exclusive) {
        // link() refuses an existing target atomically, where rename() would replace it.
        try {
          await link(temp, file);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new ObjectExistsError(key);
          throw error;
        }
      } else {
        await rename(temp, file);
      }
    } finally {
      await rm(temp, { force: true });
    }
  }

  async verify(key: string, maxBytes: number) {
    const info = await this.stat(key);
    if (!info) return null;
    if (info.size > maxBytes) throw new ObjectTooLargeError(key, maxBytes);
    return { bytes: await readFile(this.file(key)), contentType: contentTypeOfKey(key) };
  }

  async open(key: string): Promise<StoredObject | null> {
    const info = await this.stat(key);
    if (!info) return null;
    return { body: createReadStream(this.file(key)), contentType: contentTypeOfKey(key), size: info.size };
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.file(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }

  objectUrl(key: string): string {
    return `${UPLOADS_ROUTE}/${encodeURIComponent(key)}`;
  }

  private file(key: string): string {
    assertValidKey(key);
    return path.join(this.dir, key);
  }

  private async stat(key: string) {
    try {
      const info = await stat(this.file(key));
      return info.isFile() ? info : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }
}
