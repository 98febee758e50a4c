import { z } from 'zod';
import { lineText, optionalId, pageOf } from './fields';

// Address suggestions for a job's legs (issue 29; ADR 29): the operator's depots, the customer's
// address, and addresses used on earlier jobs, this customer's first. Searched on the server.

/** Where a suggestion comes from, in the order they are offered. */
export const ADDRESS_SOURCES = ['depot', 'customer', 'customer_job', 'job'] as const;
export type AddressSource = (typeof ADDRESS_SOURCES)[number];

/** The heading each source has in the list of suggestions. */
export const ADDRESS_SOURCE_LABELS: Record<AddressSource, string> = {
  depot: 'Depots',
  customer: "Customer's address",
  customer_job: "This customer's earlier jobs",
  job: 'Earlier jobs',
};

/** Addresses from every other job are searched once this much is typed (see ADR 29). */
export const ANY_JOB_MIN_SEARCH = 2;

export const AddressSuggestionQuerySchema = z.object({
  search: lineText(200).optional(),
  /** The job's customer: its address and its earlier jobs come before everyone else's. */
  customerId: optionalId(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
  offset: z.coerce.number().int().min(0).default(0),
});
export type AddressSuggestionQuery = z.input<typeof AddressSuggestionQuerySchema>;

export const AddressSuggestionSchema = z.object({
  address: z.string(),
  source: z.enum(ADDRESS_SOURCES),
  /** The depot's name for a depot; null otherwise. */
  label: z.string().nullable(),
  /** How many legs of earlier jobs used the address (0 for a depot or the customer's address not yet used). */
  uses: z.number().int(),
});
export type AddressSuggestion = z.infer<typeof AddressSuggestionSchema>;

export const AddressSuggestionPageSchema = pageOf(AddressSuggestionSchema);
export type AddressSuggestionPage = z.infer<typeof AddressSuggestionPageSchema>;
