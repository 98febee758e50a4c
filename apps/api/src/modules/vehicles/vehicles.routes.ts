import {
  DeleteResultSchema,
  pageOf,
  UpdateVehicleInputSchema,
  VehicleInputSchema,
  VehicleListQuerySchema,
  VehicleSchema,
} from '@dms/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/errors';
import { IdParamsSchema, isManager, listPage, showsInactive } from '../../http/list-query';
import { getVehicle, listVehicles } from './vehicles.repository';
import { createVehicle, deleteVehicleById, updateVehicleById, VEHICLE_NOT_FOUND } from './vehicles.service';

// The terminal (clock-in) and driver screens pick from the company's vehicles: reads are open to
// them, but only managers see retired vehicles or change anything.
const READERS = ['manager', 'driver', 'terminal'] as const;

export async function vehiclesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['vehicles'];

  r.get(
    '/api/vehicles',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'Vehicles, by nickname then registration',
        querystring: VehicleListQuerySchema,
        response: { 200: pageOf(VehicleSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      return listPage(q, (window) =>
        listVehicles(app.db, {
          ...window,
          type: q.type,
          categoryId: q.categoryId,
          subcontractorId: q.subcontractorId,
          activeOnly: !showsInactive(request, q.includeInactive),
        }),
      );
    },
  );

  r.get(
    '/api/vehicles/:id',
    {
      config: { access: READERS },
      schema: { tags, params: IdParamsSchema, response: { 200: VehicleSchema } },
    },
    async (request) => {
      const vehicle = await getVehicle(app.db, request.params.id);
      if (!vehicle || (vehicle.isActive !== 1 && !isManager(request)))
        throw new HttpError(404, VEHICLE_NOT_FOUND);
      return vehicle;
    },
  );

  r.post(
    '/api/vehicles',
    {
      config: { access: 'manager' },
      schema: { tags, body: VehicleInputSchema, response: { 201: VehicleSchema } },
    },
    async (request, reply) => reply.code(201).send(await createVehicle(app.db, request.body)),
  );

  r.put(
    '/api/vehicles/:id',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: UpdateVehicleInputSchema,
        response: { 200: VehicleSchema },
      },
    },
    async (request) => updateVehicleById(app.db, request.params.id, request.body),
  );

  r.delete(
    '/api/vehicles/:id',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: 'Delete, or deactivate when jobs, shifts or forms use the vehicle',
        params: IdParamsSchema,
        response: { 200: DeleteResultSchema },
      },
    },
    async (request) => deleteVehicleById(app.db, request.params.id),
  );
}
