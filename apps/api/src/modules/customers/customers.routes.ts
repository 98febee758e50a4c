import {
  ContactInputSchema,
  ContactSchema,
  ContactWithCustomerSchema,
  CustomerInputSchema,
  CustomerListItemSchema,
  CustomerListQuerySchema,
  CustomerSchema,
  CustomerSearchQuerySchema,
  CustomerSearchResultSchema,
  DeleteResultSchema,
  dateInZone,
  ListQuerySchema,
  MessageSchema,
  pageOf,
  rankCustomers,
  UpdateCustomerInputSchema,
} from '@dms/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/errors';
import { IdParamsSchema, listPage, wantsInactive } from '../../http/list-query';
import {
  customerExists,
  customerSearchCandidates,
  getContact,
  getCustomer,
  insertContact,
  insertCustomer,
  listAllContacts,
  listContacts,
  listCustomers,
  updateContact,
} from './customers.repository';
import {
  archiveCustomer,
  CONTACT_NOT_FOUND,
  CUSTOMER_NOT_FOUND,
  customerBalances,
  deleteContactById,
  updateCustomerById,
} from './customers.service';

// Ranked in memory: the search reads at most this many matches, then keeps the best.
const SEARCH_CANDIDATES = 200;

// Customer data (and the revenue on it) is for the office: every route is manager-only.
export async function customersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['customers'];
  const access = 'manager' as const;

  r.get(
    '/api/customers',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Customers by company name; search covers company name, email, phone and contact names',
        querystring: CustomerListQuerySchema,
        response: { 200: pageOf(CustomerListItemSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await listPage(q, (window) =>
        listCustomers(app.db, { ...window, type: q.type, activeOnly: !wantsInactive(q.includeInactive) }),
      );
      const owes = await customerBalances.run(
        app.db,
        page.items.map((c) => c.id),
        dateInZone(new Date(), app.config.timezone),
      );
      return {
        ...page,
        items: page.items.map((c) => ({ ...c, owes: owes.get(c.id) ?? { outstanding: 0, overdue: 0 } })),
      };
    },
  );

  r.get(
    '/api/customers/search',
    {
      config: { access },
      schema: {
        tags,
        summary:
          "The job form's customer search: active customers with their contacts, best match first (spec 2 §9)",
        querystring: CustomerSearchQuerySchema,
        response: { 200: CustomerSearchResultSchema },
      },
    },
    async (request) => {
      const { search, limit } = request.query;
      const term = search ?? '';
      const candidates = await customerSearchCandidates(app.db, term, term ? SEARCH_CANDIDATES : limit);
      return { items: (term ? rankCustomers(candidates, term) : candidates).slice(0, limit) };
    },
  );

  r.get(
    '/api/customers/contacts/all',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Active contacts of active customers',
        querystring: ListQuerySchema,
        response: { 200: pageOf(ContactWithCustomerSchema) },
      },
    },
    async (request) => listPage(request.query, (window) => listAllContacts(app.db, window)),
  );

  r.get(
    '/api/customers/:id',
    { config: { access }, schema: { tags, params: IdParamsSchema, response: { 200: CustomerSchema } } },
    async (request) => {
      const customer = await getCustomer(app.db, request.params.id);
      if (!customer) throw new HttpError(404, CUSTOMER_NOT_FOUND);
      return customer;
    },
  );

  r.post(
    '/api/customers',
    { config: { access }, schema: { tags, body: CustomerInputSchema, response: { 201: CustomerSchema } } },
    async (request, reply) => {
      const id = await insertCustomer(app.db, request.body);
      return reply.code(201).send((await getCustomer(app.db, id))!);
    },
  );

  r.put(
    '/api/customers/:id',
    {
      config: { access },
      schema: {
        tags,
        params: IdParamsSchema,
        body: UpdateCustomerInputSchema,
        response: { 200: CustomerSchema },
      },
    },
    async (request) => updateCustomerById(app.db, request.params.id, request.body),
  );

  r.delete(
    '/api/customers/:id',
    {
      config: { access },
      schema: { tags, summary: 'Archive', params: IdParamsSchema, response: { 200: MessageSchema } },
    },
    async (request) => archiveCustomer(app.db, request.params.id),
  );

  r.get(
    '/api/customers/:id/contacts',
    {
      config: { access },
      schema: {
        tags,
        summary: "A customer's contacts by name (active only unless includeInactive=1)",
        params: IdParamsSchema,
        querystring: ListQuerySchema,
        response: { 200: pageOf(ContactSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const q = request.query;
      if (!(await customerExists(app.db, id))) throw new HttpError(404, CUSTOMER_NOT_FOUND);
      return listPage(q, (window) =>
        listContacts(app.db, id, { ...window, activeOnly: !wantsInactive(q.includeInactive) }),
      );
    },
  );

  r.post(
    '/api/customers/:id/contacts',
    {
      config: { access },
      schema: { tags, params: IdParamsSchema, body: ContactInputSchema, response: { 201: ContactSchema } },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await customerExists(app.db, id))) throw new HttpError(404, CUSTOMER_NOT_FOUND);
      const contactId = await insertContact(app.db, id, request.body);
      return reply.code(201).send((await getContact(app.db, contactId))!);
    },
  );

  r.put(
    '/api/contacts/:id',
    {
      config: { access },
      schema: { tags, params: IdParamsSchema, body: ContactInputSchema, response: { 200: ContactSchema } },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await updateContact(app.db, id, request.body))) throw new HttpError(404, CONTACT_NOT_FOUND);
      return (await getContact(app.db, id))!;
    },
  );

  r.delete(
    '/api/contacts/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Delete, or deactivate when jobs name the contact',
        params: IdParamsSchema,
        response: { 200: DeleteResultSchema },
      },
    },
    async (request) => deleteContactById(app.db, request.params.id),
  );
}
