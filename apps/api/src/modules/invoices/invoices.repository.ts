import {
  centsOf,
  DEFAULT_INVOICE_SETTINGS,
  decimalOf,
  fromCents,
  type Invoice,
  type InvoiceKind,
  type InvoiceSettings,
  type InvoiceState,
  type InvoiceStatus,
  type InvoiceSummary,
  invoiceTotals,
  type LineInput,
  type Payment,
  type PaymentMethod,
  type TaxMode,
  toCents,
} from '@dms/domain';
import {
  type AnyColumn,
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  ne,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { boundedCountQuery, pageWithBoundedTotal, totalAfterPage } from '../../db/bounded-count';
import type { Db } from '../../db/client';
import { preparedPerShape, shapeKey } from '../../db/prepared';
import {
  customers,
  type InvoiceRow,
  type InvoiceSettingsRow,
  invoiceLines,
  invoicePayments,
  invoiceReminders,
  invoiceSettings,
  invoices,
  jobs,
  users,
} from '../../db/schema';
import { containsPattern, qualified } from '../../db/sql-helpers';
import type { ExportInvoice, ExportPayment, OpenBalance } from './invoice-exports';

// The invoices module's SQL. Amounts cross this file as integer cents on our side and numeric text
// on the database's: `money()` and `cents()` are the only conversions.

const money = (cents: number) => decimalOf(cents);
const cents = (value: string | null | undefined) => (value == null ? 0 : centsOf(value));
const iso = (d: Date | null) => (d ? d.toISOString() : null);

// ---- settings and the number counter

function toSettings(row: InvoiceSettingsRow | undefined): InvoiceSettings {
  if (!row) return DEFAULT_INVOICE_SETTINGS;
  return {
    invoicePrefix: row.invoicePrefix,
    nextInvoiceNumber: row.nextInvoiceNumber,
    creditNotePrefix: row.creditNotePrefix,
    nextCreditNoteNumber: row.nextCreditNoteNumber,
    paymentTermsDays: row.paymentTermsDays,
    depositPercentage: Number(row.depositPercentage),
    reminderDays: row.reminderDays,
    bankDetails: row.bankDetails,
    paymentTermsText: row.paymentTermsText,
    salesAccountCode: row.salesAccountCode,
    xeroTaxType: row.xeroTaxType,
    myobTaxCode: row.myobTaxCode,
    myobDepositAccount: row.myobDepositAccount,
    version: row.version,
  };
}

export async function getInvoiceSettings(db: Db): Promise<InvoiceSettings> {
  const [row] = await db.select().from(invoiceSettings).limit(1);
  return toSettings(row);
}

/**
 * The settings row, locked for the rest of the transaction (created first if absent). Issuing
 * holds this lock while it takes a number, so numbers are handed out one transaction at a time.
 */
export async function lockInvoiceSettings(tx: Db): Promise<InvoiceSettings> {
  await tx.insert(invoiceSettings).values({}).onConflictDoNothing();
  const [row] = await tx.select().from(invoiceSettings).for('update');
  return toSettings(row);
}

export type SettingsValues = Omit<InvoiceSettings, 'version'>;

/** Call after lockInvoiceSettings. */
export async function saveInvoiceSettings(tx: Db, values: SettingsValues, userId: string | null) {
  await tx
    .update(invoiceSettings)
    .set({
      ...values,
      depositPercentage: values.depositPercentage,
      updatedBy: userId,
      version: sql`${invoiceSettings.version} + 1`,
    })
    .where(eq(invoiceSettings.id, 'operator'));
}

/** Takes the next invoice or credit-note number and moves the counter on. Call after lockInvoiceSettings. */
export async function takeNumber(tx: Db, kind: 'invoice' | 'credit_note'): Promise<number> {
  const column =
    kind === 'invoice' ? invoiceSettings.nextInvoiceNumber : invoiceSettings.nextCreditNoteNumber;
  const [row] = await tx
    .update(invoiceSettings)
    .set(
      kind === 'invoice'
        ? { nextInvoiceNumber: sql`${column} + 1` }
        : { nextCreditNoteNumber: sql`${column} + 1` },
    )
    .where(eq(invoiceSettings.id, 'operator'))
    .returning({ next: column });
  return row!.next - 1;
}

/** Whether a document already carries this number (a next number set back in Settings). */
export async function numberTaken(tx: Db, number: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.number, number))
    .limit(1);
  return Boolean(row);
}

