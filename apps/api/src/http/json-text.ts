import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

// ADR 40: a few hot lists have PostgreSQL write their answer's JSON. The text is sent on as it is, so
// the route's serializer never sees it; everywhere but in production it is parsed against the schema
// the route documents, so that a test catches the SQL drifting from the shape.

/** A bounded page (ADR 41's fields) around items that are already JSON text. */
export function boundedPageText(
  page: { items: string; total: number; totalIsLowerBound: boolean },
  window: { limit: number; offset: number },
): string {
  return `{"items":${page.items},"total":${page.total},"limit":${window.limit},"offset":${window.offset},"totalIsLowerBound":${page.totalIsLowerBound}}`;
}

/** Sends JSON text written by PostgreSQL, checked against `schema` unless `production`. */
export function sendJsonText(
  reply: FastifyReply,
  json: string,
  schema: z.ZodType,
  production: boolean,
): FastifyReply {
  if (!production) schema.parse(JSON.parse(json));
  return reply.type('application/json; charset=utf-8').send(json);
}
