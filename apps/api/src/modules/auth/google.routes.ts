import type { GoogleSignInError } from '@dms/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { startUserSession } from './auth-session';
import { createGoogleOidc } from './google-oidc';
import { resolveGoogleUser } from './google-sign-in.service';

const CALLBACK_PATH = '/api/auth/google/callback';

const toLogin = (reply: FastifyReply, error: GoogleSignInError) => reply.redirect(`/login?error=${error}`);

/** Sign-in with Google: browser navigations answered with redirects, never JSON. */
export async function googleRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { google, publicUrl } = app.config;
  const client = google ? createGoogleOidc(google, `${publicUrl}${CALLBACK_PATH}`) : undefined;

  typed.get(
    '/api/auth/google',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], summary: 'Starts Google sign-in (redirects to Google)' },
    },
    async (request, reply) => {
      if (!client) return toLogin(reply, 'google_unavailable');
      try {
        const { url, checks } = await client.start();
        request.session.oidc = checks;
        return reply.redirect(url);
      } catch (error) {
        request.log.warn({ err: error }, 'Google sign-in could not start');
        return toLogin(reply, 'google_failed');
      }
    },
  );

  typed.get(
    CALLBACK_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Google redirects back here; signs in and redirects to /',
        // openid-client reads the raw URL (it also checks parameters such as iss); these are documentation.
        querystring: z.object({
          code: z.string().optional(),
          state: z.string().optional(),
          error: z.string().optional(),
        }),
      },
    },
    async (request, reply) => {
      const checks = request.session.oidc;
      request.session.oidc = undefined;
      try {
        if (!client) return toLogin(reply, 'google_unavailable');
        if (!checks) throw new Error('no Google sign-in was started in this session');
        const callbackUrl = new URL(`${publicUrl}${CALLBACK_PATH}`);
        callbackUrl.search = new URL(request.url, 'http://callback.invalid').search;
        const identity = await client.finish(callbackUrl, checks);
        const result = await resolveGoogleUser(app.db, identity);
        if (!result.ok) throw new Error(result.reason);
        await startUserSession(request, result.userId);
        return reply.redirect('/');
      } catch (error) {
        request.log.warn({ err: error }, 'Google sign-in failed');
        // A session that only carried the sign-in attempt is worth nothing now.
        if (!request.session.userId && !request.session.terminalDriverId) await request.session.destroy();
        return toLogin(reply, 'google_failed');
      }
    },
  );
}
