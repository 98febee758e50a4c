import { randomUUID } from 'node:crypto';
import {
  AttachScanInputSchema,
  ComplianceScanSchema,
  ComplianceScansSchema,
  isScanKind,
  SCAN_CONTENT_TYPES,
  SCAN_MAX_BYTES,
  SCAN_MESSAGES,
  type ScanContentType,
  ScanUploadRequestSchema,
  ScanUploadResponseSchema,
  scanFileUrl,
} from '@dms/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/errors';
import { IdParamsSchema, isManager } from '../../http/list-query';
import { acceptRawUploads, mediaType, receiveSignedPut, SignedPutQuerySchema } from '../../http/signed-put';
import { isPdf, sniffRasterType } from '../../lib/file-signatures';
import { getObjectStorage, ObjectTooLargeError } from '../../storage';
import { getUserAsDriver } from '../users';
import { getDocumentType, getVehicleHeader } from './compliance.repository';
import { ownOrManager } from './compliance.routes';
import {
  attachScan,
  currentScans,
  getScan,
  type ScanRow,
  type ScanSubject,
  scanOfKey,
} from './compliance-scans.repository';

// Scans of compliance records (issue 26, ADR 35): an address to upload to, the signed PUT judging the
// bytes, the attach step that makes the file the record's scan, and the file served to managers and
// to the driver the record is about. Anyone else gets 404, so scan ids cannot be probed.

const UPLOAD_ROUTE = '/api/compliance/scan-uploads';
const EXTENSION: Record<ScanContentType, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};
/** Keys the scan routes made: nothing else can be attached or PUT here. */
const SCAN_KEY = /^scan-[0-9a-f-]{36}\.(pdf|png|jpg|webp)$/;
const TYPE_OF_EXTENSION: Record<string, ScanContentType> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};
const typeOfKey = (key: string) => TYPE_OF_EXTENSION[key.slice(key.lastIndexOf('.') + 1)]!;

// A picture served cannot run or load anything, even if a browser were made to open it as a page. A
// PDF gets no sandbox: Chromium's viewer will not open a sandboxed PDF, and it runs no script of it.
const IMAGE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/** What the bytes are, if they are what the key says; else the refusal. */
function judge(bytes: Buffer, expected: ScanContentType): void {
  const actual = isPdf(bytes) ? 'application/pdf' : sniffRasterType(bytes);
  if (actual !== expected) {
    throw new HttpError(400, SCAN_MESSAGES.content, [{ path: 'file', message: SCAN_MESSAGES.content }]);
  }
}

const toScan = (row: ScanRow) => ({
  id: row.id,
  kind: row.kind,
  fileName: row.fileName,
  contentType: row.contentType,
  size: row.size,
  uploadedAt: row.uploadedAt.toISOString(),
  uploadedBy: [row.uploadedByFirst, row.uploadedByLast].filter(Boolean).join(' ') || null,
  url: scanFileUrl(row.id),
});

