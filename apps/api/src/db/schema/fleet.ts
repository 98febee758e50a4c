import { VEHICLE_TYPES } from '@dms/domain';
import { relations, sql } from 'drizzle-orm';
import { index, integer, numeric, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { flag, id, timestamps, version } from './columns';

// Vehicles, vehicle categories, depots and subcontractors (spec 2 §3.2).

export const vehicleTypeEnum = pgEnum('vehicle_type', VEHICLE_TYPES);

export const vehicleCategoriesNew = pgTable('vehicle_categories_new', {
  id: id(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  /** Hex colour as edited in settings. */
  color: text('color').notNull().default('#3b82f6'),
  /** The licence class a driver needs for vehicles of this category (of the operator's set); null: none. */
  requiredLicenceClass: text('required_licence_class'),
  isActive: flag('is_active', 1),
  ...timestamps(),
});

export const subcontractors = pgTable('subcontractors', {
  id: id(),
  companyName: text('company_name').notNull(),
  contactName: text('contact_name'),
  phone: text('phone'),
  email: text('email'),
  address: text('address'),
  isActive: flag('is_active', 1),
  ...timestamps(),
});

export const depots = pgTable(
  'depots',
  {
    id: id(),
    name: text('name').notNull(),
    address: text('address'),
    // A depot is only a place: losing its owner must not lose the depot.
    subcontractorId: text('subcontractor_id').references(() => subcontractors.id, { onDelete: 'set null' }),
    isActive: flag('is_active', 1),
    ...timestamps(),
  },
  (t) => [index('depots_subcontractor_id_idx').on(t.subcontractorId)],
);

export const vehicles = pgTable(
  'vehicles',
  {
    id: id(),
    type: vehicleTypeEnum('type').notNull().default('company_owned'),
    /** Legacy category slug; `categoryId` is the real link. */
    category: text('category'),
    // restrict: a category still used by vehicles cannot be deleted (the API answers 409).
    categoryId: text('category_id').references(() => vehicleCategoriesNew.id),
    registrationNumber: text('registration_number').unique(),
    nickname: text('nickname'),
    make: text('make'),
    model: text('model'),
    seatedCapacity: integer('seated_capacity').notNull().default(0),
    standingCapacity: integer('standing_capacity').notNull().default(0),
    /** Litres; optional. A fuel log above it is refused unless confirmed with a reason (ADR 27). */
    tankCapacityLitres: numeric('tank_capacity_litres', { precision: 7, scale: 2, mode: 'number' }),
    extraOptions: text('extra_options').array().notNull().default(sql`'{}'::text[]`),
    defaultDepotId: text('default_depot_id').references(() => depots.id, { onDelete: 'set null' }),
    // restrict: a partner vehicle must keep its owner; remove (or reassign) the vehicles first.
    subcontractorId: text('subcontractor_id').references(() => subcontractors.id),
    isActive: flag('is_active', 1),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    index('vehicles_subcontractor_id_idx').on(t.subcontractorId),
    index('vehicles_category_id_idx').on(t.categoryId),
    index('vehicles_default_depot_id_idx').on(t.defaultDepotId),
    // Registrations are unique whatever their case (the API checks first and answers 409).
    uniqueIndex('vehicles_registration_number_lower_uq').on(sql`lower(${t.registrationNumber})`),
  ],
);

export const vehicleCategoriesNewRelations = relations(vehicleCategoriesNew, ({ many }) => ({
  vehicles: many(vehicles),
}));

export const subcontractorsRelations = relations(subcontractors, ({ many }) => ({
  vehicles: many(vehicles),
  depots: many(depots),
}));

export const depotsRelations = relations(depots, ({ one }) => ({
  subcontractor: one(subcontractors, { fields: [depots.subcontractorId], references: [subcontractors.id] }),
}));

export const vehiclesRelations = relations(vehicles, ({ one }) => ({
  vehicleCategory: one(vehicleCategoriesNew, {
    fields: [vehicles.categoryId],
    references: [vehicleCategoriesNew.id],
  }),
  defaultDepot: one(depots, { fields: [vehicles.defaultDepotId], references: [depots.id] }),
  subcontractor: one(subcontractors, { fields: [vehicles.subcontractorId], references: [subcontractors.id] }),
}));

export type VehicleType = (typeof vehicleTypeEnum.enumValues)[number];
export type VehicleCategory = typeof vehicleCategoriesNew.$inferSelect;
export type NewVehicleCategory = typeof vehicleCategoriesNew.$inferInsert;
export type Subcontractor = typeof subcontractors.$inferSelect;
export type NewSubcontractor = typeof subcontractors.$inferInsert;
export type Depot = typeof depots.$inferSelect;
export type NewDepot = typeof depots.$inferInsert;
export type Vehicle = typeof vehicles.$inferSelect;
export type NewVehicle = typeof vehicles.$inferInsert;
