import type { Contact, ContactWithCustomer, Customer, CustomerType } from '@dms/domain';
import { type AnyColumn, and, asc, eq, exists, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerContacts, customers } from '../../db/schema';
import { anyContains, containsPattern, qualified } from '../../db/sql-helpers';

export interface CustomerFilter {
  search?: string;
  type?: CustomerType;
  activeOnly: boolean;
  limit: number;
  offset: number;
}

export interface CustomerValues {
  companyName: string;
  companyType: CustomerType;
  phone: string | null;
  email: string | null;
  address: string | null;
  billingEmail?: string | null;
  paymentTermsDays?: number | null;
  isActive?: 0 | 1;
}

export interface ContactValues {
  name: string;
  role: string | null;
  email: string | null;
  phone: string | null;
}

const flag = (v: number): 0 | 1 => (v === 1 ? 1 : 0);

const activeContactCount = sql<number>`(select count(*) from ${customerContacts} where ${qualified(customerContacts.customerId)} = ${qualified(customers.id)} and ${qualified(customerContacts.isActive)} = 1)::int`;

const customerColumns = {
  id: customers.id,
  companyName: customers.companyName,
  companyType: customers.companyType,
  phone: customers.phone,
  email: customers.email,
  address: customers.address,
  billingEmail: customers.billingEmail,
  paymentTermsDays: customers.paymentTermsDays,
  loyaltyPoints: customers.loyaltyPoints,
  totalBookings: customers.totalBookings,
  totalRevenue: customers.totalRevenue,
  isActive: customers.isActive,
  contactCount: activeContactCount.mapWith(Number),
  version: customers.version,
};

const toCustomer = (row: Omit<Customer, 'isActive'> & { isActive: number }): Customer => ({
  ...row,
  totalRevenue: Number(row.totalRevenue),
  isActive: flag(row.isActive),
});

