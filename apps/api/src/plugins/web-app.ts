import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app and answers every other non-/api GET with index.html, so deep links
 * work; unknown /api paths get a JSON 404. The build writes brotli and gzip copies beside each text
 * file (apps/web/precompress-plugin.ts); the one the browser accepts is sent, with
 * `Vary: Accept-Encoding`, and the plain file otherwise (ADR 20).
 */
export async function registerWebApp(app: FastifyInstance, options: { distDir: string }): Promise<void> {
  const indexFile = path.join(options.distDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Ours, not send's default 'public, max-age=0': see setHeaders.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Vite's hashed assets never change; index.html must always be revalidated.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // A cache must key on Accept-Encoding whenever another encoding of this file exists, also when
        // the plain file was sent (@fastify/static 9 says so only when it sent a compressed copy).
        if (/\.(br|gz)$/.test(filePath) || existsSync(`${filePath}.br`) || existsSync(`${filePath}.gz`)) {
          res.setHeader('vary', 'Accept-Encoding');
        }
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply.code(404).send({ message: 'Not found' });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ message: 'Not found' });
    }
    if (!built) {
      return reply.code(503).type('text/plain').send('The web app is not built. Run `npm run build`.');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
