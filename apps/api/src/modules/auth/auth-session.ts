import type { FastifyReply, FastifyRequest } from 'fastify';
import { clearSessionCookie, sessionCookieName } from '../../http/session-cookie';

/**
 * Signs a user in on this request. The session id is renewed first, so an id planted before
 * sign-in (session fixation) is worth nothing afterwards.
 */
export async function startUserSession(request: FastifyRequest, userId: string): Promise<void> {
  await request.session.regenerate();
  request.session.userId = userId;
  request.session.signedInAt = Date.now();
  request.session.refreshedAt = Date.now();
}

export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  // Without a cookie there is no stored session to delete.
  const { publicUrl } = request.server.config;
  if (request.cookies[sessionCookieName(publicUrl)] && request.session) await request.session.destroy();
  clearSessionCookie(reply, publicUrl);
}
