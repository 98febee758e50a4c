import { z } from 'zod';
import { flag01, ListQuerySchema, optionalEmail, optionalPhone, optionalText, requiredText } from './fields';
import { optionalVersion } from './fleet.schema';

// Customers and their contacts (spec 2 §2.7, §3.1, §5, §7.3).

export const CUSTOMER_TYPES = ['school', 'corporate', 'private', 'other'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

export const CUSTOMER_TYPE_LABELS: Record<CustomerType, string> = {
  school: 'School',
  corporate: 'Corporate',
  private: 'Private',
  other: 'Other',
};

/** The name field's label: 'School Name' for schools (spec 2 §2.7). */
export function customerNameLabel(type: CustomerType): string {
  return type === 'school' ? 'School Name' : 'Company Name';
}

export const CONTACT_ROLE_SUGGESTIONS: Record<CustomerType, readonly string[]> = {
  school: [
    'Principal',
    'Vice Principal',
    'Administration Officer',
    'Booking Coordinator',
    'Teacher',
    'Office Manager',
    'Finance Officer',
    'Secretary',
  ],
  corporate: [
    'CEO',
    'Manager',
    'Administrative Assistant',
    'Booking Coordinator',
    'HR Manager',
    'Finance Manager',
    'Office Manager',
    'Executive Assistant',
  ],
  private: [],
  other: [],
};

export const PAYMENT_TERMS_MESSAGE = 'Payment terms are 0 to 365 days';

/** Settings form: 'Company name is required' (the job form says 'Company/School name is required'). */
export const CustomerInputSchema = z.object({
  companyName: requiredText('Company name is required'),
  companyType: z.enum(CUSTOMER_TYPES).default('other'),
  phone: optionalPhone(),
  email: optionalEmail(),
  address: optionalText(),
  /** Where invoices are mailed; the customer's email when empty (issue 25). */
  billingEmail: optionalEmail(),
  /** Days from an invoice's issue to its due date; the invoice settings' default when empty. */
  paymentTermsDays: z
    .preprocess(
      (v) => (v === '' ? null : v),
      z
        .number({ error: PAYMENT_TERMS_MESSAGE })
        .int({ error: PAYMENT_TERMS_MESSAGE })
        .min(0, { error: PAYMENT_TERMS_MESSAGE })
        .max(365, { error: PAYMENT_TERMS_MESSAGE })
        .nullable()
        .optional(),
    )
    .transform((v) => v ?? null),
});
export type CustomerInput = z.input<typeof CustomerInputSchema>;

/**
 * PUT /api/customers/{id}: the whole form (omitted optional fields are cleared), the `version` it
 * was loaded at (optional), and isActive to restore an archived customer. An omitted companyType
 * keeps the stored one rather than the default.
 */
export const UpdateCustomerInputSchema = CustomerInputSchema.extend({
  companyType: z.enum(CUSTOMER_TYPES).optional(),
  isActive: flag01().optional(),
  version: optionalVersion(),
});
export type UpdateCustomerInput = z.input<typeof UpdateCustomerInputSchema>;

/** GET /api/customers: search over company name, email, phone and contact names. */
export const CustomerListQuerySchema = ListQuerySchema.extend({
  type: z.enum(CUSTOMER_TYPES).optional(),
});
export type CustomerListQuery = z.input<typeof CustomerListQuerySchema>;

export const CustomerSchema = z.object({
  id: z.string(),
  companyName: z.string(),
  companyType: z.enum(CUSTOMER_TYPES),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  billingEmail: z.string().nullable(),
  paymentTermsDays: z.number().int().nullable(),
  loyaltyPoints: z.number().int(),
  totalBookings: z.number().int(),
  totalRevenue: z.number(),
  isActive: z.union([z.literal(0), z.literal(1)]),
  /** Active contacts. */
  contactCount: z.number().int(),
  version: z.number().int(),
});
export type Customer = z.infer<typeof CustomerSchema>;

/** What a customer owes on its issued invoices (not void, not credit notes), and how much of it is overdue. */
export const CustomerOwesSchema = z.object({
  outstanding: z.number(),
  overdue: z.number(),
});
export type CustomerOwes = z.infer<typeof CustomerOwesSchema>;

/** A row of the customer list: the customer and what it owes. */
export const CustomerListItemSchema = CustomerSchema.extend({ owes: CustomerOwesSchema });
export type CustomerListItem = z.infer<typeof CustomerListItemSchema>;

export const ContactInputSchema = z.object({
  name: requiredText('Contact name is required'),
  role: optionalText(),
  email: optionalEmail(),
  phone: optionalPhone(),
});
export type ContactInput = z.input<typeof ContactInputSchema>;

export const ContactSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  name: z.string(),
  role: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  isActive: z.union([z.literal(0), z.literal(1)]),
});
export type Contact = z.infer<typeof ContactSchema>;

/** GET /api/customers/contacts/all: a contact with its customer's name. */
export const ContactWithCustomerSchema = ContactSchema.extend({
  customerName: z.string(),
  customerType: z.enum(CUSTOMER_TYPES),
});
export type ContactWithCustomer = z.infer<typeof ContactWithCustomerSchema>;

/** GET /api/customers/search: the job form's ranked customer search. */
export const CustomerSearchQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const CustomerSearchResultSchema = z.object({
  items: z.array(z.object({ customer: CustomerSchema, contacts: z.array(ContactSchema) })),
});
export type CustomerSearchResult = z.infer<typeof CustomerSearchResultSchema>;
