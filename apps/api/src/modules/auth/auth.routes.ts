import {
  AUTH_MESSAGES,
  AuthProvidersSchema,
  CurrentUserResponseSchema,
  EmailOnlyInputSchema,
  LoginErrorSchema,
  LoginInputSchema,
  MessageResponseSchema,
  RegisterInputSchema,
  RegisterResponseSchema,
  ResetPasswordInputSchema,
  VerifyEmailInputSchema,
  VerifyEmailResponseSchema,
} from '@dms/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '../../http/errors';
import { findUserById } from '../users';
import type { AuthDeps } from './auth-deps';
import { endSession, startUserSession } from './auth-session';
import { resendVerificationCode, verifyEmailCode } from './email-verification.service';
import { requestPasswordReset, resetPassword } from './password-reset.service';
import { registerDriver } from './registration.service';
import { toSessionUser } from './session-user';
import { checkCredentials } from './sign-in.service';

const errors = {
  400: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

export async function authRoutes(app: FastifyInstance, options: { codePepper: string }): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): AuthDeps => ({
    db: app.db,
    mailer: app.mailer,
    codePepper: options.codePepper,
    publicUrl: app.config.publicUrl,
    log: app.log,
  });

  typed.post(
    '/api/register',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Creates a driver account and mails its verification code',
        body: RegisterInputSchema,
        response: { 201: RegisterResponseSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await registerDriver(deps(), request.body, request.ip);
      return reply.code(201).send({ message: AUTH_MESSAGES.registered, email: request.body.email });
    },
  );

  typed.post(
    '/api/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Signs in with email and password',
        body: LoginInputSchema,
        response: {
          200: CurrentUserResponseSchema,
          401: ErrorResponseSchema,
          403: LoginErrorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const result = await checkCredentials(deps(), request.body, request.ip);
      if (result.kind === 'needs-verification') {
        return reply
          .code(403)
          .send({ message: AUTH_MESSAGES.needsVerification, needsVerification: true, email: result.email });
      }
      await startUserSession(request, result.user.id);
      return { user: toSessionUser(result.user) };
    },
  );

  // A browser sent here after a 401 (spec 1 §2) belongs on the sign-in screen.
  typed.get(
    '/api/login',
    { config: { access: 'public' }, schema: { tags: ['auth'], summary: 'Redirects to the sign-in screen' } },
    async (_request, reply) => reply.redirect('/login'),
  );

  // Public, so that a client holding an expired session can always sign out cleanly.
  typed.post(
    '/api/logout',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], summary: 'Ends the session', response: { 200: MessageResponseSchema } },
    },
    async (request, reply) => {
      await endSession(request, reply);
      return { message: AUTH_MESSAGES.loggedOut };
    },
  );

  typed.get(
    '/api/user',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: CurrentUserResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store, no-cache, must-revalidate').header('pragma', 'no-cache');
      const user = await findUserById(app.db, request.identity.user!.id);
      if (!user) return reply.code(401).send({ message: 'Unauthorized' });
      return { user: toSessionUser(user) };
    },
  );

  typed.post(
    '/api/auth/verify-email-code',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Verifies the email with the mailed code and signs the user in',
        body: VerifyEmailInputSchema,
        response: { 200: VerifyEmailResponseSchema, 403: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await verifyEmailCode(deps(), request.body, request.ip);
      await startUserSession(request, user.id);
      return { message: AUTH_MESSAGES.emailVerified, user: toSessionUser(user) };
    },
  );

  typed.post(
    '/api/auth/send-verification-code',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Mails a new verification code (once a minute at most)',
        body: EmailOnlyInputSchema,
        response: { 200: MessageResponseSchema, 502: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      await resendVerificationCode(deps(), request.body.email, request.ip);
      return { message: AUTH_MESSAGES.codeSent };
    },
  );

  typed.post(
    '/api/auth/forgot-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Mails a password reset link',
        body: EmailOnlyInputSchema,
        response: { 200: MessageResponseSchema, 502: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      await requestPasswordReset(deps(), request.body.email, request.ip);
      return { message: AUTH_MESSAGES.resetLinkSent };
    },
  );

  typed.post(
    '/api/auth/reset-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sets a new password with a mailed reset token and signs out every session',
        body: ResetPasswordInputSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await resetPassword(deps(), request.body, request.ip);
      return { message: AUTH_MESSAGES.passwordReset };
    },
  );

  typed.get(
    '/api/auth/providers',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Which external sign-ins are configured',
        response: { 200: AuthProvidersSchema },
      },
    },
    async () => ({ google: app.config.google !== undefined }),
  );
}