// ---- writing invoices

export interface InvoiceHeader {
  kind: InvoiceKind;
  state?: InvoiceState;
  number?: string | null;
  jobId: string | null;
  jobNumber: string | null;
  customerId: string | null;
  customerName: string | null;
  billingEmail: string | null;
  billingAddress: string | null;
  creditOfId?: string | null;
  currency: string;
  taxMode: TaxMode;
  taxRate: number;
  issueDate?: string | null;
  /** The list's date: the issue date, or the operator's today for a draft. */
  listDate: string;
  dueDate?: string | null;
  notes?: string | null;
  reason?: string | null;
  createdBy: string | null;
}

/** Writes the lines (replacing any) and the totals they make, in the invoice's tax mode. */
export async function writeLines(
  tx: Db,
  invoiceId: string,
  lines: readonly LineInput[],
  taxMode: TaxMode,
  taxRate: number,
): Promise<{ totalCents: number }> {
  const totals = invoiceTotals(lines, taxMode, taxRate);
  await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
  if (lines.length > 0) {
    await tx.insert(invoiceLines).values(
      lines.map((line, i) => ({
        invoiceId,
        position: i + 1,
        description: line.description,
        quantity: decimalOf(toCents(line.quantity)!),
        unitPrice: money(line.unitCents),
        amount: money(totals.lines[i]!.amountCents),
        taxAmount: money(totals.lines[i]!.taxCents),
        total: money(totals.lines[i]!.totalCents),
      })),
    );
  }
  await tx
    .update(invoices)
    .set({
      subtotal: money(totals.netCents - (taxMode === 'inclusive' ? totals.taxCents : 0)),
      taxTotal: money(totals.taxCents),
      total: money(totals.totalCents),
      updatedAt: new Date(),
    })
    .where(eq(invoices.id, invoiceId));
  return { totalCents: totals.totalCents };
}

export async function insertInvoice(
  tx: Db,
  header: InvoiceHeader,
  lines: readonly LineInput[],
): Promise<string> {
  const [row] = await tx
    .insert(invoices)
    .values({ ...header, taxRate: header.taxRate })
    .returning({ id: invoices.id });
  await writeLines(tx, row!.id, lines, header.taxMode, header.taxRate);
  return row!.id;
}

/** The invoice's row, locked for the rest of the transaction. */
export async function lockInvoice(tx: Db, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  return row;
}

export async function updateDraft(
  tx: Db,
  id: string,
  values: { notes: string | null; dueDate: string | null },
): Promise<void> {
  await tx
    .update(invoices)
    .set({ ...values, version: sql`${invoices.version} + 1`, updatedAt: new Date() })
    .where(eq(invoices.id, id));
}

