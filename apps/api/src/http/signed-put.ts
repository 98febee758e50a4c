import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LocalStorage, ObjectExistsError, type ObjectStorage, readLimited } from '../storage';
import { HttpError } from './errors';

// The signed PUT of the local storage engine, shared by every upload (logos, compliance scans): the
// signature in the address is the credential, so the route is public and checks, in this order, that
// the address is ours and current, that the file fits, that the address was not used, and then what
// the file is by its content (the caller's `accept`), before storing it under a key no address can
// write twice.

export const SIGNED_PUT_MESSAGES = {
  invalid: 'This upload link is invalid',
  expired: 'This upload link has expired',
  used: 'This upload link has already been used',
} as const;

/** The query of a signed address (an absent part is simply invalid). */
export const SignedPutQuerySchema = z.object({
  expires: z.string().optional(),
  signature: z.string().optional(),
});

/** The media type of a Content-Type header, without parameters, lower case. */
export function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * The body of a signed PUT reaches the handler as the unread stream, which counts it against the
 * upload's limit while reading (Fastify's bodyLimit does not apply to a stream parser). Fastify
 * parsers are per plugin: each upload route's plugin registers its own types.
 */
export function acceptRawUploads(app: FastifyInstance, contentTypes: readonly string[]): void {
  app.addContentTypeParser([...contentTypes], (_request, payload, done) => done(null, payload));
}

export interface SignedPutOptions {
  storage: ObjectStorage;
  key: string;
  /** The content type the address was signed for (the declared one, or the caller's "any type"). */
  signedType: string;
  maxBytes: number;
  /** The sentence of a 413 (file too large). */
  tooLarge: string;
  /** The sentence of a 400 when there is no file to read. */
  noFile: string;
  /** Whether something was already stored through this address. */
  used: () => Promise<boolean>;
  /** Judges the bytes (throw an HttpError to refuse) and says what to store under which key. */
  accept: (bytes: Buffer, declaredType: string) => { key: string; bytes: Buffer; contentType: string };
}

export interface SignedRequest {
  headers: FastifyRequest['headers'];
  query: z.infer<typeof SignedPutQuerySchema>;
  body: unknown;
}

/** Checks and stores one signed PUT; answers the key stored. Local engine only (S3 takes its own PUTs). */
export async function receiveSignedPut(request: SignedRequest, options: SignedPutOptions): Promise<string> {
  const engine = options.storage;
  if (!(engine instanceof LocalStorage)) throw new HttpError(404, 'Not found');
  const declaredType = mediaType(request.headers['content-type']);
  const expires = Number(request.query.expires);
  const check = engine.checkUpload(options.key, options.signedType, options.maxBytes, {
    expires: Number.isSafeInteger(expires) ? expires : 0,
    signature: request.query.signature ?? '',
  });
  if (check === 'invalid') throw new HttpError(403, SIGNED_PUT_MESSAGES.invalid);
  if (check === 'expired') throw new HttpError(403, SIGNED_PUT_MESSAGES.expired);
  // Close the connection: the client may still be sending a body we will not read.
  const tooLarge = () => new HttpError(413, options.tooLarge, undefined, { connection: 'close' });
  if (Number(request.headers['content-length'] ?? 0) > options.maxBytes) throw tooLarge();
  if (await options.used()) throw new HttpError(403, SIGNED_PUT_MESSAGES.used);
  const body = request.body as Readable | undefined;
  if (!body || typeof body.on !== 'function') throw new HttpError(400, options.noFile);
  const bytes = await readLimited(body, options.maxBytes, tooLarge);
  const accepted = options.accept(bytes, declaredType);
  try {
    await engine.put(accepted.key, accepted.bytes, accepted.contentType, { exclusive: true });
  } catch (error) {
    if (error instanceof ObjectExistsError) throw new HttpError(403, SIGNED_PUT_MESSAGES.used);
    throw error;
  }
  return accepted.key;
}
