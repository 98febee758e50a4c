import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';

export interface FieldError {
  path: string;
  message: string;
}

/** A rule broken by a request that passed schema validation: answered with its status and message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
    /** Extra response headers, e.g. Retry-After on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

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
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
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
    const state = sqlState(error);
    const answer = state ? SQL_STATE_ANSWERS[state] : undefined;
    if (answer) {
      request.log.info({ err: error }, 'database constraint refused the request');
      return reply.code(answer[0]).send({ message: answer[1] });
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ message: 'Internal server error' });
    }
    return reply.code(status).send({ message: error.message });
  });
}

/** The body of every error answer (OPERATIONS.md "API conventions"), for the OpenAPI document. */
export const ErrorResponseSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
