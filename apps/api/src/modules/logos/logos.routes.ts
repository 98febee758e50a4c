import type { Readable } from 'node:stream';
import {
  LOGO_CONTENT_TYPES,
  LOGO_MAX_BYTES,
  LOGO_MESSAGES,
  LogoUploadRequestSchema,
  LogoUploadResponseSchema,
} from '@dms/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/errors';
import {
  contentTypeOfKey,
  getObjectStorage,
  LocalStorage,
  ObjectExistsError,
  readLimited,
} from '../../storage';
import { checkLogoContent } from './logo-content';
import {
  ANY_LOGO_TYPE,
  keyOfUntypedUpload,
  LOGO_KEY,
  LOGO_UPLOAD_ROUTE,
  logoUrlOfKey,
  requestLogoUpload,
  UNTYPED_LOGO_KEY,
  untypedLogoFile,
} from './logos.service';

// Served files cannot run anything or load anything, even if a browser were made to open one as a page.
const UPLOAD_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const UploadCompleteSchema = z.object({ message: z.string(), logoUrl: z.string() });
const INVALID_LINK = 'This upload link is invalid';
const EXPIRED_LINK = 'This upload link has expired';
const USED_LINK = 'This upload link has already been used';

function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Logo upload, serving and removal (spec 2 §4, §7.5). */
export async function logosRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const storage = () => getObjectStorage(app.config);

  // The signed PUT streams the file itself: the body reaches the handler unread, which counts it
  // against LOGO_MAX_BYTES while reading (Fastify's bodyLimit does not apply to a stream parser).
  app.addContentTypeParser([...LOGO_CONTENT_TYPES], (_request, payload, done) => done(null, payload));

  routes.post(
    '/api/logos/upload',
    {
      config: { access: 'manager' },
      schema: {
        tags: ['settings'],
        summary: 'Ask for an address to upload a logo to',
        description:
          'PUT the file to uploadURL with its Content-Type (and, on S3, its exact size) within 10 minutes, ' +
          'then save the settings with logoUrl. The address is single use. Without a body (the spec client) the ' +
          'address takes any logo type, judged by the content; a body names fileName, contentType and size.',
        body: LogoUploadRequestSchema,
        response: { 200: LogoUploadResponseSchema },
      },
    },
    async (request) => requestLogoUpload(storage(), request.body),
  );

  routes.put(
    `${LOGO_UPLOAD_ROUTE}/:key`,
    {
      // The signature in the address is the credential; the body is the file, not JSON.
      config: { access: 'public', acceptsRawBody: true },
      schema: {
        tags: ['settings'],
        summary: 'Receive a logo file at a signed address (local storage)',
        params: z.object({ key: z.string() }),
        querystring: z.object({ expires: z.string().optional(), signature: z.string().optional() }),
        response: { 200: UploadCompleteSchema },
      },
    },
    async (request) => {
      const engine = storage();
      const { key } = request.params;
      const untyped = UNTYPED_LOGO_KEY.test(key);
      if (!(engine instanceof LocalStorage) || !(LOGO_KEY.test(key) || untyped))
        throw new HttpError(404, 'Not found');
      const contentType = mediaType(request.headers['content-type']);
      const expires = Number(request.query.expires);
      const check = engine.checkUpload(key, untyped ? ANY_LOGO_TYPE : contentType, LOGO_MAX_BYTES, {
        expires: Number.isSafeInteger(expires) ? expires : 0,
        signature: request.query.signature ?? '',
      });
      if (check === 'invalid') throw new HttpError(403, INVALID_LINK);
      if (check === 'expired') throw new HttpError(403, EXPIRED_LINK);
      const tooLarge = () => new HttpError(413, LOGO_MESSAGES.size, undefined, { connection: 'close' });
      if (Number(request.headers['content-length'] ?? 0) > LOGO_MAX_BYTES) throw tooLarge();
      const used = untyped ? (await untypedLogoFile(engine, key)) !== null : await engine.exists(key);
      if (used) throw new HttpError(403, USED_LINK);
      if (!request.body || typeof (request.body as Readable).on !== 'function') {
        throw new HttpError(400, LOGO_MESSAGES.type);
      }
      const bytes = await readLimited(request.body as Readable, LOGO_MAX_BYTES, tooLarge);
      // An untyped address takes the type the PUT declares, and the content must be of that type.
      const checked = checkLogoContent(bytes, untyped ? contentType : contentTypeOfKey(key));
      const storedKey = untyped ? keyOfUntypedUpload(key, checked.contentType) : key;
      try {
        await engine.put(storedKey, checked.bytes, checked.contentType, { exclusive: true });
      } catch (error) {
        if (error instanceof ObjectExistsError) throw new HttpError(403, USED_LINK);
        throw error;
      }
      return { message: 'Logo uploaded', logoUrl: logoUrlOfKey(storedKey) };
    },
  );

  routes.get(
    '/api/uploads/:key',
    {
      // Logos show on the sign-in card and the terminal before anyone signs in.
      config: { access: 'public' },
      schema: {
        tags: ['settings'],
        summary: 'A stored logo file',
        params: z.object({ key: z.string() }),
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      // Only checked logos are served, never an S3 upload that has not been checked yet.
      const object = LOGO_KEY.test(key) ? await storage().open(key) : null;
      if (!object) throw new HttpError(404, 'Not found');
      return (
        reply
          .type(contentTypeOfKey(key))
          .header('content-length', object.size)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', UPLOAD_CSP)
          .header('cross-origin-resource-policy', 'same-origin')
          .header('content-disposition', 'inline')
          // Keys are random and never rewritten: a file under one key never changes.
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(object.body)
      );
    },
  );
}
