import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  customerContacts,
  customers,
  depots,
  termsTemplates,
  users,
  vehicleCategoriesNew,
  vehicles,
} from '../../db/schema';

// The rows a job form points at, read in one query per table so that a save checks every slot at once.

export interface ReferencedIds {
  customerIds: string[];
  contactIds: string[];
  vehicleIds: string[];
  driverIds: string[];
  categoryIds: string[];
  depotIds: string[];
  termsTemplateIds: string[];
}

const unique = (ids: readonly (string | null | undefined)[]) => [
  ...new Set(ids.filter((id): id is string => Boolean(id))),
];

async function byId<T extends { id: string }>(ids: string[], load: (ids: string[]) => Promise<T[]>) {
  const rows = ids.length > 0 ? await load(ids) : [];
  return new Map(rows.map((r) => [r.id, r]));
}

export async function loadReferences(db: Db, refs: ReferencedIds) {
  // One statement after another: inside a transaction they share one connection, which runs one
  // statement at a time (overlapping them is deprecated by pg and queues anyway).
  const customerRows = await byId(unique(refs.customerIds), (ids) =>
    db
      .select({ id: customers.id, isActive: customers.isActive })
      .from(customers)
      .where(inArray(customers.id, ids)),
  );
  const contactRows = await byId(unique(refs.contactIds), (ids) =>
    db
      .select({ id: customerContacts.id, customerId: customerContacts.customerId })
      .from(customerContacts)
      .where(inArray(customerContacts.id, ids)),
  );
  const vehicleRows = await byId(unique(refs.vehicleIds), (ids) =>
    db
      .select({
        id: vehicles.id,
        isActive: vehicles.isActive,
        categoryId: vehicles.categoryId,
        defaultDepotId: vehicles.defaultDepotId,
      })
      .from(vehicles)
      .where(inArray(vehicles.id, ids)),
  );
  const driverRows = await byId(unique(refs.driverIds), (ids) =>
    db
      .select({ id: users.id, isActive: users.isActive, roles: users.roles, role: users.role })
      .from(users)
      .where(inArray(users.id, ids)),
  );
  const categoryRows = await byId(unique(refs.categoryIds), (ids) =>
    db
      .select({
        id: vehicleCategoriesNew.id,
        name: vehicleCategoriesNew.name,
        color: vehicleCategoriesNew.color,
      })
      .from(vehicleCategoriesNew)
      .where(inArray(vehicleCategoriesNew.id, ids)),
  );
  const depotRows = await byId(unique(refs.depotIds), (ids) =>
    db.select({ id: depots.id }).from(depots).where(inArray(depots.id, ids)),
  );
  const templateRows = await byId(unique(refs.termsTemplateIds), (ids) =>
    db.select({ id: termsTemplates.id }).from(termsTemplates).where(inArray(termsTemplates.id, ids)),
  );
  return {
    customers: customerRows,
    contacts: contactRows,
    vehicles: vehicleRows,
    drivers: driverRows,
    categories: categoryRows,
    depots: depotRows,
    termsTemplates: templateRows,
  };
}

export type References = Awaited<ReturnType<typeof loadReferences>>;

/** Categories of the vehicles chosen without a type, read after the vehicles are known. */
export async function loadCategories(db: Db, ids: string[]) {
  return byId(unique(ids), (list) =>
    db
      .select({
        id: vehicleCategoriesNew.id,
        name: vehicleCategoriesNew.name,
        color: vehicleCategoriesNew.color,
      })
      .from(vehicleCategoriesNew)
      .where(inArray(vehicleCategoriesNew.id, list)),
  );
}
