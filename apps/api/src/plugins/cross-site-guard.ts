import type { FastifyInstance } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery defence for cookie sessions: a state-changing /api request must
 * carry JSON or our custom header (a plain HTML form can send neither), and a browser's Origin,
 * when present, must be our own.
 */
export function registerCrossSiteGuard(app: FastifyInstance, options: { publicUrl: string }): void {
  const ownOrigin = new URL(options.publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin && origin !== 'null' && origin !== ownOrigin && origin !== requestOrigin(request)) {
      return reply.code(403).send({ message: 'Cross-site request refused' });
    }
    const type = request.headers['content-type'] ?? '';
    if (type.startsWith('application/json') || request.headers['x-requested-with']) return;
    if (request.routeOptions.config.acceptsRawBody) return;
    return reply.code(403).send({ message: 'Cross-site request refused' });
  });
}

function requestOrigin(request: { protocol: string; host: string }): string {
  return `${request.protocol}://${request.host}`;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes a non-JSON body (a signed upload URL): the custom-header rule does not apply. */
    acceptsRawBody?: boolean;
  }
}
