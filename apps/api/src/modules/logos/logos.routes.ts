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
import { acceptRawUploads, mediaType, receiveSignedPut, SignedPutQuerySchema } from '../../http/signed-put';
import { contentTypeOfKey, getObjectStorage } from '../../storage';
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

/** Logo upload, serving and removal (spec 2 §4, §7.5). */
export async function logosRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const storage = () => getObjectStorage(app.config);

  acceptRawUploads(app, LOGO_CONTENT_TYPES);

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
        querystring: SignedPutQuerySchema,
        response: { 200: UploadCompleteSchema },
      },
    },
    async (request) => {
      const engine = storage();
      const { key } = request.params;
      const untyped = UNTYPED_LOGO_KEY.test(key);
      if (!(LOGO_KEY.test(key) || untyped)) throw new HttpError(404, 'Not found');
      const storedKey = await receiveSignedPut(request, {
        storage: engine,
        key,
        signedType: untyped ? ANY_LOGO_TYPE : mediaType(request.headers['content-type']),
        maxBytes: LOGO_MAX_BYTES,
        tooLarge: LOGO_MESSAGES.size,
        noFile: LOGO_MESSAGES.type,
        used: async () => (untyped ? (await untypedLogoFile(engine, key)) !== null : engine.exists(key)),
        accept: (bytes, declared) => {
          // An untyped address takes the type the PUT declares, and the content must be of that type.
          const checked = checkLogoContent(bytes, untyped ? declared : contentTypeOfKey(key));
          return { ...checked, key: untyped ? keyOfUntypedUpload(key, checked.contentType) : key };
        },
      });
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
