import {
  type BulkInvoiceInputSchema,
  balanceCents,
  type CreateInvoiceInputSchema,
  depositDeduction,
  depositGrossCents,
  depositLineCents,
  documentNumber,
  dueDateFor,
  type Formatters,
  INVOICE_CHANGED_MESSAGE,
  INVOICE_ISSUED_MESSAGE,
  INVOICE_NEGATIVE_MESSAGE,
  INVOICE_NOT_FOUND,
  type InvoiceSettingsInputSchema,
  type Job,
  type JobStatus,
  type LineInput,
  linesFromJob,
  type PaymentInputSchema,
  paymentFits,
  toCents,
  type UpdateInvoiceInputSchema,
} from '@dms/domain';
import type { z } from 'zod';
import type { Database, Db } from '../../db/client';
import type { InvoiceRow } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { getJob, JOB_NOT_FOUND } from '../jobs';
import {
  customerBilling,
  deleteDraft,
  insertInvoice,
  insertPayment,
  lineInputs,
  liveInvoicesOfJob,
  lockInvoice,
  lockInvoiceSettings,
  markIssued,
  markVoid,
  numberTaken,
  removePayment,
  type SettingsValues,
  saveInvoiceSettings,
  takeNumber,
  uninvoicedCompletedJobs,
  updateDraft,
  writeLines,
} from './invoices.repository';

// The rules of invoices that span several rows: numbering, immutability, deposits, payments and
// credit notes (issue 25, ADR 30). Every change is one transaction.

const INVOICEABLE: readonly JobStatus[] = ['confirmed', 'assigned', 'in_progress', 'completed'];
const DEPOSITABLE: readonly JobStatus[] = ['confirmed', 'assigned', 'in_progress'];

export const NOT_INVOICEABLE_MESSAGE =
  'Only a confirmed, assigned, in-progress or completed job can be invoiced';
export const NOT_DEPOSITABLE_MESSAGE =
  'A deposit invoice is raised from a confirmed job, before it is completed';
export const NO_CUSTOMER_MESSAGE = "Choose the job's customer before invoicing it";
export const NOTHING_TO_ISSUE_MESSAGE = 'There is nothing to invoice: the total is 0';
export const PAYMENT_NOT_FOUND = 'Payment not found';

export interface Actor {
  userId: string | null;
  /** The operator's today (APP_TIMEZONE). */
  today: string;
}

function routeOf(job: Job): string | null {
  const first = job.legs[0]?.originAddress?.trim();
  const last = job.legs[job.legs.length - 1]?.destinationAddress?.trim();
  // " to ", not an arrow: the PDF font has no arrow glyph.
  return first && last ? `${first} to ${last}` : first || last || null;
}

const describe = (job: Job) => ({
  jobNumber: job.jobNumber,
  title: job.title,
  serviceDate: job.serviceDate,
  route: routeOf(job),
});

async function headerFor(tx: Db, job: Job, actor: Actor) {
  if (!job.customerId) throw new HttpError(409, NO_CUSTOMER_MESSAGE);
  const billing = await customerBilling(tx, job.customerId);
  return {
    jobId: job.id,
    jobNumber: job.jobNumber,
    customerId: job.customerId,
    customerName: billing?.companyName ?? null,
    billingEmail: billing?.email ?? null,
    billingAddress: billing?.address ?? null,
    currency: job.currency,
    taxMode: job.taxMode,
    taxRate: job.taxRate,
    listDate: actor.today,
    createdBy: actor.userId,
  };
}

const existingLabel = (inv: { number: string | null }) => inv.number ?? 'a draft';

/** The draft lines of a job's final invoice: its price, less each deposit already issued. */
function finalLines(job: Job, deposits: { number: string | null; netCents: number }[]): LineInput[] {
  const lines = linesFromJob({ ...describe(job), ...job });
  for (const d of deposits) lines.push(depositDeduction(d.number!, d.netCents));
  return lines;
}

