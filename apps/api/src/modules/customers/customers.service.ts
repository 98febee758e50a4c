import {
  type Customer,
  type CustomerOwes,
  type DeleteResult,
  STALE_VERSION_MESSAGE,
  type UpdateCustomerInputSchema,
} from '@dms/domain';
import type { z } from 'zod';
import type { Database, Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { deleteOrDeactivate, usageInWords } from '../../lib/delete-or-deactivate';
import { Port, UsageRegistry } from '../../lib/record-hooks';
import {
  deactivateContact,
  deleteContact,
  getCustomer,
  lockContact,
  updateCustomer,
} from './customers.repository';

type UpdateCustomerInput = z.output<typeof UpdateCustomerInputSchema>;

export const CUSTOMER_NOT_FOUND = 'Customer not found';
export const CONTACT_NOT_FOUND = 'Contact not found';

export async function updateCustomerById(
  db: Database,
  id: string,
  input: UpdateCustomerInput,
): Promise<Customer> {
  const { version, ...values } = input;
  const outcome = await updateCustomer(db, id, values, version);
  if (outcome === 'missing') throw new HttpError(404, CUSTOMER_NOT_FOUND);
  if (outcome === 'stale') throw new HttpError(409, STALE_VERSION_MESSAGE);
  return (await getCustomer(db, id))!;
}

/** Deleting a customer archives it: hidden from the active lists, its jobs keep it. */
export async function archiveCustomer(db: Database, id: string): Promise<{ message: string }> {
  const outcome = await updateCustomer(db, id, { isActive: 0 });
  if (outcome !== 'updated') throw new HttpError(404, CUSTOMER_NOT_FOUND);
  return { message: 'Customer archived successfully' };
}

/** Records that name a customer contact (jobs): record-links.ts registers their counters. */
export const contactUsers = new UsageRegistry();

/**
 * What the customers of a page owe, asked of the invoices module (it depends on customers, through
 * jobs, so it answers through this port; record-links.ts wires it, ADR 25). One grouped query for
 * the page's ids; a customer with nothing owing may be missing from the answer.
 */
export const customerBalances = new Port<
  (db: Db, customerIds: readonly string[], today: string) => Promise<Map<string, CustomerOwes>>
>('Customer balances');

/** Deletes a contact no job names; one that jobs name is deactivated instead, so they keep it. */
export function deleteContactById(db: Database, id: string): Promise<DeleteResult> {
  return deleteOrDeactivate(db, {
    exists: (tx) => lockContact(tx, id),
    notFound: CONTACT_NOT_FOUND,
    usage: async (tx) => usageInWords(await contactUsers.count(tx, id)),
    deactivate: (tx) => deactivateContact(tx, id),
    delete: (tx) => deleteContact(tx, id),
    deactivatedMessage: (usage) => `Contact is used by ${usage}, so it was deactivated instead of deleted`,
    deletedMessage: 'Contact deleted successfully',
  });
}