export async function markIssued(
  tx: Db,
  id: string,
  values: {
    number: string;
    issueDate: string;
    dueDate: string;
    customerName: string | null;
    billingEmail: string | null;
    billingAddress: string | null;
  },
): Promise<void> {
  await tx
    .update(invoices)
    .set({
      ...values,
      listDate: values.issueDate,
      state: 'issued',
      version: sql`${invoices.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(invoices.id, id));
}

export async function markVoid(tx: Db, id: string): Promise<void> {
  await tx
    .update(invoices)
    .set({ state: 'void', version: sql`${invoices.version} + 1`, updatedAt: new Date() })
    .where(eq(invoices.id, id));
}

export async function markSent(db: Db, id: string, at: Date): Promise<void> {
  await db.update(invoices).set({ sentAt: at }).where(eq(invoices.id, id));
}

export async function deleteDraft(tx: Db, id: string): Promise<void> {
  await tx.delete(invoices).where(and(eq(invoices.id, id), eq(invoices.state, 'draft')));
}

/** The lines as they were entered (quantity and unit price), for a credit note or a recalculation. */
export async function lineInputs(db: Db, invoiceId: string): Promise<LineInput[]> {
  const rows = await db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.position));
  return rows.map((r) => ({
    description: r.description,
    quantity: fromCents(centsOf(r.quantity)),
    unitCents: cents(r.unitPrice),
  }));
}

// ---- payments

export async function insertPayment(
  tx: Db,
  invoiceId: string,
  p: {
    amountCents: number;
    paidOn: string;
    method: PaymentMethod;
    reference: string | null;
    createdBy: string | null;
  },
): Promise<void> {
  await tx.insert(invoicePayments).values({
    invoiceId,
    amount: money(p.amountCents),
    paidOn: p.paidOn,
    method: p.method,
    reference: p.reference,
    createdBy: p.createdBy,
  });
  await refreshAmountPaid(tx, invoiceId);
}

/** Marks a payment removed (it stays in the history with the reason); false when there is none to remove. */
export async function removePayment(
  tx: Db,
  invoiceId: string,
  paymentId: string,
  removedBy: string | null,
  reason: string,
): Promise<boolean> {
  const rows = await tx
    .update(invoicePayments)
    .set({ removedAt: new Date(), removedBy, removedReason: reason })
    .where(
      and(
        eq(invoicePayments.id, paymentId),
        eq(invoicePayments.invoiceId, invoiceId),
        isNull(invoicePayments.removedAt),
      ),
    )
    .returning({ id: invoicePayments.id });
  if (rows.length === 0) return false;
  await refreshAmountPaid(tx, invoiceId);
  return true;
}

async function refreshAmountPaid(tx: Db, invoiceId: string): Promise<void> {
  await tx
    .update(invoices)
    .set({
      amountPaid: sql`(select coalesce(sum(${invoicePayments.amount}), 0) from ${invoicePayments}
        where ${invoicePayments.invoiceId} = ${invoiceId} and ${invoicePayments.removedAt} is null)`,
      version: sql`${invoices.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(invoices.id, invoiceId));
}

// ---- reading

/** The list's status, worked out in SQL from the state, the payments and the operator's today (mirrors invoiceStatus). */
export function statusSql(today: string | Placeholder): SQL<InvoiceStatus> {
  return sql<InvoiceStatus>`case
    when ${invoices.state} <> 'issued' then ${invoices.state}::text
    when ${invoices.total} - ${invoices.amountPaid} <= 0 then 'paid'
    when ${invoices.dueDate} < ${today}::date then 'overdue'
    when ${invoices.amountPaid} > 0 then 'part_paid'
    else 'issued' end`;
}

const credit = alias(invoices, 'credit_of');

function summaryColumns(today: string | Placeholder) {
  return {
    id: invoices.id,
    kind: invoices.kind,
    number: invoices.number,
    state: invoices.state,
    status: statusSql(today),
    jobId: invoices.jobId,
    jobNumber: invoices.jobNumber,
    customerId: invoices.customerId,
    customerName: invoices.customerName,
    creditOfId: invoices.creditOfId,
    creditOfNumber: credit.number,
    creditedBy: sql<string | null>`(select c.id || ' ' || coalesce(c.number, '') from ${invoices} c
      where c.credit_of_id = ${qualified(invoices.id)} limit 1)`,
    currency: invoices.currency,
    taxMode: invoices.taxMode,
    taxRate: invoices.taxRate,
    issueDate: invoices.issueDate,
    dueDate: invoices.dueDate,
    subtotal: invoices.subtotal,
    taxTotal: invoices.taxTotal,
    total: invoices.total,
    amountPaid: invoices.amountPaid,
    sentAt: invoices.sentAt,
    createdAt: invoices.createdAt,
    version: invoices.version,
  };
}

type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

function selectSummaries(db: Db, today: string | Placeholder) {
  return db
    .select(summaryColumns(today))
    .from(invoices)
    .leftJoin(credit, eq(credit.id, invoices.creditOfId))
    .$dynamic();
}

function toSummary(row: SummaryRow): InvoiceSummary {
  const [creditedById, creditedByNumber] = row.creditedBy ? row.creditedBy.split(' ') : [null, null];
  const total = cents(row.total);
  const paid = cents(row.amountPaid);
  return {
    ...row,
    creditOfNumber: row.creditOfNumber ?? null,
    creditedById: creditedById ?? null,
    creditedByNumber: creditedByNumber || null,
    taxRate: Number(row.taxRate),
    subtotal: fromCents(cents(row.subtotal)),
    taxTotal: fromCents(cents(row.taxTotal)),
    total: fromCents(total),
    amountPaid: fromCents(paid),
    // A credit note owes nothing; an issued invoice owes what is not paid.
    balance: row.state === 'issued' && row.kind !== 'credit_note' ? fromCents(Math.max(0, total - paid)) : 0,
    sentAt: iso(row.sentAt),
    createdAt: row.createdAt.toISOString(),
  };
}

export interface InvoiceFilter {
  search?: string;
  status?: InvoiceStatus;
  kind?: InvoiceKind;
  customerId?: string | null;
  jobId?: string | null;
  from?: string | null;
  to?: string | null;
  limit: number;
  offset: number;
  today: string;
  timeZone: string;
}

/** Which filters a page has: the key of its prepared statements. */
function shapeOf(f: InvoiceFilter): string {
  return shapeKey({
    search: f.search,
    status: f.status,
    kind: f.kind,
    customer: f.customerId,
    job: f.jobId,
    from: f.from,
    to: f.to,
  });
}

function valuesOf(f: InvoiceFilter) {
  return {
    pattern: f.search ? containsPattern(f.search) : undefined,
    status: f.status,
    kind: f.kind,
    customerId: f.customerId,
    jobId: f.jobId,
    from: f.from,
    to: f.to,
    today: f.today,
    limit: f.limit,
    offset: f.offset,
  };
}

const placeholder = (name: keyof ReturnType<typeof valuesOf>) => sql.placeholder(name);

// The list's page and bounded count (ADR 42) for each shape of filter, prepared by name: building
// them and planning them again cost more than the page's reading (bench/NOTES.md §18).
const listStatements = preparedPerShape(shapeOf, (db, f: InvoiceFilter, name) => {
  const today = placeholder('today');
  const pattern = placeholder('pattern');
  const where = and(
    f.status ? sql`${statusSql(today)} = ${placeholder('status')}` : undefined,
    f.kind ? eq(invoices.kind, placeholder('kind')) : undefined,
    f.customerId ? eq(invoices.customerId, placeholder('customerId')) : undefined,
    f.jobId ? eq(invoices.jobId, placeholder('jobId')) : undefined,
    f.from ? gte(invoices.listDate, placeholder('from')) : undefined,
    f.to ? lte(invoices.listDate, placeholder('to')) : undefined,
    f.search
      ? or(
          ilike(invoices.number, pattern),
          ilike(invoices.customerName, pattern),
          ilike(invoices.jobNumber, pattern),
        )
      : undefined,
  );
  return {
    pageText: db
      .select({
        json: sql<string>`coalesce(json_agg(${sql.raw(SUMMARY_JSON)} order by p.list_date desc, p.created_at desc), '[]')::text`,
        rows: sql<number>`count(*)::int`,
      })
      .from(
        sql`(select ${invoices}.*, ${statusSql(today)} as status,
                credit_of.number as credit_of_number, cb.id as credited_by_id, cb.number as credited_by_number
               from ${invoices}
               left join ${invoices} as credit_of on credit_of.id = ${invoices.creditOfId}
               left join lateral (select c.id, c.number from ${invoices} c where c.credit_of_id = ${invoices.id} limit 1) cb on true
              where ${where ?? sql`true`}
              order by ${invoices.listDate} desc, ${invoices.createdAt} desc
              limit ${placeholder('limit')} offset ${placeholder('offset')}) p`,
      )
      .prepare(name('invoice_page_json')),
    page: selectSummaries(db, today)
      .where(where)
      .orderBy(desc(invoices.listDate), desc(invoices.createdAt))
      .limit(placeholder('limit'))
      .offset(placeholder('offset'))
      .prepare(name('invoice_page')),
    count: boundedCountQuery(
      db,
      db.select({ one: sql`1` }).from(invoices).where(where).limit(sql.placeholder('countTo')).as('matches'),
    ).prepare(name('invoice_page_count')),
  };
});

/**
 * The list's page as the JSON text of InvoiceSummarySchema objects, written by PostgreSQL (ADR 40's
 * way): mapping 50 rows and formatting their amounts from cents was most of the route's own CPU
 * (bench/NOTES.md §19). Mirrors toSummary: amounts as numbers, the balance only of an issued invoice,
 * instants as ISO strings in UTC with milliseconds.
 */
const SUMMARY_JSON = `(select row_to_json(s) from (select p.id, p.kind, p.number, p.state, p.status,
  p.job_id as "jobId", p.job_number as "jobNumber", p.customer_id as "customerId",
  p.customer_name as "customerName", p.credit_of_id as "creditOfId", p.credit_of_number as "creditOfNumber",
  p.credited_by_id as "creditedById", nullif(p.credited_by_number, '') as "creditedByNumber",
  p.currency, p.tax_mode as "taxMode", p.tax_rate as "taxRate", p.issue_date as "issueDate",
  p.due_date as "dueDate", p.subtotal, p.tax_total as "taxTotal", p.total, p.amount_paid as "amountPaid",
  case when p.state = 'issued' and p.kind <> 'credit_note' then greatest(0, p.total - p.amount_paid) else 0 end as balance,
  to_char(p.sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "sentAt",
  to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  p.version) s)`;

/** A page of invoices as JSON text (its items), with its total counted no further than a bound past the page. */
export async function listInvoicesText(
  db: Db,
  f: InvoiceFilter,
): Promise<{ items: string; total: number; totalIsLowerBound: boolean }> {
  const statements = listStatements(db, f);
  const values = valuesOf(f);
  const [page] = await statements.pageText.execute(values);
  const rows = page?.rows ?? 0;
  const totals = await totalAfterPage(f, rows, async (countTo) =>
    Number((await statements.count.execute({ ...values, countTo }))[0]?.n ?? 0),
  );
  return { items: page?.json ?? '[]', ...totals };
}

/** A page of invoices, newest first, with its total counted no further than a bound past the page. */
export async function listInvoices(
  db: Db,
  f: InvoiceFilter,
): Promise<{ items: InvoiceSummary[]; total: number; totalIsLowerBound: boolean }> {
  const statements = listStatements(db, f);
  const values = valuesOf(f);
  const page = await pageWithBoundedTotal(
    f,
    () => statements.page.execute(values),
    async (countTo) => Number((await statements.count.execute({ ...values, countTo }))[0]?.n ?? 0),
  );
  return { ...page, items: page.items.map(toSummary) };
}

export async function getInvoiceSummaries(
  db: Db,
  ids: readonly string[],
  today: string,
): Promise<InvoiceSummary[]> {
  if (ids.length === 0) return [];
  const rows = await selectSummaries(db, today).where(inArray(invoices.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, toSummary(r)]));
  return ids.map((id) => byId.get(id)).filter((s): s is InvoiceSummary => Boolean(s));
}

const creator = alias(users, 'creator');
const remover = alias(users, 'remover');
const fullName = (u: { firstName: AnyColumn; lastName: AnyColumn }) =>
  sql<string | null>`nullif(trim(${u.firstName} || ' ' || ${u.lastName}), '')`;

export async function getInvoice(db: Db, id: string, today: string): Promise<Invoice | undefined> {
  const [[row], header, lines, payments, reminders] = await Promise.all([
    selectSummaries(db, today).where(eq(invoices.id, id)),
    db
      .select({ notes: invoices.notes, reason: invoices.reason, billingEmail: invoices.billingEmail })
      .from(invoices)
      .where(eq(invoices.id, id)),
    db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, id)).orderBy(asc(invoiceLines.position)),
    db
      .select({
        id: invoicePayments.id,
        amount: invoicePayments.amount,
        paidOn: invoicePayments.paidOn,
        method: invoicePayments.method,
        reference: invoicePayments.reference,
        createdAt: invoicePayments.createdAt,
        createdByName: fullName(creator),
        removedAt: invoicePayments.removedAt,
        removedReason: invoicePayments.removedReason,
        removedByName: fullName(remover),
      })
      .from(invoicePayments)
      .leftJoin(creator, eq(creator.id, invoicePayments.createdBy))
      .leftJoin(remover, eq(remover.id, invoicePayments.removedBy))
      .where(eq(invoicePayments.invoiceId, id))
      .orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.createdAt)),
    db
      .select({
        daysOverdue: invoiceReminders.daysOverdue,
        sentAt: invoiceReminders.sentAt,
        notSentReason: invoiceReminders.notSentReason,
      })
      .from(invoiceReminders)
      .where(eq(invoiceReminders.invoiceId, id))
      .orderBy(asc(invoiceReminders.sentAt)),
  ]);
  if (!row) return undefined;
  return {
    ...toSummary(row),
    ...header[0]!,
    lines: lines.map((l) => ({
      id: l.id,
      position: l.position,
      description: l.description,
      quantity: fromCents(centsOf(l.quantity)),
      unitPrice: fromCents(cents(l.unitPrice)),
      amount: fromCents(cents(l.amount)),
      taxAmount: fromCents(cents(l.taxAmount)),
      total: fromCents(cents(l.total)),
    })),
    payments: payments.map(
      (p): Payment => ({
        ...p,
        amount: fromCents(cents(p.amount)),
        createdAt: p.createdAt.toISOString(),
        removedAt: iso(p.removedAt),
      }),
    ),
    reminders: reminders.map((r) => ({
      daysOverdue: r.daysOverdue,
      sentAt: r.sentAt.toISOString(),
      notSentReason: r.notSentReason,
    })),
  };
}

