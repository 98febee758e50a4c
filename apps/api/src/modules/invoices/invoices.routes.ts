import {
  AgedReceivablesSchema,
  BulkInvoiceInputSchema,
  BulkInvoiceResultSchema,
  boundedPageOf,
  CreateInvoiceInputSchema,
  centsOf,
  dateInZone,
  fromCents,
  INVOICE_NOT_FOUND,
  InvoiceExportQuerySchema,
  InvoiceListQuerySchema,
  InvoiceSchema,
  InvoiceSettingsInputSchema,
  InvoiceSettingsSchema,
  InvoiceSummarySchema,
  JobInvoicesSchema,
  MessageSchema,
  PaymentInputSchema,
  ReasonInputSchema,
  UpdateInvoiceInputSchema,
} from '@dms/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { HttpError } from '../../http/errors';
import { boundedPageText, sendJsonText } from '../../http/json-text';
import { IdParamsSchema } from '../../http/list-query';
import { invoiceMail } from '../../mail/invoice-templates';
import { getDocumentSettings } from '../document-settings';
import { getAppSettings, operatorFormatters } from '../settings';
import {
  agedReceivables,
  agedReceivablesCsv,
  myobCsv,
  myobPaymentsCsv,
  xeroCsv,
  xeroPaymentsCsv,
} from './invoice-exports';
import { invoiceFileName, invoicePdf } from './invoice-pdf';
import {
  exportInvoices,
  exportPayments,
  getInvoice,
  getInvoiceSettings,
  getInvoiceSummaries,
  listInvoices,
  listInvoicesText,
  markSent,
  openBalances,
} from './invoices.repository';
import {
  type Actor,
  createInvoiceFromJob,
  creditInvoice,
  deleteInvoice,
  invoiceCompletedJobs,
  issueInvoice,
  recordPayment,
  removePaymentWithReason,
  saveSettings,
  updateInvoice,
} from './invoices.service';

// The page's JSON text as ADR 40 checks it outside production: built once, not on each request.
const INVOICE_PAGE_TEXT = boundedPageOf(InvoiceSummarySchema.strict()).strict();

const PaymentParamsSchema = IdParamsSchema.extend({ paymentId: IdParamsSchema.shape.id });

