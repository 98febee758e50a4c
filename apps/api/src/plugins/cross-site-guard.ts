import type { FastifyInstance } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const REFUSED = { message: 'Cross-site request refused' };

// The Vite dev and preview servers proxy /api and keep the browser's Origin.
const DEV_SERVER_ORIGINS = ['http://localhost:5173', 'http://localhost:4173'];

/**
 * Cross-site request forgery defence for cookie sessions. Every state-changing /api request
 * with an Origin must come from PUBLIC_URL's origin (never from the request's own Host, which
 * an attacker's DNS controls, and never from an opaque 'null' origin). A POST must also carry
 * JSON or our custom header, since a plain HTML form can POST without any Origin check in old
 * browsers; a form cannot send PUT, PATCH or DELETE at all.
 */
export function registerCrossSiteGuard(
  app: FastifyInstance,
  options: { publicUrl: string; development: boolean },
): void {
  const allowed = new Set([new URL(options.publicUrl).origin]);
  if (options.development) for (const origin of DEV_SERVER_ORIGINS) allowed.add(origin);
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin !== undefined && !allowed.has(origin)) return reply.code(403).send(REFUSED);
    if (request.method !== 'POST') return;
    const type = request.headers['content-type'] ?? '';
    if (type.startsWith('application/json') || request.headers['x-requested-with']) return;
    if (request.routeOptions.config.acceptsRawBody) return;
    return reply.code(403).send(REFUSED);
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes a non-JSON body (a signed upload URL): the custom-header rule does not apply. */
    acceptsRawBody?: boolean;
  }
}
