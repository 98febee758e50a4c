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

/** The body of every error answer (OPERATIONS.md "API conventions"), for the OpenAPI document. */
export const ErrorResponseSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
