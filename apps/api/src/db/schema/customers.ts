import { CUSTOMER_TYPES } from '@dms/domain';
import { relations } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { flag, id, money, timestamps, version } from './columns';

// Customers and their contacts (spec 2 §3.2). Deleting a customer is an archive (isActive = 0).

export const customerTypeEnum = pgEnum('customer_type', CUSTOMER_TYPES);

export const customers = pgTable('customers', {
  id: id(),
  companyName: text('company_name').notNull(),
  companyType: customerTypeEnum('company_type').notNull().default('other'),
  phone: text('phone'),
  email: text('email'),
  address: text('address'),
  /** Where invoices are mailed; the customer's email when empty (issue 25). */
  billingEmail: text('billing_email'),
  /** Days from an invoice's issue to its due date; the invoice settings' default when null. */
  paymentTermsDays: integer('payment_terms_days'),
  loyaltyPoints: integer('loyalty_points').notNull().default(0),
  totalBookings: integer('total_bookings').notNull().default(0),
  totalRevenue: money('total_revenue').notNull().default(0),
  isActive: flag('is_active', 1),
  version: version(),
  ...timestamps(),
});

export const customerContacts = pgTable(
  'customer_contacts',
  {
    id: id(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    role: text('role'),
    email: text('email'),
    phone: text('phone'),
    isActive: flag('is_active', 1),
    ...timestamps(),
  },
  (t) => [index('customer_contacts_customer_id_idx').on(t.customerId)],
);

export const customersRelations = relations(customers, ({ many }) => ({
  contacts: many(customerContacts),
}));

export const customerContactsRelations = relations(customerContacts, ({ one }) => ({
  customer: one(customers, { fields: [customerContacts.customerId], references: [customers.id] }),
}));

export type CustomerType = (typeof customerTypeEnum.enumValues)[number];
export type Customer = typeof customers.$inferSelect;
export type NewCustomer = typeof customers.$inferInsert;
export type CustomerContact = typeof customerContacts.$inferSelect;
export type NewCustomerContact = typeof customerContacts.$inferInsert;
