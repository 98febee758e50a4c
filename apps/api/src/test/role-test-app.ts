import type { LightMyRequestResponse as Response } from 'fastify';
import { expect } from 'vitest';
import type { NewUser, User } from '../db/schema';
import type { IdentityResolver } from '../plugins/access';
import { createSessionIdentityResolver } from '../plugins/session-identity';
import { signIn } from './auth-helpers';
import { createDriver, createManager } from './factories';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One client of the API. Every request carries `x-requested-with`, as the web client's do (the
 * cross-site guard wants it on bodiless writes); an object payload goes as JSON.
 */
export type Caller = (method: HttpMethod, url: string, payload?: object) => Promise<Response>;

export interface SignedInUser {
  user: User;
  /** The session's cookie header (`sid=…`). */
  cookie: string;
}

export interface RoleTestAppOptions extends Omit<TestAppOptions, 'resolveIdentity'> {
  /** Factory overrides for the manager (createManager) and the driver (createDriver). */
  manager?: Partial<NewUser>;
  driver?: Partial<NewUser>;
  /** Lets `asTerminal` stand in for a terminal session (the PIN sign-in is not part of the test). */
  terminal?: boolean;
  /** The client address of each request, when per-IP throttles must not add up across requests. */
  remoteAddress?: () => string;
}

export interface RoleTestApp extends TestApp {
  manager: SignedInUser;
  driver: SignedInUser;
  asManager: Caller;
  asDriver: Caller;
  /** The driver, signed in at the depot terminal only; needs `terminal: true`. */
  asTerminal: Caller;
  anonymous: Caller;
  /** A caller that sends these headers (another session's cookie, say) with each request. */
  callerWith(headers: Record<string, string>): Caller;
}

/** The header that stands in for a terminal session when the app is created with `terminal: true`. */
export const TEST_TERMINAL_HEADER = 'x-test-terminal-driver';

const terminalFromHeader: IdentityResolver = (request) => {
  const terminalDriverId = request.headers[TEST_TERMINAL_HEADER];
  if (typeof terminalDriverId === 'string') return { user: null, terminalDriverId };
  return createSessionIdentityResolver(request.server.db)(request);
};

/**
 * The real app (see createTestApp) with a manager and a driver signed in, and a caller for each
 * of them and for an anonymous client.
 */
export async function createRoleTestApp(options: RoleTestAppOptions = {}): Promise<RoleTestApp> {
  const {
    manager: managerOverrides,
    driver: driverOverrides,
    terminal,
    remoteAddress,
    ...appOptions
  } = options;
  const t = await createTestApp({
    ...appOptions,
    ...(terminal ? { resolveIdentity: terminalFromHeader } : {}),
  });
  const signedIn = async (user: User): Promise<SignedInUser> => ({
    user,
    cookie: await signIn(t.app, user.email),
  });
  const manager = await signedIn(await createManager(t.db, managerOverrides));
  const driver = await signedIn(await createDriver(t.db, driverOverrides));

  const callerWith =
    (headers: Record<string, string>): Caller =>
    (method, url, payload) =>
      t.app.inject({
        method,
        url,
        payload,
        headers: { 'x-requested-with': 'dms', ...headers },
        ...(remoteAddress ? { remoteAddress: remoteAddress() } : {}),
      });
  const asTerminal: Caller = terminal
    ? callerWith({ [TEST_TERMINAL_HEADER]: driver.user.id })
    : () => Promise.reject(new Error('asTerminal needs createRoleTestApp({ terminal: true })'));

  return Object.assign(t, {
    manager,
    driver,
    asManager: callerWith({ cookie: manager.cookie }),
    asDriver: callerWith({ cookie: driver.cookie }),
    asTerminal,
    anonymous: callerWith({}),
    callerWith,
  });
}

/** The JSON body of a response that must have answered `status` (its body explains a failure). */
export function expectJson<T>(res: Response, status: number): T {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}