/** POST /api/jobs/{id}/invoices: a draft final or deposit invoice from the job's pricing. */
export async function createInvoiceFromJob(
  db: Database,
  jobId: string,
  input: z.infer<typeof CreateInvoiceInputSchema>,
  actor: Actor,
  format: Formatters,
): Promise<string> {
  return db.transaction(async (tx) => {
    // Creations queue on the settings row, so two clicks cannot both pass the checks below.
    const settings = await lockInvoiceSettings(tx);
    const job = await getJob(tx, jobId);
    if (!job) throw new HttpError(404, JOB_NOT_FOUND);
    const existing = await liveInvoicesOfJob(tx, jobId);
    const final = existing.find((i) => i.kind === 'final');
    if (final) throw new HttpError(409, `This job already has an invoice (${existingLabel(final)})`);
    const deposits = existing.filter((i) => i.kind === 'deposit');
    const header = await headerFor(tx, job, actor);
    const jobTotal = toCents(job.totalPrice) ?? 0;

    if ((input.kind ?? 'final') === 'final') {
      if (!INVOICEABLE.includes(job.status)) throw new HttpError(409, NOT_INVOICEABLE_MESSAGE);
      const draft = deposits.find((d) => d.state === 'draft');
      if (draft) throw new HttpError(409, 'This job has a draft deposit invoice: issue or delete it first');
      return insertInvoice(tx, { ...header, kind: 'final' }, finalLines(job, deposits));
    }

    if (!DEPOSITABLE.includes(job.status)) throw new HttpError(409, NOT_DEPOSITABLE_MESSAGE);
    const request =
      input.amount !== undefined
        ? { amount: input.amount }
        : { percentage: input.percentage ?? settings.depositPercentage };
    const gross = depositGrossCents(jobTotal, request);
    const already = deposits.reduce((a, d) => a + d.totalCents, 0);
    if (gross <= 0) throw new HttpError(409, "The job's total is 0: there is nothing to take a deposit on");
    if (already + gross > jobTotal)
      throw new HttpError(
        409,
        `Deposits would come to more than the job's total of ${format.jobMoney(jobTotal / 100, job.currency)}`,
      );
    const label = request.percentage !== undefined ? `Deposit (${request.percentage}%)` : 'Deposit';
    const net = depositLineCents(gross, job.taxMode, job.taxRate);
    const description = `${label} for ${[job.jobNumber, job.title, job.serviceDate].filter(Boolean).join(' · ')}`;
    return insertInvoice(tx, { ...header, kind: 'deposit' }, [{ description, quantity: 1, unitCents: net }]);
  });
}

function refuseUnlessDraft(row: InvoiceRow | undefined): asserts row is InvoiceRow {
  if (!row) throw new HttpError(404, INVOICE_NOT_FOUND);
  if (row.state !== 'draft') throw new HttpError(409, INVOICE_ISSUED_MESSAGE);
}

/** PUT /api/invoices/{id}: a draft's lines, notes and due date. */
export async function updateInvoice(
  db: Database,
  id: string,
  input: z.infer<typeof UpdateInvoiceInputSchema>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockInvoice(tx, id);
    refuseUnlessDraft(row);
    if (input.version !== undefined && input.version !== row.version)
      throw new HttpError(409, INVOICE_CHANGED_MESSAGE);
    const lines = input.lines.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      unitCents: toCents(l.unitPrice)!,
    }));
    const { totalCents } = await writeLines(tx, id, lines, row.taxMode, Number(row.taxRate));
    if (totalCents < 0)
      throw new HttpError(400, INVOICE_NEGATIVE_MESSAGE, [
        { path: 'lines', message: INVOICE_NEGATIVE_MESSAGE },
      ]);
    await updateDraft(tx, id, { notes: input.notes ?? null, dueDate: input.dueDate ?? null });
  });
}

export async function deleteInvoice(db: Database, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    refuseUnlessDraft(await lockInvoice(tx, id));
    await deleteDraft(tx, id);
  });
}

/**
 * POST /api/invoices/{id}/issue. The number is taken from the counter row locked for the whole
 * transaction, and the checks that can still fail run after it: a failure rolls the counter back
 * with everything else, so no number is lost and none is handed out twice.
 */
export async function issueInvoice(db: Database, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockInvoice(tx, id);
    refuseUnlessDraft(row);
    const settings = await lockInvoiceSettings(tx);
    const number = documentNumber(settings.invoicePrefix, await takeNumber(tx, 'invoice'));
    if (await numberTaken(tx, number))
      throw new HttpError(409, `${number} is already used: set the next invoice number in Settings past it`);
    // The figures are worked out again from the lines as stored, so what is issued adds up.
    const { totalCents } = await writeLines(
      tx,
      id,
      await lineInputs(tx, id),
      row.taxMode,
      Number(row.taxRate),
    );
    if (totalCents <= 0) throw new HttpError(409, NOTHING_TO_ISSUE_MESSAGE);
    const billing = row.customerId ? await customerBilling(tx, row.customerId) : undefined;
    const terms = billing?.paymentTermsDays ?? settings.paymentTermsDays;
    await markIssued(tx, id, {
      number,
      issueDate: actor.today,
      dueDate: row.dueDate ?? dueDateFor(actor.today, terms),
      customerName: billing?.companyName ?? row.customerName,
      billingEmail: billing?.email ?? row.billingEmail,
      billingAddress: billing?.address ?? row.billingAddress,
    });
  });
}

function refuseUnlessPayable(row: InvoiceRow | undefined): asserts row is InvoiceRow {
  if (!row) throw new HttpError(404, INVOICE_NOT_FOUND);
  if (row.kind === 'credit_note') throw new HttpError(409, 'A credit note takes no payments');
  if (row.state === 'draft') throw new HttpError(409, 'Issue the invoice before recording a payment');
  if (row.state === 'void') throw new HttpError(409, 'This invoice is void: it takes no payments');
}

