import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/sql-helpers';
import { HttpError } from '../http/errors';
import { logSafeError } from '../http/log-safe-error';

function toPath(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.');
}

/** PostgreSQL's SQLSTATE, wherever the driver or Drizzle put it. */
function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

// A constraint the database enforces is a client error that slipped past the service's checks:
// answer it plainly rather than with a 500.
const SQL_STATE_ANSWERS: Record<string, [number, string]> = {
  '23505': [409, 'A record with these details already exists'],
  '23503': [409, 'This record is linked to other records'],
  '23P01': [409, 'This conflicts with an existing record'],
  '22P02': [400, 'Invalid value'],
  '22007': [400, 'Invalid date or time'],
  '22008': [400, 'Invalid date or time'],
  '22003': [400, 'Number out of range'],
  '22001': [400, 'Value too long'],
  // NUL in text: validation refuses it first; this is the net for a field it does not cover.
  '22021': [400, 'Text contains characters that are not allowed'],
};

/**
 * What an error log line holds. The logger's `err` serializer (app.ts) keeps only what logSafeError
 * lets through: a database error carries the failed query's parameters (a new password hash,
 * personal details), which must not reach the log.
 */
function errorSummary(error: FastifyError, request: FastifyRequest, state: string | undefined) {
  return {
    err: error,
    ...(state ? { sqlState: state } : {}),
    route: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
  };
}

/** Seconds a client is asked to wait while the database is away (a restart takes a few). */
export const DATABASE_RETRY_AFTER_S = 5;
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database is not answering just now. Please try again in a few seconds.';

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A thrown non-Error (a library's bare string or event) has no status or code: treat it as ours.
    if (!(error instanceof Error)) {
      request.log.error({ thrown: logSafeError(error).type }, 'request failed');
      return reply.code(500).send({ message: 'Internal server error' });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        path: toPath(v.instancePath),
        message: v.message ?? 'Invalid value',
      }));
      return reply.code(400).send({ message: errors[0]?.message ?? 'Invalid request', errors });
    }
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .code(error.statusCode)
        .send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn(errorSummary(error, request, sqlState(error)), 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_S))
        .send({ message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    const state = sqlState(error);
    const answer = state ? SQL_STATE_ANSWERS[state] : undefined;
    if (answer) {
      request.log.info(errorSummary(error, request, state), 'database constraint refused the request');
      return reply.code(answer[0]).send({ message: answer[1] });
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error(errorSummary(error, request, state), 'request failed');
      return reply.code(status).send({ message: 'Internal server error' });
    }
    return reply.code(status).send({ message: error.message });
  });
}
