import fastifyCookie from '@fastify/cookie';
import fastifySession, { type SessionStore } from '@fastify/session';
import type { FastifyInstance, Session } from 'fastify';
import type { Database } from '../db/client';
import { rememberingSigner } from '../http/remembering-signer';
import { dropLoadedAccess, keepLoadedAccess } from '../http/session-access';
import {
  SESSION_ABSOLUTE_LIFETIME_MS,
  SESSION_COOKIE_PATH,
  SESSION_MAX_AGE_MS,
  sessionCookieName,
} from '../http/session-cookie';
import {
  deleteSession,
  getSessionWithAccess,
  type SessionData,
  saveSession,
} from '../http/sessions.repository';
import { endTerminalSignIn, terminalSignInIdle } from '../http/terminal-session';

declare module 'fastify' {
  interface Session {
    /** The signed-in user (portal sign-in). */
    userId?: string;
    /** The driver signed in at the terminal with a PIN. */
    terminalDriverId?: string;
    /** The enrolled terminal that driver signed in at: revoking it ends this session. */
    terminalId?: string;
    /** The terminal sign-in ends after this long without activity (the operator's setting at sign-in). */
    terminalIdleMs?: number;
    /** The last activity of the terminal's driver (ms since the epoch): a write, or a touch the terminal reports. */
    terminalActiveAt?: number;
    /** When the user or driver signed in (ms since the epoch): the session's absolute limit counts from it. */
    signedInAt?: number;
    /** When the expiry was last pushed forward (ms since the epoch). */
    refreshedAt?: number;
    /** Google sign-in in progress: checked and dropped by the callback. */
    oidc?: { state: string; nonce: string; codeVerifier: string };
  }
}

// A sliding 30-day session would otherwise cost a write on every request.
const REFRESH_INTERVAL_MS = 60 * 60 * 1000;
/** A terminal driver's activity is saved at most this often: each save is a session write. */
const TERMINAL_ACTIVITY_GRANULARITY_MS = 15_000;

function databaseStore(db: Database): SessionStore {
  return {
    get(sid, callback) {
      getSessionWithAccess(db, sid).then((found) => {
        if (found) keepLoadedAccess(sid, found.access);
        callback(null, (found?.sess ?? null) as Session | null);
      }, callback);
    },
    set(sid, session, callback) {
      // The session object carries methods and symbols; its JSON form is what we keep.
      const sess = JSON.parse(JSON.stringify(session)) as SessionData;
      const expires = session.cookie.expires ? new Date(session.cookie.expires) : null;
      const expire = expires ?? new Date(Date.now() + SESSION_MAX_AGE_MS);
      saveSession(db, sid, sess, expire).then(() => callback(), callback);
    },
    destroy(sid, callback) {
      deleteSession(db, sid).then(() => callback(), callback);
    },
  };
}

/**
 * Server-side sessions in the `sessions` table behind a signed `sid` cookie. Nothing is stored
 * for anonymous visitors; a signed-in session is written when it changes and at most hourly
 * otherwise, which also slides its 30-day expiry.
 */
export async function registerSessions(
  app: FastifyInstance,
  options: { db: Database; secret: string; https: boolean; publicUrl: string },
): Promise<void> {
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    // The cookie's signature is checked and made again on every request: remembered (http/remembering-signer.ts).
    secret: rememberingSigner(options.secret),
    cookieName: sessionCookieName(options.publicUrl),
    store: databaseStore(options.db),
    saveUninitialized: false,
    rolling: false,
    cookie: {
      path: SESSION_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: options.https,
      maxAge: SESSION_MAX_AGE_MS,
    },
  });

  if (options.https) {
    let warned = false;
    app.addHook('onSend', async (request, _reply, payload) => {
      // @fastify/session never sets a Secure cookie on a plain http request: a sign-in would
      // answer 200 and yet nobody would stay signed in.
      if (!warned && request.protocol !== 'https' && request.session?.isModified()) {
        warned = true;
        request.log.warn(
          'PUBLIC_URL is https but a session was started over http, so its cookie was not set. ' +
            'Serve over https, or have the proxy send X-Forwarded-Proto.',
        );
      }
      return payload;
    });
  }

  app.addHook('onResponse', async (request) => dropLoadedAccess(request.session?.sessionId));

  // After the session is loaded and before access control reads it: the sliding expiry never
  // carries a session past 30 days from sign-in.
  app.addHook('onRequest', async (request) => {
    const session = request.session;
    if (!session || (!session.userId && !session.terminalDriverId)) return;
    const now = Date.now();
    // A session from before this rule gets its 30 days from now.
    session.signedInAt ??= now;
    if (now - session.signedInAt >= SESSION_ABSOLUTE_LIFETIME_MS) {
      await session.destroy();
      return;
    }
    // A driver who walked away from a shared terminal is signed out of it; the request goes on without them.
    if (terminalSignInIdle(session, now)) endTerminalSignIn(session);
  });

  // Runs after access control, so only sessions that still identify someone are kept alive.
  app.addHook('preHandler', async (request) => {
    const session = request.session;
    const identity = request.identity;
    if (!session || !identity || (!identity.user && !identity.terminalDriverId)) return;
    const now = Date.now();
    // Changing a field marks the session modified: it is saved with a fresh expiry and cookie.
    if (now - (session.refreshedAt ?? 0) >= REFRESH_INTERVAL_MS) session.refreshedAt = now;
    // What the terminal's driver does (not what the screen reads by itself) keeps the sign-in alive.
    if (
      identity.terminalDriverId &&
      request.method !== 'GET' &&
      now - (session.terminalActiveAt ?? 0) >= TERMINAL_ACTIVITY_GRANULARITY_MS
    ) {
      session.terminalActiveAt = now;
    }
  });
}