export async function recordPayment(
  db: Database,
  id: string,
  input: z.infer<typeof PaymentInputSchema>,
  actor: Actor,
  format: Formatters,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockInvoice(tx, id);
    refuseUnlessPayable(row);
    const total = toCents(row.total)!;
    const paid = toCents(row.amountPaid)!;
    const amount = toCents(input.amount)!;
    if (!paymentFits(total, paid, amount)) {
      const balance = format.jobMoney(balanceCents(total, paid) / 100, row.currency);
      const message =
        total - paid <= 0
          ? 'This invoice is paid in full: there is nothing left to pay'
          : `That would overpay the invoice: its balance is ${balance}`;
      throw new HttpError(409, message, [{ path: 'amount', message }]);
    }
    await insertPayment(tx, id, {
      amountCents: amount,
      paidOn: input.paidOn!,
      method: input.method,
      reference: input.reference ?? null,
      createdBy: actor.userId,
    });
  });
}

export async function removePaymentWithReason(
  db: Database,
  id: string,
  paymentId: string,
  reason: string,
  actor: Actor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockInvoice(tx, id);
    if (!row) throw new HttpError(404, INVOICE_NOT_FOUND);
    if (!(await removePayment(tx, id, paymentId, actor.userId, reason)))
      throw new HttpError(404, PAYMENT_NOT_FOUND);
  });
}

/**
 * POST /api/invoices/{id}/credit-note: voids an issued invoice with a credit note of its own number
 * that reverses every line. An invoice with payments keeps them; they are removed first, with a reason.
 */
export async function creditInvoice(db: Database, id: string, reason: string, actor: Actor): Promise<string> {
  return db.transaction(async (tx) => {
    const row = await lockInvoice(tx, id);
    if (!row) throw new HttpError(404, INVOICE_NOT_FOUND);
    if (row.kind === 'credit_note') throw new HttpError(409, 'A credit note cannot be credited');
    if (row.state === 'draft') throw new HttpError(409, 'A draft is deleted, not credited');
    if (row.state === 'void') throw new HttpError(409, 'This invoice is already void');
    if (toCents(row.amountPaid)! > 0)
      throw new HttpError(409, 'This invoice has payments: remove them (with a reason) before crediting it');
    const settings = await lockInvoiceSettings(tx);
    const number = documentNumber(settings.creditNotePrefix, await takeNumber(tx, 'credit_note'));
    if (await numberTaken(tx, number))
      throw new HttpError(
        409,
        `${number} is already used: set the next credit note number in Settings past it`,
      );
    const lines = (await lineInputs(tx, id)).map((l) => ({ ...l, unitCents: -l.unitCents }));
    const creditId = await insertInvoice(
      tx,
      {
        kind: 'credit_note',
        state: 'issued',
        number,
        jobId: row.jobId,
        jobNumber: row.jobNumber,
        customerId: row.customerId,
        customerName: row.customerName,
        billingEmail: row.billingEmail,
        billingAddress: row.billingAddress,
        creditOfId: row.id,
        currency: row.currency,
        taxMode: row.taxMode,
        taxRate: Number(row.taxRate),
        issueDate: actor.today,
        listDate: actor.today,
        dueDate: actor.today,
        reason,
        notes: null,
        createdBy: actor.userId,
      },
      lines,
    );
    await markVoid(tx, id);
    return creditId;
  });
}

/** POST /api/invoices/bulk: a draft final invoice for each completed job that has none, all or nothing. */
export async function invoiceCompletedJobs(
  db: Database,
  input: z.infer<typeof BulkInvoiceInputSchema>,
  actor: Actor,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await lockInvoiceSettings(tx);
    const jobIds = await uninvoicedCompletedJobs(tx, {
      customerId: input.customerId ?? null,
      from: input.from ?? null,
      to: input.to ?? null,
    });
    const created: string[] = [];
    for (const jobId of jobIds) {
      const job = await getJob(tx, jobId);
      if (!job) continue;
      const deposits = (await liveInvoicesOfJob(tx, jobId)).filter(
        (i) => i.kind === 'deposit' && i.state === 'issued',
      );
      created.push(
        await insertInvoice(
          tx,
          { ...(await headerFor(tx, job, actor)), kind: 'final' },
          finalLines(job, deposits),
        ),
      );
    }
    return created;
  });
}

export async function saveSettings(
  db: Database,
  input: z.infer<typeof InvoiceSettingsInputSchema>,
  userId: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockInvoiceSettings(tx);
    if (input.version !== undefined && input.version !== current.version)
      throw new HttpError(
        409,
        'The invoice settings were changed by someone else. Reload them to see the changes.',
      );
    const { version: _version, ...values } = input;
    await saveInvoiceSettings(tx, values as SettingsValues, userId);
  });
}
