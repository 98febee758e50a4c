import { createHash } from 'node:crypto';
import { FORM_MESSAGES } from '@dms/domain';
import type { Database, Transaction } from '../db/client';
import { isUniqueViolation } from '../db/sql-helpers';
import { HttpError } from './errors';
import { findIdempotencyRecord, insertIdempotencyRecord } from './idempotency.repository';

/** The header a terminal sends with each submission: a key it made for that submission. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

export interface IdempotentRequest {
  /** Whose keys these are (the driver): one driver's key never answers another's request. */
  scope: string;
  /** The header's value, if any. */
  key: string | undefined;
  route: string;
  body: unknown;
}

export interface IdempotentResult<T> {
  statusCode: number;
  body: T;
  replayed: boolean;
}

function requestHash(route: string, body: unknown): string {
  return createHash('sha256')
    .update(route)
    .update('\n')
    .update(JSON.stringify(body ?? null))
    .digest('hex');
}

/**
 * Runs a write once per idempotency key (issue 9, 'nothing lost'): the result is stored with the
 * key in the write's own transaction, so a retry of the same submission gets the stored result and
 * no second row, and of two copies racing one commits and the other answers with its result. The
 * same key with a different body is refused. Without a key the write simply runs.
 */
export async function idempotentWrite<T>(
  db: Database,
  request: IdempotentRequest,
  statusCode: number,
  write: (tx: Transaction) => Promise<T>,
): Promise<IdempotentResult<T>> {
  if (request.key === undefined) {
    return { statusCode, body: await db.transaction(write), replayed: false };
  }
  if (!KEY_PATTERN.test(request.key)) {
    throw new HttpError(400, 'Idempotency-Key must be 8 to 100 letters, digits, - or _');
  }
  const key = request.key;
  const hash = requestHash(request.route, request.body);
  const replay = (stored: { requestHash: string; statusCode: number; response: unknown }) => {
    if (stored.requestHash !== hash) throw new HttpError(422, FORM_MESSAGES.idempotencyReused);
    return { statusCode: stored.statusCode, body: stored.response as T, replayed: true };
  };
  const existing = await findIdempotencyRecord(db, request.scope, key);
  if (existing) return replay(existing);
  try {
    return await db.transaction(async (tx) => {
      const body = await write(tx);
      await insertIdempotencyRecord(tx, {
        scope: request.scope,
        key,
        requestHash: hash,
        statusCode,
        response: body,
      });
      return { statusCode, body, replayed: false };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'idempotency_records_scope_key_pk')) {
      const stored = await findIdempotencyRecord(db, request.scope, key);
      if (stored) return replay(stored);
    }
    throw error;
  }
}
