import {
  ATTENTION_ALREADY_ACKNOWLEDGED,
  ATTENTION_NOT_FOUND,
  type AttentionItem,
  AttentionItemSchema,
  AttentionListSchema,
} from '@dms/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AttentionItemRow } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { IdParamsSchema } from '../../http/list-query';
import { acknowledgeAttentionItem, getAttentionItem, listOpenAttention } from './attention.repository';
import { announceAttentionChange } from './attention.service';

const toItem = (row: AttentionItemRow): AttentionItem => ({
  id: row.id,
  kind: row.kind,
  serious: row.serious === 1,
  title: row.title,
  detail: row.detail,
  raisedAt: row.raisedAt.toISOString(),
});

// The managers' attention list (ADR 28): what is open, and acknowledging an item for everyone.
export async function attentionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['attention'];

  r.get(
    '/api/attention',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary:
          "What needs a manager's attention: open items, newest first (50 at most), and how many are open",
        response: { 200: AttentionListSchema },
      },
    },
    async () => {
      const { items, open } = await listOpenAttention(app.db);
      return { items: items.map(toItem), open };
    },
  );

  r.post(
    '/api/attention/:id/acknowledge',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: "Acknowledge an item: it leaves every manager's list",
        params: IdParamsSchema,
        response: { 200: AttentionItemSchema },
      },
    },
    async (request) => {
      const userId = request.identity.user!.id;
      return app.db.transaction(async (tx) => {
        const row = await acknowledgeAttentionItem(tx, request.params.id, userId, new Date());
        if (!row) {
          const existing = await getAttentionItem(tx, request.params.id);
          if (!existing) throw new HttpError(404, ATTENTION_NOT_FOUND);
          throw new HttpError(409, ATTENTION_ALREADY_ACKNOWLEDGED);
        }
        await announceAttentionChange(tx, row.id);
        return toItem(row);
      });
    },
  );
}