// ---- what a job already has

export interface JobInvoiceFacts {
  id: string;
  kind: InvoiceKind;
  state: InvoiceState;
  number: string | null;
  netCents: number;
  totalCents: number;
}

/** The job's invoices that are not void, oldest first. */
export async function liveInvoicesOfJob(tx: Db, jobId: string): Promise<JobInvoiceFacts[]> {
  const rows = await tx
    .select({
      id: invoices.id,
      kind: invoices.kind,
      state: invoices.state,
      number: invoices.number,
      total: invoices.total,
      net: sql<string>`(select coalesce(sum(${invoiceLines.amount}), 0) from ${invoiceLines} where ${invoiceLines.invoiceId} = ${qualified(invoices.id)})`,
    })
    .from(invoices)
    .where(and(eq(invoices.jobId, jobId), ne(invoices.state, 'void')))
    .orderBy(asc(invoices.createdAt));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    state: r.state,
    number: r.number,
    netCents: cents(String(r.net)),
    totalCents: cents(r.total),
  }));
}

// ---- read models over other modules' tables (ADR 25: reads for display and for choosing jobs)

export interface CustomerBilling {
  companyName: string;
  email: string | null;
  address: string | null;
  paymentTermsDays: number | null;
}

export async function customerBilling(db: Db, customerId: string): Promise<CustomerBilling | undefined> {
  const [row] = await db
    .select({
      companyName: customers.companyName,
      email: sql<string | null>`coalesce(nullif(${customers.billingEmail}, ''), ${customers.email})`,
      address: customers.address,
      paymentTermsDays: customers.paymentTermsDays,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row;
}

/** Completed jobs with no invoice other than void ones, for the bulk run; service dates inclusive. */
export async function uninvoicedCompletedJobs(
  db: Db,
  f: { customerId: string | null; from: string | null; to: string | null },
): Promise<string[]> {
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.status, 'completed'),
        sql`${jobs.customerId} is not null`,
        f.customerId ? eq(jobs.customerId, f.customerId) : undefined,
        f.from ? gte(jobs.serviceDate, f.from) : undefined,
        f.to ? lte(jobs.serviceDate, f.to) : undefined,
        sql`not exists (select 1 from ${invoices} where ${invoices.jobId} = ${qualified(jobs.id)}
          and ${invoices.kind} = 'final' and ${invoices.state} <> 'void')`,
      ),
    )
    .orderBy(asc(jobs.serviceDate), asc(jobs.jobNumber))
    .limit(500);
  return rows.map((r) => r.id);
}

