import type { AccessRow } from './sessions.repository';

// The access rows read with a request's session (sessions.repository), handed to the identity
// resolver of the same request. @fastify/session's store sees only the session id, not the request,
// so they wait here under that id until the resolver takes them or the request ends. A request
// that finds none (another request of the same session took them first) reads them itself.

const loaded = new Map<string, AccessRow[]>();

export function keepLoadedAccess(sid: string, access: AccessRow[]): void {
  loaded.set(sid, access);
}

/** The rows loaded with this session, once: a later request of the session loads its own. */
export function takeLoadedAccess(sid: string | undefined): AccessRow[] | undefined {
  if (!sid) return undefined;
  const access = loaded.get(sid);
  loaded.delete(sid);
  return access;
}

/** At the end of a request: rows no resolver took (a 404, a public route) go too. */
export function dropLoadedAccess(sid: string | undefined): void {
  if (sid) loaded.delete(sid);
}
