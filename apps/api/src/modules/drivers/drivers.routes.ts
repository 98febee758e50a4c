import {
  ChangeOwnPinInputSchema,
  CreateDriverInputSchema,
  CreatedDriverSchema,
  DRIVER_MESSAGES,
  DriverSchema,
  ListQuerySchema,
  MessageSchema,
  pageOf,
  UpdateDriverInputSchema,
  UpdateRolesInputSchema,
  UserListQuerySchema,
} from '@dms/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParamsSchema, listPage, refusesInactive } from '../../http/list-query';
import { enforceThrottle } from '../../http/throttle';
import { hoursSummaries, loadHoursContext } from '../driver-hours';
import { listUsers } from '../users';
import { changeOwnPin, createDriverAccount, updateDriver, updateUserRoles } from './drivers.service';

// Accounts are for managers only: a driver never sees another driver's details.
const access = 'manager' as const;
/** A driver may choose their own PIN a few times a day (each refusal says another driver has it). */
const OWN_PIN_THROTTLE = { name: 'own-pin', limit: 5, windowMs: 24 * 60 * 60 * 1000 };

/** The signed-in manager (access control has already refused everyone else). */
const actorId = (request: FastifyRequest) => request.identity.user!.id;

export async function driversRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['drivers'];

  r.get(
    '/api/drivers',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Holders of the driver role by name; inactive ones too unless includeInactive=0',
        querystring: ListQuerySchema,
        response: { 200: pageOf(DriverSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await listPage(q, (window) =>
        listUsers(app.db, { ...window, role: 'driver', activeOnly: refusesInactive(q.includeInactive) }),
      );
      const hours = await hoursSummaries(
        app.db,
        await loadHoursContext(app.db, app.config.timezone),
        page.items.map((d) => d.id),
      );
      return { ...page, items: page.items.map((d) => ({ ...d, hours: hours.get(d.id) })) };
    },
  );

  r.post(
    '/api/drivers',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Add a driver; they get an email with a link to set their password',
        body: CreateDriverInputSchema,
        response: { 201: CreatedDriverSchema },
      },
    },
    async (request, reply) => {
      const deps = {
        db: app.db,
        mailer: app.mailer,
        publicUrl: app.config.publicUrl,
        log: request.log,
        pinKey: app.pinKey,
      };
      return reply.code(201).send(await createDriverAccount(deps, request.body));
    },
  );

  r.put(
    '/api/drivers/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Edit a driver, or activate/deactivate (deactivation signs them out everywhere)',
        params: IdParamsSchema,
        body: UpdateDriverInputSchema,
        response: { 200: DriverSchema },
      },
    },
    async (request) => updateDriver(app.db, app.pinKey, actorId(request), request.params.id, request.body),
  );

  r.get(
    '/api/users',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Accounts by name, optionally of one role; inactive ones too unless includeInactive=0',
        querystring: UserListQuerySchema,
        response: { 200: pageOf(DriverSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      return listPage(q, (window) =>
        listUsers(app.db, { ...window, role: q.role, activeOnly: refusesInactive(q.includeInactive) }),
      );
    },
  );

  r.put(
    '/api/users/:id/roles',
    {
      config: { access },
      schema: {
        tags,
        params: IdParamsSchema,
        body: UpdateRolesInputSchema,
        response: { 200: DriverSchema },
      },
    },
    async (request) => updateUserRoles(app.db, actorId(request), request.params.id, request.body.roles),
  );

  r.put(
    '/api/user/pin',
    {
      config: { access: 'driver' },
      schema: {
        tags,
        summary:
          'A driver chooses their own terminal PIN (and unlocks it, when the terminal locked the old one)',
        body: ChangeOwnPinInputSchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      // Each refused PIN would tell that another driver has it: a few tries a day, no more.
      await enforceThrottle(app.db, OWN_PIN_THROTTLE, request.identity.user!.id);
      await changeOwnPin(app.db, app.pinKey, request.identity.user!.id, request.body.pin);
      return { message: DRIVER_MESSAGES.pinChanged };
    },
  );
}
