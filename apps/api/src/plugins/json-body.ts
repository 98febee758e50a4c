import type { FastifyInstance } from 'fastify';

/**
 * The web client marks bodiless writes (logout, clear-updates, end shift) with a JSON content
 * type (spec 1 §7), which Fastify's parser refuses as an empty JSON body. An empty body is read
 * as no body; anything else goes through Fastify's own parser, with its prototype-poisoning checks.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
