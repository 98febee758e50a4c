import type { Db } from '../db/client';

/** How many records of one kind refer to a record (a depot's vehicles, a customer's jobs). */
export type UsageCounter = (db: Db, id: string) => Promise<number>;

/**
 * Who refers to a record of one kind. The module that owns the record keeps the registry; each
 * module whose records refer to it registers a counter of its own records (ADR 25). So a delete rule
 * asks the owners of the referring records, through their code, without importing their modules:
 * the composition root (`record-links.ts`) does the wiring.
 */
export class UsageRegistry {
  private readonly counters = new Map<string, UsageCounter>();

  /** `word` names one referring record in the delete message ('vehicle', 'job'); registering again replaces. */
  register(word: string, count: UsageCounter): void {
    this.counters.set(word, count);
  }

  /** The counts by word, one statement after another (inside a transaction they share its connection). */
  async count(db: Db, id: string): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const [word, count] of this.counters) counts[word] = await count(db, id);
    return counts;
  }
}

/** Whether any of the counts is above zero. */
export function isUsed(counts: Record<string, number>): boolean {
  return Object.values(counts).some((n) => n > 0);
}

/**
 * What other modules do, in the same transaction, when something happens to a record of this module
 * (a subcontractor deactivated: its vehicles too). Registered like usage counters (ADR 25).
 */
export class RecordHooks<Args extends unknown[]> {
  private readonly hooks = new Map<string, (db: Db, ...args: Args) => Promise<void>>();

  register(name: string, hook: (db: Db, ...args: Args) => Promise<void>): void {
    this.hooks.set(name, hook);
  }

  async run(db: Db, ...args: Args): Promise<void> {
    for (const hook of this.hooks.values()) await hook(db, ...args);
  }
}

/**
 * One piece of work a module needs done by a module that depends on it (a published job is offered
 * to its drivers by the job-offers module): the implementation is wired in record-links.ts (ADR 25).
 */
export class Port<Work extends (...args: never[]) => unknown> {
  private work: Work | undefined;

  constructor(private readonly name: string) {}

  set(work: Work): void {
    this.work = work;
  }

  /** The wired implementation; an unwired port is a start-up mistake, not a request's. */
  get run(): Work {
    if (!this.work) throw new Error(`${this.name} is not wired: call linkRecords() (record-links.ts)`);
    return this.work;
  }
}
