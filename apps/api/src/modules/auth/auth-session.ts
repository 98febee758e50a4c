import type { FastifyReply, FastifyRequest } from 'fastify';
import { clearSessionCookie, SESSION_COOKIE } from '../../plugins/sessions';

/**
 * Signs a user in on this request. The session id is renewed first, so an id planted before
 * sign-in (session fixation) is worth nothing afterwards.
 */
export async function startUserSession(request: FastifyRequest, userId: string): Promise<void> {
  await request.session.regenerate();
  request.session.userId = userId;
  request.session.refreshedAt = Date.now();
}

export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  // Without a cookie there is no stored session to delete.
  if (request.cookies[SESSION_COOKIE] && request.session) await request.session.destroy();
  clearSessionCookie(reply);
}