// Invoices are money owed to the operator: every route is for managers only.
export async function invoicesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['invoices'];
  const access = 'manager' as const;
  const today = () => dateInZone(new Date(), app.config.timezone);
  const actor = (request: FastifyRequest): Actor => ({
    userId: request.identity.user?.id ?? null,
    today: today(),
  });
  const format = () => operatorFormatters(app.db, app.config.timezone);
  const found = async (id: string) => {
    const invoice = await getInvoice(app.db, id, today());
    if (!invoice) throw new HttpError(404, INVOICE_NOT_FOUND);
    return invoice;
  };

  r.get(
    '/api/invoices',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Invoices and credit notes, newest first; q searches number, customer and job number',
        querystring: InvoiceListQuerySchema,
        response: { 200: boundedPageOf(InvoiceSummarySchema) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const page = await listInvoicesText(app.db, {
        search: q.q || q.search || undefined,
        status: q.status,
        kind: q.kind,
        customerId: q.customerId,
        jobId: q.jobId,
        from: q.from,
        to: q.to,
        limit: q.limit,
        offset: q.offset,
        today: today(),
        timeZone: app.config.timezone,
      });
      return sendJsonText(
        reply as FastifyReply,
        boundedPageText(page, q),
        INVOICE_PAGE_TEXT,
        app.config.production,
      );
    },
  );

  r.get(
    '/api/invoices/settings',
    { config: { access }, schema: { tags, response: { 200: InvoiceSettingsSchema } } },
    async () => getInvoiceSettings(app.db),
  );

  r.put(
    '/api/invoices/settings',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Numbering, payment terms, deposit, reminders, bank details and export codes',
        body: InvoiceSettingsInputSchema,
        response: { 200: InvoiceSettingsSchema },
      },
    },
    async (request) => {
      await saveSettings(app.db, request.body, request.identity.user?.id ?? null);
      return getInvoiceSettings(app.db);
    },
  );

  r.post(
    '/api/invoices/bulk',
    {
      config: { access },
      schema: {
        tags,
        summary: 'A draft invoice for every completed job without one, for a customer and/or service dates',
        body: BulkInvoiceInputSchema,
        response: { 201: BulkInvoiceResultSchema },
      },
    },
    async (request, reply) => {
      const ids = await invoiceCompletedJobs(app.db, request.body, actor(request));
      return reply
        .code(201)
        .send({ created: ids.length, invoices: await getInvoiceSummaries(app.db, ids, today()) });
    },
  );

  r.get(
    '/api/jobs/:id/invoices',
    {
      config: { access },
      schema: {
        tags,
        summary: "A job's invoices and what it owes",
        params: IdParamsSchema,
        response: { 200: JobInvoicesSchema },
      },
    },
    async (request) => {
      const { items } = await listInvoices(app.db, {
        jobId: request.params.id,
        limit: 100,
        offset: 0,
        today: today(),
        timeZone: app.config.timezone,
      });
      return { items, totals: balanceOf(items) };
    },
  );

  r.post(
    '/api/jobs/:id/invoices',
    {
      config: { access },
      schema: {
        tags,
        summary: "A draft final or deposit invoice from the job's pricing",
        params: IdParamsSchema,
        body: CreateInvoiceInputSchema,
        response: { 201: InvoiceSchema },
      },
    },
    async (request, reply) => {
      const id = await createInvoiceFromJob(
        app.db,
        request.params.id,
        request.body,
        actor(request),
        await format(),
      );
      return reply.code(201).send(await found(id));
    },
  );

  r.get(
    '/api/invoices/:id',
    { config: { access }, schema: { tags, params: IdParamsSchema, response: { 200: InvoiceSchema } } },
    async (request) => found(request.params.id),
  );

  r.put(
    '/api/invoices/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: "A draft's lines, notes and due date (an issued invoice answers 409)",
        params: IdParamsSchema,
        body: UpdateInvoiceInputSchema,
        response: { 200: InvoiceSchema },
      },
    },
    async (request) => {
      await updateInvoice(app.db, request.params.id, request.body);
      return found(request.params.id);
    },
  );

  r.delete(
    '/api/invoices/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Delete a draft (an issued invoice answers 409: void it with a credit note)',
        params: IdParamsSchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      await deleteInvoice(app.db, request.params.id);
      return { message: 'Draft invoice deleted' };
    },
  );

  r.post(
    '/api/invoices/:id/issue',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Fix the number, date, due date and lines',
        params: IdParamsSchema,
        response: { 200: InvoiceSchema },
      },
    },
    async (request) => {
      await issueInvoice(app.db, request.params.id, actor(request));
      return found(request.params.id);
    },
  );

  r.post(
    '/api/invoices/:id/payments',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Record a payment; more than the balance is refused',
        params: IdParamsSchema,
        body: PaymentInputSchema,
        response: { 201: InvoiceSchema },
      },
    },
    async (request, reply) => {
      await recordPayment(app.db, request.params.id, request.body, actor(request), await format());
      return reply.code(201).send(await found(request.params.id));
    },
  );

  r.post(
    '/api/invoices/:id/payments/:paymentId/remove',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Remove a payment, with a reason kept in the history',
        params: PaymentParamsSchema,
        body: ReasonInputSchema,
        response: { 200: InvoiceSchema },
      },
    },
    async (request) => {
      const { id, paymentId } = request.params;
      await removePaymentWithReason(app.db, id, paymentId, request.body.reason, actor(request));
      return found(id);
    },
  );

  r.post(
    '/api/invoices/:id/credit-note',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Void an issued invoice with a credit note of its own number; answers the credit note',
        params: IdParamsSchema,
        body: ReasonInputSchema,
        response: { 201: InvoiceSchema },
      },
    },
    async (request, reply) => {
      const creditId = await creditInvoice(app.db, request.params.id, request.body.reason, actor(request));
      return reply.code(201).send(await found(creditId));
    },
  );

  r.get(
    '/api/invoices/:id/pdf',
    {
      config: { access },
      schema: { tags, summary: 'The invoice or credit note as a PDF', params: IdParamsSchema },
    },
    async (request, reply) => {
      const invoice = await found(request.params.id);
      const pdf = await invoicePdf(app, invoice);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${invoiceFileName(invoice)}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  r.post(
    '/api/invoices/:id/send',
    {
      config: { access },
      schema: {
        tags,
        summary: "Mail the PDF to the customer's billing email, through the mail queue",
        params: IdParamsSchema,
        response: { 200: InvoiceSchema },
      },
    },
    async (request) => {
      const invoice = await found(request.params.id);
      if (invoice.state === 'draft') throw new HttpError(409, 'Issue the invoice before sending it');
      if (!invoice.billingEmail)
        throw new HttpError(409, 'The customer has no email address: add a billing email to the customer');
      const [pdf, settings, invoiceSettings, f] = await Promise.all([
        invoicePdf(app, invoice),
        getDocumentSettings(app.db),
        getInvoiceSettings(app.db),
        format(),
      ]);
      const credit = invoice.kind === 'credit_note';
      const mail = invoiceMail({
        companyName: settings.companyName?.trim() || 'Coach Services',
        customerName: invoice.customerName,
        documentName: credit ? 'Credit note' : 'Tax invoice',
        number: invoice.number!,
        total: f.jobMoney(Math.abs(invoice.total), invoice.currency),
        balance: credit || invoice.balance <= 0 ? null : f.jobMoney(invoice.balance, invoice.currency),
        dueDate: invoice.dueDate ? f.serviceDate(invoice.dueDate) : null,
        paymentTermsText: credit ? null : invoiceSettings.paymentTermsText,
        bankDetails: credit ? null : invoiceSettings.bankDetails,
      });
      await app.mailer.send({
        to: invoice.billingEmail,
        ...mail,
        attachments: [
          {
            filename: invoiceFileName(invoice),
            content: pdf.toString('base64'),
            encoding: 'base64',
            contentType: 'application/pdf',
          },
        ],
      });
      await markSent(app.db, invoice.id, new Date());
      return found(invoice.id);
    },
  );

  r.get(
    '/api/invoices/export.csv',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Issued invoices and credit notes in the Xero or MYOB sales import layout, one row per line',
        querystring: InvoiceExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { format: kind, from, to } = request.query;
      const [rows, settings] = await Promise.all([
        exportInvoices(app.db, { from: from ?? null, to: to ?? null }),
        getInvoiceSettings(app.db),
      ]);
      const csv = kind === 'xero' ? xeroCsv(rows, settings) : myobCsv(rows, settings);
      const span = [from, to].filter(Boolean).join('-to-') || 'all';
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="invoices-${kind}-${span}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  r.get(
    '/api/invoices/payments-export.csv',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Payments received (not removed) by payment date: Xero bank statement lines or MYOB Receive Payments',
        querystring: InvoiceExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { format: kind, from, to } = request.query;
      const [rows, settings] = await Promise.all([
        exportPayments(app.db, { from: from ?? null, to: to ?? null }),
        getInvoiceSettings(app.db),
      ]);
      const csv =
        kind === 'xero' ? xeroPaymentsCsv(rows) : myobPaymentsCsv(rows, settings.myobDepositAccount);
      const span = [from, to].filter(Boolean).join('-to-') || 'all';
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="payments-${kind}-${span}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  const aged = async () => {
    const branding = await getAppSettings(app.db, app.config.timezone);
    return agedReceivables(await openBalances(app.db), today(), branding.currency);
  };

  r.get(
    '/api/reports/aged-receivables',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Unpaid balances by customer: current, 1-30, 31-60, 61-90 and over 90 days past due',
        response: { 200: AgedReceivablesSchema },
      },
    },
    async () => aged(),
  );

  r.get(
    '/api/reports/aged-receivables.csv',
    { config: { access }, schema: { tags, summary: 'The aged receivables as CSV' } },
    async (_request, reply) => {
      const report = await aged();
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="aged-receivables-${report.asOf}.csv"`)
        .header('cache-control', 'no-store')
        .send(agedReceivablesCsv(report));
    },
  );
}

/** What a set of invoices comes to: invoiced (issued, not credited), paid, owed and overdue. */
function balanceOf(items: z.infer<typeof InvoiceSummarySchema>[]) {
  const sum = { invoiced: 0, paid: 0, balance: 0, overdue: 0 };
  for (const i of items) {
    if (i.state !== 'issued' || i.kind === 'credit_note') continue;
    sum.invoiced += centsOf(i.total);
    sum.paid += centsOf(i.amountPaid);
    sum.balance += centsOf(i.balance);
    if (i.status === 'overdue') sum.overdue += centsOf(i.balance);
  }
  return {
    invoiced: fromCents(sum.invoiced),
    paid: fromCents(sum.paid),
    balance: fromCents(sum.balance),
    overdue: fromCents(sum.overdue),
  };
}
