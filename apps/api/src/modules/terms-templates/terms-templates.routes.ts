import {
  DeleteOrDeactivateResultSchema,
  TermsTemplateInputSchema,
  TermsTemplateSchema,
  UpdateTermsTemplateInputSchema,
} from '@dms/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TermsTemplate as TermsTemplateRow } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { IdParamsSchema } from '../../http/list-query';
import { deleteOrDeactivate } from '../../lib/delete-or-deactivate';
import { isUsed, UsageRegistry } from '../../lib/record-hooks';
import { hasVisibleText, sanitizeRichText } from '../../lib/sanitize-rich-text';
import {
  clearDefaultTermsTemplate,
  createTermsTemplate,
  deleteTermsTemplate,
  getDefaultTermsTemplate,
  getTermsTemplate,
  listTermsTemplates,
  lockTermsTemplates,
  updateTermsTemplate,
} from './terms-templates.repository';

const CONTENT_REQUIRED = 'Template content is required';
const NOT_FOUND = 'Template not found';

function toTermsTemplate(row: TermsTemplateRow) {
  return {
    id: row.id,
    name: row.name,
    content: row.content,
    isDefault: row.isDefault === 1 ? (1 as const) : (0 as const),
    isActive: row.isActive === 1 ? (1 as const) : (0 as const),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Sanitised rich text, refused like an empty field when nothing visible is left. */
function cleanContent(html: string): string {
  const clean = sanitizeRichText(html);
  if (!hasVisibleText(clean)) {
    throw new HttpError(400, CONTENT_REQUIRED, [{ path: 'content', message: CONTENT_REQUIRED }]);
  }
  return clean;
}

/** Terms and conditions templates (spec 2 §2.7 Documents, §3.2, §7.3). */
/** Records written with a terms template (jobs): record-links.ts registers their counters. */
export const termsTemplateUsers = new UsageRegistry();

export async function termsTemplatesRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/terms-templates',
    {
      config: { access: 'manager' },
      schema: {
        tags: ['settings'],
        summary: 'Active terms templates, the default first, then by name',
        response: { 200: z.array(TermsTemplateSchema) },
      },
    },
    async () => (await listTermsTemplates(app.db)).map(toTermsTemplate),
  );

  routes.get(
    '/api/terms-templates/default',
    {
      config: { access: 'manager' },
      schema: {
        tags: ['settings'],
        summary: 'The default terms template (404 when there is none)',
        response: { 200: TermsTemplateSchema },
      },
    },
    async () => {
      const row = await getDefaultTermsTemplate(app.db);
      if (!row) throw new HttpError(404, 'No default template');
      return toTermsTemplate(row);
    },
  );

  routes.post(
    '/api/terms-templates',
    {
      config: { access: 'manager' },
      schema: {
        tags: ['settings'],
        summary: 'Create a terms template (content is sanitised HTML)',
        body: TermsTemplateInputSchema,
        response: { 201: TermsTemplateSchema },
      },
    },
    async (request, reply) => {
      const { name, isDefault } = request.body;
      const content = cleanContent(request.body.content);
      const row = await app.db.transaction(async (tx) => {
        if (isDefault === 1) {
          await lockTermsTemplates(tx);
          await clearDefaultTermsTemplate(tx);
        }
        return createTermsTemplate(tx, { name, content, isDefault, createdBy: request.identity.user!.id });
      });
      return reply.code(201).send(toTermsTemplate(row));
    },
  );

  routes.patch(
    '/api/terms-templates/:id',
    {
      config: { access: 'manager' },
      schema: {
        tags: ['settings'],
        summary: 'Change a terms template (only the fields sent)',
        params: IdParamsSchema,
        body: UpdateTermsTemplateInputSchema,
        response: { 200: TermsTemplateSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { name, isDefault } = request.body;
      const content = request.body.content === undefined ? undefined : cleanContent(request.body.content);
      const row = await app.db.transaction(async (tx) => {
        if (isDefault === 1) {
          await lockTermsTemplates(tx);
          if (!(await getTermsTemplate(tx, id))) return undefined;
          await clearDefaultTermsTemplate(tx, id);
        }
        return updateTermsTemplate(tx, id, {
          ...(name !== undefined ? { name } : {}),
          ...(content !== undefined ? { content } : {}),
          ...(isDefault !== undefined ? { isDefault } : {}),
        });
      });
      if (!row) throw new HttpError(404, NOT_FOUND);
      return toTermsTemplate(row);
    },
  );

  routes.delete(
    '/api/terms-templates/:id',
    {
      config: { access: 'manager' },
      schema: {
        tags: ['settings'],
        summary: 'Delete a terms template (deactivated instead when jobs were written with it)',
        params: IdParamsSchema,
        response: { 200: DeleteOrDeactivateResultSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      // Jobs keep their own copy of the text; the link to a used template stays for the record.
      return deleteOrDeactivate(app.db, {
        exists: async (tx) => Boolean(await getTermsTemplate(tx, id)),
        notFound: NOT_FOUND,
        usage: async (tx) =>
          isUsed(await termsTemplateUsers.count(tx, id)) ? 'jobs were written with it' : undefined,
        deactivate: async (tx) => {
          await updateTermsTemplate(tx, id, { isActive: 0, isDefault: 0 });
        },
        delete: (tx) => deleteTermsTemplate(tx, id),
        deactivatedMessage: () => 'Template deleted successfully',
        deletedMessage: 'Template deleted successfully',
      });
    },
  );
}
