import type { UserRole } from '@dms/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Listen } from '../db/client';
import type { LiveEvent } from '../db/schema';
import { LiveEventHub, type StreamAudience } from './live-events';

/** A comment line keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

const QuerySchema = z.object({
  /** For clients that cannot send the Last-Event-ID header. */
  lastEventId: z.coerce.number().int().min(0).optional(),
});

/** `resumeFrom` is the highest id sent so far: the client's Last-Event-ID never goes back. */
function frame(event: LiveEvent, resumeFrom: number): string {
  return `id: ${resumeFrom}\ndata: ${JSON.stringify({ type: event.type, ...event.payload })}\n\n`;
}

/** Ids a stream remembers having sent, to send each event once (catch-up and live overlap). */
const SENT_IDS_KEPT = 2000;

/**
 * GET /api/events: Server-Sent Events for the signed-in user (and the driver signed in at the
 * terminal). A stream carries only events addressed to its user or their roles, ids only; the
 * browser's EventSource reconnects by itself and sends Last-Event-ID, from which it catches up.
 */
export async function eventsRoutes(app: FastifyInstance, options: { listen?: Listen }): Promise<void> {
  const hub = new LiveEventHub(app.db, (error) =>
    app.log.warn({ err: error }, 'live events could not be read'),
  );
  /** Closes each open stream: a shutdown must not wait for browsers to hang up. */
  const openStreams = new Set<() => void>();
  app.addHook('onReady', async () => hub.start(options.listen));
  app.addHook('onClose', async () => {
    for (const close of openStreams) close();
    await hub.stop();
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/events',
    {
      config: { access: ['authenticated', 'terminal'] },
      schema: {
        tags: ['live events'],
        summary: 'Server-Sent Events: {type, …ids} when something the caller sees changed',
        querystring: QuerySchema,
      },
    },
    async (request, reply) => {
      const { user, terminalDriverId } = request.identity;
      const audience: StreamAudience = {
        userIds: [user?.id, terminalDriverId].filter((id): id is string => Boolean(id)),
        roles: (user?.roles ?? []) as UserRole[],
      };
      const header = request.headers['last-event-id'];
      const fromHeader = typeof header === 'string' && /^\d{1,18}$/.test(header) ? Number(header) : undefined;
      const after = fromHeader ?? request.query.lastEventId;

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-content-type-options': 'nosniff',
        // Proxies (nginx) must pass each event on at once.
        'x-accel-buffering': 'no',
      });
      raw.write(`retry: 3000\n\n`);

      let highest = after ?? hub.latestId;
      // Events commit out of id order (ids are taken when a transaction starts writing, not when it
      // commits), so one may arrive below the highest sent: it is sent all the same, once.
      const sent = new Set<number>();
      // Live events wait while the catch-up is read, so that the stream stays in id order.
      let held: LiveEvent[] | null = after !== undefined ? [] : null;
      const send = (event: LiveEvent) => {
        if (sent.has(event.id) || (after !== undefined && event.id <= after) || raw.destroyed) return;
        sent.add(event.id);
        if (sent.size > SENT_IDS_KEPT) sent.delete(sent.values().next().value as number);
        highest = Math.max(highest, event.id);
        raw.write(frame(event, highest));
      };
      const unsubscribe = hub.subscribe({
        audience,
        send: (event) => (held ? held.push(event) : send(event)),
      });
      // A fresh stream learns where it stands, so that its first reconnect catches up from here.
      if (after === undefined) raw.write(`id: ${highest}\n\n`);
      const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      const close = () => {
        clearInterval(heartbeat);
        unsubscribe();
        openStreams.delete(close);
        if (!raw.writableEnded) raw.end();
      };
      openStreams.add(close);
      request.raw.on('close', close);

      if (after !== undefined) {
        try {
          for (const event of await hub.eventsAfter(after, audience)) send(event);
        } catch (error) {
          request.log.warn({ err: error }, 'live events catch-up failed');
        }
        const waiting = held ?? [];
        held = null;
        for (const event of waiting) send(event);
      }
    },
  );
}