// ---- exports and receivables

/** Issued invoices and credit notes (void ones too: they were issued) with issue dates in the range. */
export async function exportInvoices(
  db: Db,
  range: { from: string | null; to: string | null },
): Promise<ExportInvoice[]> {
  const rows = await db
    .select({
      id: invoices.id,
      kind: invoices.kind,
      number: invoices.number,
      customerName: invoices.customerName,
      billingEmail: invoices.billingEmail,
      billingAddress: invoices.billingAddress,
      jobNumber: invoices.jobNumber,
      creditOfNumber: credit.number,
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      currency: invoices.currency,
      taxMode: invoices.taxMode,
      total: invoices.total,
    })
    .from(invoices)
    .leftJoin(credit, eq(credit.id, invoices.creditOfId))
    .where(
      and(
        ne(invoices.state, 'draft'),
        range.from ? gte(invoices.issueDate, range.from) : undefined,
        range.to ? lte(invoices.issueDate, range.to) : undefined,
      ),
    )
    .orderBy(asc(invoices.issueDate), asc(invoices.number))
    .limit(5000);
  const ids = rows.map((r) => r.id);
  const lines = ids.length
    ? await db
        .select()
        .from(invoiceLines)
        .where(inArray(invoiceLines.invoiceId, ids))
        .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position))
    : [];
  const byInvoice = new Map<string, typeof lines>();
  for (const l of lines) byInvoice.set(l.invoiceId, [...(byInvoice.get(l.invoiceId) ?? []), l]);
  return rows.map((r) => ({
    kind: r.kind,
    number: r.number!,
    customerName: r.customerName ?? '',
    billingEmail: r.billingEmail,
    billingAddress: r.billingAddress,
    jobNumber: r.jobNumber,
    creditOfNumber: r.creditOfNumber ?? null,
    issueDate: r.issueDate!,
    dueDate: r.dueDate ?? r.issueDate!,
    currency: r.currency,
    taxMode: r.taxMode,
    totalCents: cents(r.total),
    lines: (byInvoice.get(r.id) ?? []).map((l) => ({
      description: l.description,
      quantityHundredths: centsOf(l.quantity),
      unitCents: cents(l.unitPrice),
      amountCents: cents(l.amount),
      taxCents: cents(l.taxAmount),
    })),
  }));
}

