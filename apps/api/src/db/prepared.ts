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
