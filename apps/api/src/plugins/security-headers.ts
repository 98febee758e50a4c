import type { FastifyInstance } from 'fastify';

// A fixed set of headers set in one hook: the helmet plugin costs more per request than the rest
// of the stack on small routes (DESIGN.md), and we need only these.
const COMMON: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

// Mantine injects style elements at run time, hence 'unsafe-inline' for styles only.
const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

// The API documentation page runs the Swagger UI bundle with an inline initialiser.
const DOCS_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'";

// The customer's quote page and its API (ADR 32): the address carries a secret token, so no
// Referer may take it elsewhere, and no search engine may list it.
const PUBLIC_QUOTE_PATH = /^\/(?:q\/|api\/public\/quotes\/)/;

export function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(COMMON);
    if (PUBLIC_QUOTE_PATH.test(request.url)) {
      reply.header('referrer-policy', 'no-referrer');
      reply.header('x-robots-tag', 'noindex, nofollow');
    }
    if (options.https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', request.url.startsWith('/api/docs') ? DOCS_CSP : APP_CSP);
    }
    return payload;
  });
}