/** Payments received (not removed) with dates in the range, oldest first, with their invoice. */
export async function exportPayments(
  db: Db,
  range: { from: string | null; to: string | null },
): Promise<ExportPayment[]> {
  const rows = await db
    .select({
      paidOn: invoicePayments.paidOn,
      amount: invoicePayments.amount,
      method: invoicePayments.method,
      reference: invoicePayments.reference,
      invoiceNumber: invoices.number,
      invoiceDate: invoices.issueDate,
      customerName: invoices.customerName,
      jobNumber: invoices.jobNumber,
      currency: invoices.currency,
    })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .where(
      and(
        isNull(invoicePayments.removedAt),
        range.from ? gte(invoicePayments.paidOn, range.from) : undefined,
        range.to ? lte(invoicePayments.paidOn, range.to) : undefined,
      ),
    )
    .orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.createdAt))
    .limit(5000);
  return rows.map((r) => ({
    paidOn: r.paidOn,
    amountCents: cents(r.amount),
    method: r.method,
    reference: r.reference,
    invoiceNumber: r.invoiceNumber ?? '',
    invoiceDate: r.invoiceDate ?? r.paidOn,
    customerName: r.customerName ?? '',
    jobNumber: r.jobNumber,
    currency: r.currency,
  }));
}

/**
 * What each of these customers owes on its issued invoices (credit notes and void ones owe nothing),
 * and the part past its due date: one grouped query for a page of customers.
 */
