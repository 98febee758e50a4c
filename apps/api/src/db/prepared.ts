import { createHash } from 'node:crypto';
import type { Db } from './client';

/**
 * A statement every request runs (the session, the caller's access), built by Drizzle once per
 * database handle instead of on each call, and prepared by name on each connection, so neither
 * side parses it again (bench/NOTES.md §9). `build` must end in `.prepare(name)` with a name no
 * other statement uses.
 */
export function preparedPerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

/**
 * A list's statements for each shape of its filter (which filters are set), built once a database
 * handle and shape and prepared by name: the filters' values go in as placeholders, so a page costs
 * neither Drizzle's building nor PostgreSQL's parsing and planning (bench/NOTES.md §16, §18). `build`
 * names each statement with `name(prefix)`, which adds the shape.
 */
export function preparedPerShape<F, T>(
  shapeOf: (filter: F) => string,
  build: (db: Db, filter: F, name: (prefix: string) => string) => T,
): (db: Db, filter: F) => T {
  const built = new WeakMap<Db, Map<string, T>>();
  return (db, filter) => {
    const shape = shapeOf(filter);
    let byShape = built.get(db);
    if (!byShape) {
      byShape = new Map();
      built.set(db, byShape);
    }
    let statements = byShape.get(shape);
    if (!statements) {
      statements = build(db, filter, (prefix) => statementName(prefix, shape));
      byShape.set(shape, statements);
    }
    return statements;
  };
}

/** PostgreSQL keeps 63 bytes of a statement's name: two longer names alike in those would collide. */
const STATEMENT_NAME_MAX = 63;

/**
 * `prefix_shape`, or, when that is longer than PostgreSQL keeps, the prefix and a digest of the shape
 * (the same shape always gets the same name; another shape, another).
 */
export function statementName(prefix: string, shape: string): string {
  const name = `${prefix}_${shape}`;
  if (name.length <= STATEMENT_NAME_MAX) return name;
  const digest = createHash('sha256').update(shape).digest('hex').slice(0, 16);
  const short = `${prefix}_${digest}`;
  if (short.length > STATEMENT_NAME_MAX) throw new Error(`Statement name prefix too long: ${prefix}`);
  return short;
}

/** The key of a shape: the names of the parts that are set, in order ('all' when none is). */
export function shapeKey(parts: Record<string, unknown>): string {
  return (
    Object.entries(parts)
      .filter(([, v]) => v)
      .map(([k]) => k)
      .join('_') || 'all'
  );
}