export async function complianceScansRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['compliance'];
  const storage = () => getObjectStorage(app.config);
  acceptRawUploads(app, SCAN_CONTENT_TYPES);

  /** The driver or vehicle exists and `kind` is one of its records; else 404 or 400. */
  const checkSubject = async (subject: ScanSubject, id: string, kind: string) => {
    const found =
      subject === 'driver' ? await getUserAsDriver(app.db, id) : await getVehicleHeader(app.db, id);
    if (!found) throw new HttpError(404, subject === 'driver' ? 'Driver not found' : 'Vehicle not found');
    const known =
      isScanKind(subject, kind) &&
      (!kind.startsWith('document:') || (await getDocumentType(app.db, kind.slice('document:'.length))));
    if (!known) throw new HttpError(400, SCAN_MESSAGES.kind, [{ path: 'kind', message: SCAN_MESSAGES.kind }]);
  };

  for (const subject of ['driver', 'vehicle'] as const) {
    const base = `/api/${subject}s/:id/compliance/scans`;

    r.post(
      `${base}/upload`,
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: `Ask for an address to upload a scan of a ${subject}'s record to (PDF, PNG, JPEG or WebP, 10 MB)`,
          description:
            'PUT the file to uploadURL with its Content-Type within 10 minutes, then attach `key`. The address is single use.',
          params: IdParamsSchema,
          body: ScanUploadRequestSchema,
          response: { 200: ScanUploadResponseSchema },
        },
      },
      async (request) => {
        await checkSubject(subject, request.params.id, request.body.kind);
        const key = `scan-${randomUUID()}.${EXTENSION[request.body.contentType]}`;
        const target = await storage().createUploadUrl(key, request.body.contentType, SCAN_MAX_BYTES, {
          size: request.body.size,
          uploadPath: UPLOAD_ROUTE,
        });
        return { uploadURL: target.uploadURL, key, expiresAt: target.expiresAt.toISOString() };
      },
    );

    r.post(
      base,
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: `Make an uploaded file the scan of a ${subject}'s record (the scan before is kept in its history)`,
          params: IdParamsSchema,
          body: AttachScanInputSchema,
          response: { 201: ComplianceScanSchema },
        },
      },
      async (request, reply) => {
        const { kind, key, fileName } = request.body;
        await checkSubject(subject, request.params.id, kind);
        const notUploaded = () =>
          new HttpError(400, SCAN_MESSAGES.notUploaded, [
            { path: 'key', message: SCAN_MESSAGES.notUploaded },
          ]);
        if (!SCAN_KEY.test(key) || (await scanOfKey(app.db, key))) throw notUploaded();
        // The local PUT judged the bytes as they came; S3 took its own PUT, so they are judged here.
        let stored: { bytes: Buffer } | null;
        try {
          stored = await storage().verify(key, SCAN_MAX_BYTES);
        } catch (error) {
          if (error instanceof ObjectTooLargeError) throw new HttpError(413, SCAN_MESSAGES.size);
          throw error;
        }
        if (!stored) throw notUploaded();
        judge(stored.bytes, typeOfKey(key));
        const id = await app.db.transaction((tx) =>
          attachScan(
            tx,
            {
              subjectType: subject,
              subjectId: request.params.id,
              recordKind: kind,
              storageKey: key,
              contentType: typeOfKey(key),
              sizeBytes: stored.bytes.length,
              fileName,
              uploadedBy: request.identity.user?.id ?? null,
            },
            new Date(),
          ),
        );
        return reply.code(201).send(toScan((await getScan(app.db, id))!));
      },
    );
  }

  r.get(
    '/api/drivers/:id/compliance/scans',
    {
      config: { access: ['manager', 'driver'] },
      schema: {
        tags,
        summary: "The scans in force of a driver's records (a driver reads only their own)",
        params: IdParamsSchema,
        response: { 200: ComplianceScansSchema },
      },
    },
    async (request) => {
      ownOrManager(request, request.params.id);
      return { items: (await currentScans(app.db, 'driver', request.params.id)).map(toScan) };
    },
  );

  r.get(
    '/api/vehicles/:id/compliance/scans',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: "The scans in force of a vehicle's records",
        params: IdParamsSchema,
        response: { 200: ComplianceScansSchema },
      },
    },
    async (request) => ({ items: (await currentScans(app.db, 'vehicle', request.params.id)).map(toScan) }),
  );

  r.get(
    '/api/compliance/mine/scans',
    {
      config: { access: 'driver' },
      schema: {
        tags,
        summary: "The scans of the signed-in driver's own records (My Documents)",
        response: { 200: ComplianceScansSchema },
      },
    },
    async (request) => ({
      items: (await currentScans(app.db, 'driver', request.identity.user!.id)).map(toScan),
    }),
  );

  r.put(
    `${UPLOAD_ROUTE}/:key`,
    {
      // The signature in the address is the credential; the body is the file, not JSON.
      config: { access: 'public', acceptsRawBody: true },
      schema: {
        tags,
        summary: 'Receive a scan at a signed address (local storage)',
        params: z.object({ key: z.string() }),
        querystring: SignedPutQuerySchema,
        response: { 200: z.object({ message: z.string(), key: z.string() }) },
      },
    },
    async (request) => {
      const { key } = request.params;
      if (!SCAN_KEY.test(key)) throw new HttpError(404, 'Not found');
      const engine = storage();
      const storedKey = await receiveSignedPut(request, {
        storage: engine,
        key,
        signedType: mediaType(request.headers['content-type']),
        maxBytes: SCAN_MAX_BYTES,
        tooLarge: SCAN_MESSAGES.size,
        noFile: SCAN_MESSAGES.type,
        used: () => engine.exists(key),
        accept: (bytes) => {
          judge(bytes, typeOfKey(key));
          return { key, bytes, contentType: typeOfKey(key) };
        },
      });
      return { message: 'Scan uploaded', key: storedKey };
    },
  );

  r.get(
    '/api/compliance/scans/:id/file',
    {
      config: { access: ['manager', 'driver'] },
      schema: {
        tags,
        summary:
          "A scan's file: managers any, a driver only the scans of their own records (404 for anything else)",
        params: IdParamsSchema,
      },
    },
    async (request, reply) => {
      const scan = await getScan(app.db, request.params.id);
      const mayRead =
        scan &&
        (isManager(request) ||
          (scan.subjectType === 'driver' && scan.subjectId === request.identity.user?.id));
      if (!scan || !mayRead) throw new HttpError(404, SCAN_MESSAGES.notFound);
      const object = await storage().open(scan.storageKey);
      if (!object) throw new HttpError(404, SCAN_MESSAGES.notFound);
      const name = scan.fileName.replace(/["\\\r\n]/g, '_');
      if (scan.contentType !== 'application/pdf') reply.header('content-security-policy', IMAGE_CSP);
      return reply
        .type(scan.contentType)
        .header('content-length', object.size)
        .header('x-content-type-options', 'nosniff')
        .header('cross-origin-resource-policy', 'same-origin')
        .header(
          'content-disposition',
          `inline; filename="${name}"; filename*=UTF-8''${encodeURIComponent(scan.fileName)}`,
        )
        .header('cache-control', 'private, no-store')
        .send(object.body);
    },
  );
}
