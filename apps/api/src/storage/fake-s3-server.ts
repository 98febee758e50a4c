import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for an S3-compatible server in tests (there is none on this machine): path-style
// PUT/GET/HEAD/DELETE of objects, with conditional PUT (If-None-Match: *). It does NOT check
// signatures; it records the requests so that tests can look at what was signed.

export interface FakeS3 {
  endpoint: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  requests: { method: string; url: string; headers: IncomingMessage['headers'] }[];
  close(): Promise<void>;
}

const notFound =
  '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>Not found</Message></Error>';

export async function startFakeS3(): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: FakeS3['requests'] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const object = objects.get(path);
      switch (req.method) {
        case 'PUT': {
          if (req.headers['if-none-match'] === '*' && object) {
            res.writeHead(412, { 'content-type': 'application/xml' });
            return res.end('<Error><Code>PreconditionFailed</Code><Message>exists</Message></Error>');
          }
          objects.set(path, {
            body: Buffer.concat(chunks),
            contentType: req.headers['content-type'] ?? 'application/octet-stream',
          });
          res.writeHead(200, { etag: '"fake"' });
          return res.end();
        }
        case 'GET':
        case 'HEAD': {
          if (!object) {
            res.writeHead(404, { 'content-type': 'application/xml' });
            return res.end(req.method === 'GET' ? notFound : undefined);
          }
          res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length });
          return res.end(req.method === 'GET' ? object.body : undefined);
        }
        case 'DELETE':
          objects.delete(path);
          res.writeHead(204);
          return res.end();
        default:
          res.writeHead(405);
          return res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
