import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  ANY_CONTENT_TYPE,
  assertValidKey,
  assertValidUploadKey,
  ObjectExistsError,
  type ObjectStorage,
  ObjectTooLargeError,
  readLimited,
  type StoredObject,
  UPLOAD_URL_TTL_SECONDS,
  type UploadTarget,
  type UploadUrlOptions,
} from './object-storage';

export interface S3StorageOptions {
  endpoint?: string;
  bucket?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string })?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404;
}

/**
 * An S3 bucket (AWS, or any S3-compatible server at S3_ENDPOINT, addressed path-style). The browser
 * PUTs straight to a presigned URL that pins the content type and the exact length.
 * The bucket needs CORS allowing PUT from the app's origin with the Content-Type header.
 */
export class S3Storage implements ObjectStorage {
  readonly driver = 's3' as const;
  readonly bucket: string;
  private readonly client: S3Client;
  private readonly base: string;

  constructor(options: S3StorageOptions) {
    if (!options.bucket) throw new Error('STORAGE_DRIVER=s3 needs S3_BUCKET');
    this.bucket = options.bucket;
    const region = options.region ?? 'us-east-1';
    this.client = new S3Client({
      region,
      endpoint: options.endpoint,
      // Custom endpoints (MinIO, R2, Ceph…) are addressed path-style: endpoint/bucket/key.
      forcePathStyle: Boolean(options.endpoint),
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Without this the SDK adds a CRC32 checksum of an empty body to presigned PUTs, which a
      // browser upload of the real file then fails.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.base = options.endpoint
      ? `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(this.bucket)}`
      : `https://${this.bucket}.s3.${region}.amazonaws.com`;
  }

  async createUploadUrl(
    key: string,
    contentType: string,
    maxBytes: number,
    options: UploadUrlOptions = {},
  ): Promise<UploadTarget> {
    assertValidUploadKey(key);
    const ttl = options.expiresInSeconds ?? UPLOAD_URL_TTL_SECONDS;
    if (contentType === ANY_CONTENT_TYPE) {
      // Neither type nor length is known: the object is only ever used after `verify` bounds its size
      // and its reader checks the content.
      const command = new PutObjectCommand({ Bucket: this.bucket, Key: key });
      const uploadURL = await getSignedUrl(this.client, command, { expiresIn: ttl });
      return { uploadURL, objectUrl: this.objectUrl(key), expiresAt: new Date(Date.now() + ttl * 1000) };
    }
    // A presigned PUT cannot carry a range, only an exact length: the declared size, bounded by maxBytes.
    const size = options.size;
    if (size === undefined || !Number.isSafeInteger(size) || size < 1 || size > maxBytes) {
      throw new Error(`S3 upload needs the declared size (1..${maxBytes} bytes)`);
    }
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ContentType: contentType,
      ContentLength: size,
    });
    const uploadURL = await getSignedUrl(this.client, command, {
      expiresIn: ttl,
      // Signed headers: the PUT must send exactly this type and this length.
      signableHeaders: new Set(['content-type', 'content-length']),
    });
    return { uploadURL, objectUrl: this.objectUrl(key), expiresAt: new Date(Date.now() + ttl * 1000) };
  }

  async put(key: string, body: Buffer, contentType: string, options: { exclusive?: boolean } = {}) {
    assertValidKey(key);
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
          // Conditional write: refused with 412 when the key exists.
          IfNoneMatch: options.exclusive ? '*' : undefined,
        }),
      );
    } catch (error) {
      if (options.exclusive && statusOf(error) === 412) throw new ObjectExistsError(key);
      throw error;
    }
  }

  async verify(key: string, maxBytes: number) {
    const object = await this.open(key);
    if (!object) return null;
    if (object.size > maxBytes) {
      object.body.destroy();
      throw new ObjectTooLargeError(key, maxBytes);
    }
    const bytes = await readLimited(object.body, maxBytes, () => new ObjectTooLargeError(key, maxBytes));
    return { bytes, contentType: object.contentType };
  }

  async open(key: string): Promise<StoredObject | null> {
    assertValidUploadKey(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        body: answer.Body as Readable,
        contentType: answer.ContentType ?? 'application/octet-stream',
        size: answer.ContentLength ?? 0,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    assertValidUploadKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidUploadKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async list(): Promise<{ key: string; modifiedAt: Date }[]> {
    const objects: { key: string; modifiedAt: Date }[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key && item.LastModified) objects.push({ key: item.Key, modifiedAt: item.LastModified });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return objects;
  }

  objectUrl(key: string): string {
    return `${this.base}/${encodeURIComponent(key)}`;
  }
}
