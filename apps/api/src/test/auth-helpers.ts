import type { FastifyInstance, LightMyRequestResponse as Response } from 'fastify';
import { TEST_PASSWORD } from './factories';

/** `sid=…` (`__Secure-sid=…` behind https) from a response that set the session cookie, else undefined. */
export function sessionCookie(res: Response): string | undefined {
  const cookie = res.cookies.find((c) => c.name === 'sid' || c.name === '__Secure-sid');
  return cookie?.value ? `${cookie.name}=${cookie.value}` : undefined;
}

/**
 * Signs in through POST /api/login and answers the cookie header of the new session. An app with
 * an https PUBLIC_URL sets its Secure cookie only on https requests: pass x-forwarded-proto then.
 */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password = TEST_PASSWORD,
  headers: Record<string, string> = {},
): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, headers });
  const cookie = sessionCookie(res);
  if (res.statusCode !== 200 || !cookie) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return cookie;
}

/** An inject() that comes from its own client address, so per-IP throttles do not add up across tests. */
export function fromIp(ip: string) {
  return { remoteAddress: ip };
}
