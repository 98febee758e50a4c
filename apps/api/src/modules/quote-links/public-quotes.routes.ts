import {
  AcceptQuoteInputSchema,
  DeclineQuoteInputSchema,
  PublicQuoteInvalidSchema,
  PublicQuoteSchema,
  QUOTE_LINK_INVALID,
} from '@dms/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '../../http/errors';
import { enforceThrottle, type ThrottleRule } from '../../http/throttle';
import { hashToken } from '../../lib/secrets';
import {
  acceptQuote,
  declineQuote,
  getPublicQuote,
  InvalidQuoteLink,
  operatorOf,
  publicQuotePdf,
  type QuoteLinkDeps,
} from './quote-links.service';

// The customer's side (issue 24, ADR 32): anonymous, so every input is hostile. Throttled per
// address and per token with counters in the database; every bad link answers the same 404.

const MINUTE = 60_000;
export const PUBLIC_QUOTE_THROTTLES = {
  readPerIp: { name: 'quote-read-ip', limit: 120, windowMs: 10 * MINUTE },
  readPerToken: { name: 'quote-read-token', limit: 60, windowMs: 10 * MINUTE },
  answerPerIp: { name: 'quote-answer-ip', limit: 20, windowMs: 60 * MINUTE },
  answerPerToken: { name: 'quote-answer-token', limit: 10, windowMs: 60 * MINUTE },
} satisfies Record<string, ThrottleRule>;

/** Any text: a token of the wrong length or form must meet the same answer as an unknown one. */
// (Fastify itself answers 414 to a path parameter over 100 characters, before any work is done.)
const TokenParamsSchema = z.object({ token: z.string() });

/** The signature is a data URL of a few kilobytes; far more is refused before it is parsed. */
const ACCEPT_BODY_LIMIT = 400 * 1024;
const DECLINE_BODY_LIMIT = 8 * 1024;

export async function publicQuotesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['public quotes'];
  const deps = (request: FastifyRequest): QuoteLinkDeps => ({
    db: app.db,
    mailer: app.mailer,
    config: app.config,
    log: request.log,
  });

  const throttle = async (request: FastifyRequest, token: string, kind: 'read' | 'answer') => {
    const [perIp, perToken] =
      kind === 'read'
        ? [PUBLIC_QUOTE_THROTTLES.readPerIp, PUBLIC_QUOTE_THROTTLES.readPerToken]
        : [PUBLIC_QUOTE_THROTTLES.answerPerIp, PUBLIC_QUOTE_THROTTLES.answerPerToken];
    await enforceThrottle(app.db, perIp, request.ip);
    // Keyed by a hash: the counters table never holds a usable token.
    await enforceThrottle(app.db, perToken, hashToken(token).slice(0, 32));
  };

  /** Runs a public handler; a bad link of any kind becomes the one 404, with whom to call. */
  const answering = async <T>(reply: FastifyReply, work: () => Promise<T>) => {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof InvalidQuoteLink)) throw error;
      const operator = await operatorOf(app.db, app.config.timezone);
      return reply.code(404).send({
        message: QUOTE_LINK_INVALID,
        operator: { name: operator.name, phone: operator.phone, email: operator.email },
      });
    }
  };

  const errors = {
    400: ErrorResponseSchema,
    404: PublicQuoteInvalidSchema,
    409: ErrorResponseSchema,
    429: ErrorResponseSchema,
  };

  r.get(
    '/api/public/quotes/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The quote behind a link, as the customer sees it; the first read records viewedAt',
        params: TokenParamsSchema,
        response: { 200: PublicQuoteSchema, 404: PublicQuoteInvalidSchema, 429: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      await throttle(request, request.params.token, 'read');
      return answering(reply, () => getPublicQuote(deps(request), request.params.token));
    },
  );

  r.post(
    '/api/public/quotes/:token/accept',
    {
      config: { access: 'public' },
      bodyLimit: ACCEPT_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Accepts the quote: records the typed name, time, IP, browser and the hash of the quote shown, and confirms the job',
        params: TokenParamsSchema,
        body: AcceptQuoteInputSchema,
        response: { 200: PublicQuoteSchema, ...errors },
      },
    },
    async (request, reply) => {
      await throttle(request, request.params.token, 'answer');
      return answering(reply, () =>
        acceptQuote(deps(request), request.params.token, request.body, {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
        }),
      );
    },
  );

  r.post(
    '/api/public/quotes/:token/decline',
    {
      config: { access: 'public' },
      bodyLimit: DECLINE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Declines the quote, with an optional reason',
        params: TokenParamsSchema,
        body: DeclineQuoteInputSchema,
        response: { 200: PublicQuoteSchema, ...errors },
      },
    },
    async (request, reply) => {
      await throttle(request, request.params.token, 'answer');
      return answering(reply, () => declineQuote(deps(request), request.params.token, request.body.reason));
    },
  );

  r.get(
    '/api/public/quotes/:token/pdf',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The quote as a PDF; once accepted, the signed quote with its acceptance page',
        params: TokenParamsSchema,
      },
    },
    async (request, reply) => {
      await throttle(request, request.params.token, 'read');
      return answering(reply, async () => {
        const pdf = await publicQuotePdf(deps(request), request.params.token);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', 'attachment; filename="quote.pdf"')
          .send(pdf);
      });
    },
  );
}