export async function balancesOfCustomers(
  db: Db,
  customerIds: readonly string[],
  today: string,
): Promise<Map<string, { outstanding: number; overdue: number }>> {
  if (customerIds.length === 0) return new Map();
  const owed = sql`${invoices.total} - ${invoices.amountPaid}`;
  const rows = await db
    .select({
      customerId: invoices.customerId,
      outstanding: sql<string>`sum(${owed})`,
      overdue: sql<string>`coalesce(sum(${owed}) filter (where ${invoices.dueDate} < ${today}::date), 0)`,
    })
    .from(invoices)
    .where(
      and(
        inArray(invoices.customerId, [...customerIds]),
        eq(invoices.state, 'issued'),
        ne(invoices.kind, 'credit_note'),
        sql`${owed} > 0`,
      ),
    )
    .groupBy(invoices.customerId);
  return new Map(
    rows.map((r) => [
      r.customerId!,
      { outstanding: fromCents(cents(String(r.outstanding))), overdue: fromCents(cents(String(r.overdue))) },
    ]),
  );
}

/** What is still owed on each issued invoice, for the aged receivables. */
export async function openBalances(db: Db): Promise<OpenBalance[]> {
  const rows = await db
    .select({
      customerId: invoices.customerId,
      customerName: invoices.customerName,
      dueDate: invoices.dueDate,
      issueDate: invoices.issueDate,
      balance: sql<string>`${invoices.total} - ${invoices.amountPaid}`,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.state, 'issued'),
        ne(invoices.kind, 'credit_note'),
        sql`${invoices.total} - ${invoices.amountPaid} > 0`,
      ),
    );
  return rows.map((r) => ({
    customerId: r.customerId,
    customerName: r.customerName ?? 'No customer',
    dueDate: r.dueDate ?? r.issueDate!,
    balanceCents: cents(String(r.balance)),
  }));
}

