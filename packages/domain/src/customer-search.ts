// Ranking of the job form's customer search (spec 2 §9): the best reason a customer matches decides
// its place; ties keep alphabetical order.

export const CUSTOMER_SEARCH_SCORES = {
  companyPrefix: 10,
  companyContains: 8,
  contactPrefix: 6,
  contactContains: 4,
  emailOrPhone: 2,
} as const;

/** Contact chips shown on a result before '+n more'. */
export const CONTACT_CHIPS_SHOWN = 3;

export interface SearchableCustomer {
  companyName: string;
  email: string | null;
  phone: string | null;
}

export interface SearchableContact {
  name: string;
  email: string | null;
  phone: string | null;
}

const digits = (s: string) => s.replace(/\D/g, '');

/** 0 when nothing matches. */
export function customerSearchScore(
  customer: SearchableCustomer,
  contacts: readonly SearchableContact[],
  term: string,
): number {
  const q = term.trim().toLowerCase();
  if (!q) return 0;
  const S = CUSTOMER_SEARCH_SCORES;
  const name = customer.companyName.toLowerCase();
  if (name.startsWith(q)) return S.companyPrefix;
  if (name.includes(q)) return S.companyContains;
  const contactNames = contacts.map((c) => c.name.toLowerCase());
  if (contactNames.some((n) => n.startsWith(q))) return S.contactPrefix;
  if (contactNames.some((n) => n.includes(q))) return S.contactContains;
  const qDigits = digits(q);
  const matchesAddress = (email: string | null, phone: string | null) =>
    (email?.toLowerCase().includes(q) ?? false) ||
    (qDigits.length >= 3 && phone !== null && digits(phone).includes(qDigits));
  if (
    matchesAddress(customer.email, customer.phone) ||
    contacts.some((c) => matchesAddress(c.email, c.phone))
  ) {
    return S.emailOrPhone;
  }
  return 0;
}

/** The matching customers, best first, then by name. */
export function rankCustomers<
  T extends { customer: SearchableCustomer; contacts: readonly SearchableContact[] },
>(candidates: readonly T[], term: string): T[] {
  return candidates
    .map((c) => ({ c, score: customerSearchScore(c.customer, c.contacts, term) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.c.customer.companyName.localeCompare(b.c.customer.companyName))
    .map((r) => r.c);
}
