import {
  CreateInspectionQuestionInputSchema,
  DeleteOrDeactivateResultSchema,
  InspectionQuestionQuerySchema,
  InspectionQuestionSchema,
  nextSortOrder,
  UpdateInspectionQuestionInputSchema,
} from '@dms/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { InspectionTemplateQuestion } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { IdParamsSchema, showsInactive } from '../../http/list-query';
import { deleteOrDeactivate } from '../../lib/delete-or-deactivate';
import { isUsed, UsageRegistry } from '../../lib/record-hooks';
import {
  createInspectionQuestion,
  deleteInspectionQuestion,
  getInspectionQuestion,
  listInspectionQuestions,
  sortOrdersOfType,
  updateInspectionQuestion,
} from './inspection-questions.repository';

const NOT_FOUND = 'Inspection question not found';

function toQuestion(row: InspectionTemplateQuestion) {
  return {
    id: row.id,
    type: row.type,
    question: row.question,
    category: row.category,
    requiresPhoto: row.requiresPhoto === 1 ? (1 as const) : (0 as const),
    isActive: row.isActive === 1 ? (1 as const) : (0 as const),
    sortOrder: row.sortOrder,
  };
}

/** Pre-departure and end-of-shift question editor (spec 2 §2.7 Ops forms, §5, §7.4). */
/** Records that answered an inspection question (inspections): record-links.ts registers their counters. */
export const inspectionQuestionUsers = new UsageRegistry();

export async function inspectionQuestionsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/inspection-questions',
    {
      config: { access: ['manager', 'driver', 'terminal'] },
      schema: {
        tags: ['ops-forms'],
        summary:
          'Inspection questions by sort order (inactive ones only for managers asking includeInactive=1)',
        querystring: InspectionQuestionQuerySchema,
        response: { 200: z.array(InspectionQuestionSchema) },
      },
    },
    async (request) => {
      const rows = await listInspectionQuestions(app.db, {
        type: request.query.type,
        includeInactive: showsInactive(request, request.query.includeInactive),
      });
      return rows.map(toQuestion);
    },
  );

  routes.post(
    '/api/inspection-questions',
    {
      config: { access: 'manager' },
      schema: {
        tags: ['ops-forms'],
        summary: 'Add a question (without sortOrder it goes after the last one of its type)',
        body: CreateInspectionQuestionInputSchema,
        response: { 201: InspectionQuestionSchema },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const row = await app.db.transaction(async (tx) =>
        createInspectionQuestion(tx, {
          type: input.type,
          question: input.question,
          category: input.category,
          requiresPhoto: input.requiresPhoto,
          isActive: input.isActive ?? 1,
          sortOrder: input.sortOrder ?? nextSortOrder(await sortOrdersOfType(tx, input.type)),
        }),
      );
      return reply.code(201).send(toQuestion(row));
    },
  );

  routes.put(
    '/api/inspection-questions/:id',
    {
      config: { access: 'manager' },
      schema: {
        tags: ['ops-forms'],
        summary: 'Change a question (only the fields sent; isActive 1 brings a deactivated one back)',
        params: IdParamsSchema,
        body: UpdateInspectionQuestionInputSchema,
        response: { 200: InspectionQuestionSchema },
      },
    },
    async (request) => {
      const row = await updateInspectionQuestion(app.db, request.params.id, request.body);
      if (!row) throw new HttpError(404, NOT_FOUND);
      return toQuestion(row);
    },
  );

  routes.delete(
    '/api/inspection-questions/:id',
    {
      config: { access: 'manager' },
      schema: {
        tags: ['ops-forms'],
        summary: 'Delete a question (deactivated instead when a submitted inspection answered it)',
        params: IdParamsSchema,
        response: { 200: DeleteOrDeactivateResultSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      // Inspections keep only the question id: an answered question stays so that they still read.
      return deleteOrDeactivate(app.db, {
        exists: async (tx) => Boolean(await getInspectionQuestion(tx, id)),
        notFound: NOT_FOUND,
        usage: async (tx) =>
          isUsed(await inspectionQuestionUsers.count(tx, id))
            ? 'submitted inspections answered it'
            : undefined,
        deactivate: async (tx) => {
          await updateInspectionQuestion(tx, id, { isActive: 0 });
        },
        delete: (tx) => deleteInspectionQuestion(tx, id),
        deactivatedMessage: (usage) => `Inspection question deactivated: ${usage}`,
        deletedMessage: 'Inspection question deleted successfully',
      });
    },
  );
}
