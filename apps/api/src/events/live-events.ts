import type { UserRole } from '@dms/domain';
import { and, asc, gt, gte, inArray, or, sql } from 'drizzle-orm';
import type { Database, Db, Listen } from '../db/client';
import { type LiveEvent, liveEvents } from '../db/schema';

// Live events (DESIGN.md "live updates"): a row in live_events and a NOTIFY carrying its id. Every
// instance listens, reads the rows after the last one it saw, and hands each to the open streams
// whose user is in its audience. A client that reconnects catches up from its last event id.

export const LIVE_EVENTS_CHANNEL = 'dms_live_events';
/** How far back a reconnecting client may catch up. */
export const CATCH_UP_WINDOW_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;
/**
 * An id skipped over may belong to a transaction that has not committed yet (ids are taken when an
 * event is written, rows become visible at commit): it is looked for again at each read for this
 * long, then given up (a rolled-back transaction leaves its id unused for ever).
 */
const GAP_TTL_MS = 60_000;
/** A skip wider than this is not remembered id by id (it would be a burst of rollbacks). */
const MAX_GAP = 1000;

export type LiveEventType =
  | 'jobs.changed'
  | 'offers.changed'
  | 'requests.changed'
  | 'emergency'
  /** The managers' attention list changed (ADR 28). */
  | 'attention.changed'
  /** A terminal's PIN counters changed in a way managers must see: a PIN locked, a terminal blocked. */
  | 'terminals.changed';

export interface LiveEventInput {
  type: LiveEventType;
  /** The users it is for. */
  userIds?: readonly string[];
  /** Every user holding one of these roles. */
  roles?: readonly UserRole[];
  /** Ids only: screens refetch through the API what their user may see. */
  payload?: Record<string, string>;
}

/** Records an event and wakes every instance. Inside a transaction both happen at its commit. */
export async function publishLiveEvent(db: Db, event: LiveEventInput): Promise<void> {
  const userIds = [...new Set(event.userIds ?? [])];
  const roles = [...new Set(event.roles ?? [])];
  if (userIds.length === 0 && roles.length === 0) return;
  const [row] = await db
    .insert(liveEvents)
    .values({ type: event.type, userIds, roles, payload: event.payload ?? {} })
    .returning({ id: liveEvents.id });
  await db.execute(sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, ${String(row?.id ?? '')})`);
}

export interface StreamAudience {
  /** The signed-in user and the driver signed in at the terminal, when there is one. */
  userIds: readonly string[];
  roles: readonly UserRole[];
}

export function isFor(event: Pick<LiveEvent, 'userIds' | 'roles'>, audience: StreamAudience): boolean {
  return (
    event.userIds.some((id) => audience.userIds.includes(id)) ||
    event.roles.some((role) => (audience.roles as readonly string[]).includes(role))
  );
}

interface Subscriber {
  audience: StreamAudience;
  send(event: LiveEvent): void;
}

/** One per app instance: fans the events of every instance out to this instance's open streams. */
export class LiveEventHub {
  private readonly subscribers = new Set<Subscriber>();
  private lastSeenId = 0;
  /** Ids below lastSeenId not seen yet, with when they were first missed. */
  private readonly gaps = new Map<number, number>();
  private reading: Promise<void> | undefined;
  private readAgain = false;
  private stopListening: (() => Promise<void>) | undefined;

  constructor(
    private readonly db: Database,
    private readonly onError: (error: unknown) => void,
  ) {}

  async start(listen: Listen | undefined): Promise<void> {
    const [row] = await this.db.select({ max: sql<number | null>`max(${liveEvents.id})` }).from(liveEvents);
    this.lastSeenId = Number(row?.max ?? 0);
    // After a lost connection the NOTIFYs of the gap are gone, but their rows are not: read them.
    if (listen)
      this.stopListening = await listen(
        LIVE_EVENTS_CHANNEL,
        () => this.wake(),
        () => this.wake(),
      );
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    await this.reading;
    this.subscribers.clear();
  }

  /** The newest event id this instance has seen: a new stream starts from there. */
  get latestId(): number {
    return this.lastSeenId;
  }

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /** Reads the rows after the last one seen: a missed NOTIFY is made up by the next one. */
  wake(): void {
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = this.readNew()
      .catch(this.onError)
      .finally(() => {
        this.reading = undefined;
        if (this.readAgain) {
          this.readAgain = false;
          this.wake();
        }
      });
  }

  private async readNew(): Promise<void> {
    this.forgetOldGaps();
    for (;;) {
      const gapIds = [...this.gaps.keys()];
      const rows = await this.db
        .select()
        .from(liveEvents)
        .where(
          gapIds.length > 0
            ? or(gt(liveEvents.id, this.lastSeenId), inArray(liveEvents.id, gapIds))
            : gt(liveEvents.id, this.lastSeenId),
        )
        .orderBy(asc(liveEvents.id))
        .limit(BATCH);
      let newRows = 0;
      for (const event of rows) {
        if (this.gaps.delete(event.id)) {
          this.deliver(event);
          continue;
        }
        if (event.id <= this.lastSeenId) continue;
        newRows++;
        this.rememberGap(this.lastSeenId, event.id);
        this.lastSeenId = event.id;
        this.deliver(event);
      }
      if (newRows === 0 || rows.length < BATCH) return;
    }
  }

  private deliver(event: LiveEvent): void {
    for (const subscriber of this.subscribers) {
      if (isFor(event, subscriber.audience)) subscriber.send(event);
    }
  }

  private rememberGap(from: number, to: number): void {
    if (to - from - 1 > MAX_GAP) return;
    const now = Date.now();
    for (let id = from + 1; id < to; id++) this.gaps.set(id, now);
  }

  private forgetOldGaps(): void {
    const limit = Date.now() - GAP_TTL_MS;
    for (const [id, since] of this.gaps) if (since < limit) this.gaps.delete(id);
  }

  /** The events for this audience after `afterId`, within the catch-up window, oldest first. */
  async eventsAfter(afterId: number, audience: StreamAudience): Promise<LiveEvent[]> {
    const since = new Date(Date.now() - CATCH_UP_WINDOW_MS);
    const userIds = audience.userIds.length ? audience.userIds : [''];
    const roles = audience.roles.length ? audience.roles : [''];
    return this.db
      .select()
      .from(liveEvents)
      .where(
        and(
          gt(liveEvents.id, afterId),
          gte(liveEvents.createdAt, since),
          or(
            sql`${liveEvents.userIds} && ${sql.param(userIds)}::text[]`,
            sql`${liveEvents.roles} && ${sql.param(roles)}::text[]`,
          ),
        ),
      )
      .orderBy(asc(liveEvents.id))
      .limit(BATCH);
  }
}

/** Old events are of no use to a reconnecting client: housekeeping removes them. */
export async function purgeOldLiveEvents(db: Db, now = new Date()): Promise<void> {
  await db
    .delete(liveEvents)
    .where(sql`${liveEvents.createdAt} < ${new Date(now.getTime() - CATCH_UP_WINDOW_MS)}`);
}