function customerWhere(db: Db, filter: CustomerFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.activeOnly) conditions.push(eq(customers.isActive, 1));
  if (filter.type) conditions.push(eq(customers.companyType, filter.type));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    const contactMatches = db
      .select({ one: sql`1` })
      .from(customerContacts)
      .where(
        and(
          eq(customerContacts.customerId, customers.id),
          eq(customerContacts.isActive, 1),
          ilike(customerContacts.name, pattern),
        ),
      );
    conditions.push(
      or(
        ilike(customers.companyName, pattern),
        ilike(customers.email, pattern),
        ilike(customers.phone, pattern),
        exists(contactMatches),
      )!,
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function listCustomers(db: Db, filter: CustomerFilter) {
  const condition = customerWhere(db, filter);
  const rows = await db
    .select(customerColumns)
    .from(customers)
    .where(condition)
    .orderBy(asc(sql`lower(${customers.companyName})`), asc(customers.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return { items: rows.map(toCustomer), total: await db.$count(customers, condition) };
}

export async function getCustomer(db: Db, id: string): Promise<Customer | undefined> {
  const [row] = await db.select(customerColumns).from(customers).where(eq(customers.id, id));
  return row ? toCustomer(row) : undefined;
}

export async function customerExists(db: Db, id: string): Promise<boolean> {
  const rows = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id));
  return rows.length > 0;
}

export async function insertCustomer(db: Db, values: CustomerValues): Promise<string> {
  const [row] = await db.insert(customers).values(values).returning({ id: customers.id });
  if (!row) throw new Error('insert into customers returned no row');
  return row.id;
}

/**
 * Writes the customer and bumps its version; with `expectedVersion`, only if it still holds it.
 * Answers 'missing' when there is no such customer, 'stale' when the version moved on.
 */
export async function updateCustomer(
  db: Db,
  id: string,
  values: Partial<CustomerValues>,
  expectedVersion?: number,
): Promise<'updated' | 'stale' | 'missing'> {
  const match =
    expectedVersion === undefined
      ? eq(customers.id, id)
      : and(eq(customers.id, id), eq(customers.version, expectedVersion));
  const rows = await db
    .update(customers)
    .set({ ...values, version: sql`${customers.version} + 1`, updatedAt: new Date() })
    .where(match)
    .returning({ id: customers.id });
  if (rows.length > 0) return 'updated';
  if (expectedVersion === undefined) return 'missing';
  return (await customerExists(db, id)) ? 'stale' : 'missing';
}

// Contacts

const contactColumns = {
  id: customerContacts.id,
  customerId: customerContacts.customerId,
  name: customerContacts.name,
  role: customerContacts.role,
  email: customerContacts.email,
  phone: customerContacts.phone,
  isActive: customerContacts.isActive,
};

const toContact = <T extends { isActive: number }>(row: T) => ({ ...row, isActive: flag(row.isActive) });

export interface ContactFilter {
  search?: string;
  activeOnly: boolean;
  limit: number;
  offset: number;
}

function contactSearch(search: string | undefined, extra: AnyColumn[] = []): SQL | undefined {
  return anyContains(search, [
    customerContacts.name,
    customerContacts.email,
    customerContacts.phone,
    customerContacts.role,
    ...extra,
  ]);
}

export async function listContacts(db: Db, customerId: string, filter: ContactFilter) {
  const condition = and(
    eq(customerContacts.customerId, customerId),
    filter.activeOnly ? eq(customerContacts.isActive, 1) : undefined,
    contactSearch(filter.search),
  );
  const rows = await db
    .select(contactColumns)
    .from(customerContacts)
    .where(condition)
    .orderBy(asc(sql`lower(${customerContacts.name})`), asc(customerContacts.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return {
    items: rows.map((r): Contact => toContact(r)),
    total: await db.$count(customerContacts, condition),
  };
}

/** Active contacts of active customers, with their customer's name. */
export async function listAllContacts(db: Db, filter: { search?: string; limit: number; offset: number }) {
  const condition = and(
    eq(customerContacts.isActive, 1),
    eq(customers.isActive, 1),
    contactSearch(filter.search, [customers.companyName]),
  );
  const rows = await db
    .select({ ...contactColumns, customerName: customers.companyName, customerType: customers.companyType })
    .from(customerContacts)
    .innerJoin(customers, eq(customers.id, customerContacts.customerId))
    .where(condition)
    .orderBy(
      asc(sql`lower(${customers.companyName})`),
      asc(sql`lower(${customerContacts.name})`),
      asc(customerContacts.id),
    )
    .limit(filter.limit)
    .offset(filter.offset);
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(customerContacts)
    .innerJoin(customers, eq(customers.id, customerContacts.customerId))
    .where(condition);
  return { items: rows.map((r): ContactWithCustomer => toContact(r)), total: Number(counted?.total ?? 0) };
}

export async function getContact(db: Db, id: string): Promise<Contact | undefined> {
  const [row] = await db.select(contactColumns).from(customerContacts).where(eq(customerContacts.id, id));
  return row ? toContact(row) : undefined;
}

export async function insertContact(db: Db, customerId: string, values: ContactValues): Promise<string> {
  const [row] = await db
    .insert(customerContacts)
    .values({ ...values, customerId })
    .returning({ id: customerContacts.id });
  if (!row) throw new Error('insert into customer_contacts returned no row');
  return row.id;
}

/** False when there is no such contact. */
export async function updateContact(db: Db, id: string, values: ContactValues): Promise<boolean> {
  const rows = await db
    .update(customerContacts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(customerContacts.id, id))
    .returning({ id: customerContacts.id });
  return rows.length > 0;
}

/** Locks the contact row until the transaction ends. */
export async function lockContact(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: customerContacts.id })
    .from(customerContacts)
    .where(eq(customerContacts.id, id))
    .for('update');
  return rows.length > 0;
}

export async function deactivateContact(db: Db, id: string): Promise<void> {
  await db
    .update(customerContacts)
    .set({ isActive: 0, updatedAt: new Date() })
    .where(eq(customerContacts.id, id));
}

export async function deleteContact(db: Db, id: string): Promise<void> {
  await db.delete(customerContacts).where(eq(customerContacts.id, id));
}

/** A completed job counts once on its customer: one booking, its total as revenue, one loyalty point. */
export async function recordCompletedBooking(db: Db, customerId: string, revenue: number): Promise<void> {
  await db
    .update(customers)
    .set({
      totalBookings: sql`${customers.totalBookings} + 1`,
      totalRevenue: sql`${customers.totalRevenue} + ${revenue}`,
      loyaltyPoints: sql`${customers.loyaltyPoints} + 1`,
    })
    .where(eq(customers.id, customerId));
}

/**
 * Active customers that the job form's search may rank (spec 2 §9), with their active contacts: those
 * whose name, email or phone, or a contact's, contains the term. Bounded: ranking happens on this set.
 */
export async function customerSearchCandidates(db: Db, term: string, limit: number) {
  const pattern = containsPattern(term);
  const digits = term.replace(/\D/g, '');
  const phoneMatches = (column: AnyColumn) =>
    digits.length >= 3
      ? [sql`regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g') like ${`%${digits}%`}`]
      : [];
  const contactMatches = db
    .select({ one: sql`1` })
    .from(customerContacts)
    .where(
      and(
        eq(customerContacts.customerId, customers.id),
        eq(customerContacts.isActive, 1),
        or(
          ilike(customerContacts.name, pattern),
          ilike(customerContacts.email, pattern),
          ...phoneMatches(customerContacts.phone),
        ),
      ),
    );
  const rows = await db
    .select(customerColumns)
    .from(customers)
    .where(
      and(
        eq(customers.isActive, 1),
        term
          ? or(
              ilike(customers.companyName, pattern),
              ilike(customers.email, pattern),
              ...phoneMatches(customers.phone),
              exists(contactMatches),
            )
          : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${customers.companyName})`), asc(customers.id))
    .limit(limit);
  const found = rows.map(toCustomer);
  const ids = found.map((c) => c.id);
  const contacts =
    ids.length > 0
      ? await db
          .select(contactColumns)
          .from(customerContacts)
          .where(and(inArray(customerContacts.customerId, ids), eq(customerContacts.isActive, 1)))
          .orderBy(asc(customerContacts.name))
      : [];
  return found.map((customer) => ({
    customer,
    contacts: contacts.filter((c) => c.customerId === customer.id).map(toContact),
  }));
}
