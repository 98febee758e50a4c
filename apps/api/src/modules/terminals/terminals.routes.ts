import {
  CreateTerminalInputSchema,
  DEFAULT_TERMINAL_IDLE_MINUTES,
  EnrolTerminalInputSchema,
  MessageSchema,
  TERMINAL_MESSAGES,
  TerminalDeviceSchema,
  TerminalDriverSchema,
  TerminalEnrolmentSchema,
  TerminalLoginInputSchema,
  TerminalSchema,
} from '@dms/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publishLiveEvent } from '../../events/live-events';
import { HttpError } from '../../http/errors';
import { IdParamsSchema } from '../../http/list-query';
import { SESSION_COOKIE_PATH } from '../../http/session-cookie';
import { endTerminalSignIn } from '../../http/terminal-session';
import { enforceThrottle } from '../../http/throttle';
import { setPinLock } from '../users';
import { clearPinFailures, getTerminal, listTerminals, revokeTerminal } from './terminals.repository';
import {
  createTerminal,
  deviceTerminal,
  enrolDevice,
  issueEnrolmentCode,
  signInWithPin,
  TERMINAL_NOT_FOUND,
  toTerminal,
} from './terminals.service';

/** The device credential: HttpOnly, sent only to the API, kept for years (a depot tablet stays put). */
export const TERMINAL_COOKIE = 'dms_terminal';
const TERMINAL_COOKIE_MAX_AGE_S = 5 * 365 * 24 * 60 * 60;

// Enrolment codes are 8 characters of a 31-letter alphabet and live 15 minutes; this keeps guessing
// them hopeless.
const ENROL_THROTTLE = { name: 'terminal-enrol', limit: 10, windowMs: 15 * 60 * 1000 };

export async function terminalsRoutes(
  app: FastifyInstance,
  options: { enrolmentKey: string },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['terminal'];
  const https = app.config.publicUrl.startsWith('https:');
  const device = (request: FastifyRequest) => deviceTerminal(app.db, request.cookies[TERMINAL_COOKIE]);
  const setDeviceCookie = (reply: FastifyReply, credential: string) =>
    reply.setCookie(TERMINAL_COOKIE, credential, {
      path: SESSION_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: https,
      maxAge: TERMINAL_COOKIE_MAX_AGE_S,
    });

  r.get(
    '/api/terminals',
    { config: { access: 'manager' }, schema: { tags, response: { 200: z.array(TerminalSchema) } } },
    async () => (await listTerminals(app.db)).map((row) => toTerminal(row)),
  );

  r.post(
    '/api/terminals',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: 'Add a terminal: answers its one-time enrolment code (15 minutes)',
        body: CreateTerminalInputSchema,
        response: { 201: TerminalEnrolmentSchema },
      },
    },
    async (request, reply) => {
      const { id, code } = await createTerminal(
        app.db,
        request.body.name,
        request.identity.user?.id ?? null,
        options.enrolmentKey,
      );
      const row = (await getTerminal(app.db, id))!;
      return reply.code(201).send({ ...toTerminal(row), enrolmentCode: code });
    },
  );

  r.post(
    '/api/terminals/:id/enrolment-code',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: 'A new one-time enrolment code for a terminal (a replaced device)',
        params: IdParamsSchema,
        response: { 200: TerminalEnrolmentSchema },
      },
    },
    async (request) => {
      const code = await issueEnrolmentCode(app.db, request.params.id, options.enrolmentKey);
      const row = (await getTerminal(app.db, request.params.id))!;
      return { ...toTerminal(row), enrolmentCode: code };
    },
  );

  r.delete(
    '/api/terminals/:id',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: 'Revoke: its device and sessions stop at once',
        params: IdParamsSchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      if (!(await revokeTerminal(app.db, request.params.id, new Date())))
        throw new HttpError(404, TERMINAL_NOT_FOUND);
      return { message: 'Terminal revoked' };
    },
  );

  r.get(
    '/api/terminal/device',
    { config: { access: 'public' }, schema: { tags, response: { 200: TerminalDeviceSchema } } },
    async (request) => {
      const terminal = await device(request);
      return { enrolled: Boolean(terminal), name: terminal?.name ?? null };
    },
  );

  r.post(
    '/api/terminal/enrol',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Enrols this browser as a terminal with a manager's code",
        body: EnrolTerminalInputSchema,
        response: { 200: TerminalDeviceSchema },
      },
    },
    async (request, reply) => {
      await enforceThrottle(app.db, ENROL_THROTTLE, request.ip);
      const enrolled = await enrolDevice(app.db, request.body.code, options.enrolmentKey);
      setDeviceCookie(reply, enrolled.credential);
      return { enrolled: true, name: enrolled.name };
    },
  );

  r.post(
    '/api/terminal/login',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'PIN sign-in at an enrolled terminal: answers the driver (spec 1 §7)',
        body: TerminalLoginInputSchema,
        response: { 200: TerminalDriverSchema },
      },
    },
    async (request) => {
      const terminal = await device(request);
      if (!terminal) throw new HttpError(403, TERMINAL_MESSAGES.notEnrolled);
      const driver = await signInWithPin(
        {
          db: app.db,
          mailer: app.mailer,
          publicUrl: app.config.publicUrl,
          timeZone: app.config.timezone,
          log: request.log,
          pinKey: app.pinKey,
        },
        terminal.id,
        request.body.driverNumber,
      );
      // A new session id at every sign-in; a portal user signed in on this browser stays signed in.
      const userId = request.session.userId;
      await request.session.regenerate();
      if (userId) request.session.userId = userId;
      request.session.terminalDriverId = driver.id;
      request.session.terminalId = terminal.id;
      request.session.terminalIdleMs = (driver.idleMinutes ?? DEFAULT_TERMINAL_IDLE_MINUTES) * 60_000;
      request.session.terminalActiveAt = Date.now();
      request.session.refreshedAt = Date.now();
      request.session.signedInAt ??= Date.now();
      return driver;
    },
  );

  r.post(
    '/api/terminal/logout',
    { config: { access: 'public' }, schema: { tags, response: { 200: MessageSchema } } },
    async (request) => {
      if (request.session?.terminalDriverId) endTerminalSignIn(request.session);
      return { message: 'Signed out of the terminal' };
    },
  );

  r.post(
    '/api/terminal/activity',
    {
      config: { access: 'terminal' },
      schema: {
        tags,
        summary:
          'The driver at the terminal is still there (a touch): the idle sign-out counts again from now',
        response: { 200: z.object({ idleMinutes: z.number().int() }) },
      },
    },
    async (request) => {
      request.session.terminalActiveAt = Date.now();
      return { idleMinutes: Math.round((request.session.terminalIdleMs ?? 0) / 60_000) };
    },
  );

  r.post(
    '/api/terminals/:id/reset-pins',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: "Clear a terminal's wrong PINs of the last hour: it takes PINs again at once",
        params: IdParamsSchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      if (!(await clearPinFailures(app.db, request.params.id))) throw new HttpError(404, TERMINAL_NOT_FOUND);
      await publishLiveEvent(app.db, {
        type: 'terminals.changed',
        roles: ['manager'],
        payload: { terminalId: request.params.id },
      });
      return { message: 'Terminal reset' };
    },
  );

  r.post(
    '/api/drivers/:id/unlock-pin',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: 'Unlock a PIN locked at the terminal',
        params: IdParamsSchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      if (!(await setPinLock(app.db, request.params.id, null))) throw new HttpError(404, 'Driver not found');
      return { message: 'PIN unlocked' };
    },
  );
}
