import {
  ClearDefectInputSchema,
  DEFECT_MESSAGES,
  DefectListQuerySchema,
  pageOf,
  VehicleDefectSchema,
} from '@dms/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/errors';
import { IdParamsSchema, listPage } from '../../http/list-query';
import { clearDefect, getDefect, listDefects } from './vehicle-defects.repository';

export async function vehicleDefectsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['vehicle defects'];

  r.get(
    '/api/vehicle-defects',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: 'Open defects newest first (status=open), or cleared ones (status=cleared)',
        querystring: DefectListQuerySchema,
        response: { 200: pageOf(VehicleDefectSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      return listPage(q, (w) =>
        listDefects(app.db, { status: q.status, vehicleId: q.vehicleId, limit: w.limit, offset: w.offset }),
      );
    },
  );

  r.post(
    '/api/vehicle-defects/:id/clear',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: 'Clear an open defect with a repair note; the vehicle can be taken out again',
        params: IdParamsSchema,
        body: ClearDefectInputSchema,
        response: { 200: VehicleDefectSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const cleared = await clearDefect(app.db, id, {
        clearedBy: request.identity.user!.id,
        repairNote: request.body.repairNote,
        clearedAt: new Date(),
      });
      const defect = await getDefect(app.db, id);
      if (!defect) throw new HttpError(404, DEFECT_MESSAGES.notFound);
      if (!cleared) throw new HttpError(409, DEFECT_MESSAGES.alreadyCleared);
      return defect;
    },
  );
}