// ---- overdue reminders

export interface DueReminder {
  invoiceId: string;
  /** The reminder day to send: the highest of the settings' days reached, none at or past it sent yet. */
  daysOverdue: number;
}

/**
 * Issued invoices with a balance whose highest reminder day reached (days past due in the operator's
 * today) has no reminder at or beyond it yet. A run missed for a while sends only the latest
 * reminder due, once; oldest due dates first, a bounded batch per run (the next run takes the rest).
 */
export async function dueReminders(
  db: Db,
  reminderDays: readonly number[],
  today: string,
  limit = 200,
): Promise<DueReminder[]> {
  const days = reminderDays.map((d) => Math.trunc(Number(d))).filter((d) => Number.isInteger(d) && d > 0);
  if (days.length === 0) return [];
  const overdueBy = sql`(${today}::date - ${invoices.dueDate})`;
  // The days are integers from the validated settings, written into the query as literals.
  const day = sql<number>`(select max(d) from unnest(array[${sql.raw(days.join(','))}]::int[]) d where d <= ${overdueBy})`;
  const rows = await db
    .select({ invoiceId: invoices.id, daysOverdue: day })
    .from(invoices)
    .where(
      and(
        eq(invoices.state, 'issued'),
        ne(invoices.kind, 'credit_note'),
        sql`${invoices.total} - ${invoices.amountPaid} > 0`,
        sql`${overdueBy} >= ${Math.min(...days)}`,
        sql`not exists (select 1 from ${invoiceReminders} r where r.invoice_id = ${qualified(invoices.id)}
          and r.days_overdue >= ${day})`,
      ),
    )
    .orderBy(asc(invoices.dueDate), asc(invoices.id))
    .limit(limit);
  return rows.map((r) => ({ invoiceId: r.invoiceId, daysOverdue: Number(r.daysOverdue) }));
}

/** Records a reminder; false when a run already recorded it (the mail then is not sent again). */
export async function recordInvoiceReminder(
  tx: Db,
  invoiceId: string,
  daysOverdue: number,
  notSentReason: string | null = null,
): Promise<boolean> {
  const rows = await tx
    .insert(invoiceReminders)
    .values({ invoiceId, daysOverdue, notSentReason })
    .onConflictDoNothing()
    .returning({ invoiceId: invoiceReminders.invoiceId });
  return rows.length > 0;
}
