import { describe, expect, it } from 'vitest';
import { customerSearchScore, rankCustomers } from './customer-search';

const customer = (companyName: string, email: string | null = null, phone: string | null = null) => ({
  companyName,
  email,
  phone,
});
const contact = (name: string, email: string | null = null, phone: string | null = null) => ({
  name,
  email,
  phone,
});

describe('customer search ranking', () => {
  it('scores the best reason a customer matches', () => {
    expect(customerSearchScore(customer('Harbour Schools'), [], 'harb')).toBe(10);
    expect(customerSearchScore(customer('Sydney Harbour Tours'), [], 'harbour')).toBe(8);
    expect(customerSearchScore(customer('Acme'), [contact('Harriet Jones')], 'har')).toBe(6);
    expect(customerSearchScore(customer('Acme'), [contact('Sam Harris')], 'harr')).toBe(4);
    expect(customerSearchScore(customer('Acme', 'bookings@harbour.example'), [], 'bookings@')).toBe(2);
    expect(customerSearchScore(customer('Acme', null, '02 9555 1234'), [], '9555')).toBe(2);
    expect(customerSearchScore(customer('Acme'), [contact('Pat', null, '0400 123 456')], '0400123')).toBe(2);
    expect(customerSearchScore(customer('Acme'), [], 'zzz')).toBe(0);
    expect(customerSearchScore(customer('Acme'), [], '  ')).toBe(0);
  });

  it('orders by score, then by name, and drops non-matches', () => {
    const list = [
      { customer: customer('Zeta Harbour'), contacts: [] },
      { customer: customer('Acme'), contacts: [contact('Harbour Master')] },
      { customer: customer('Harbour City Coaches'), contacts: [] },
      { customer: customer('Bondi Harbour'), contacts: [] },
      { customer: customer('Nothing'), contacts: [] },
    ];
    expect(rankCustomers(list, 'harbour').map((c) => c.customer.companyName)).toEqual([
      'Harbour City Coaches',
      'Bondi Harbour',
      'Zeta Harbour',
      'Acme',
    ]);
  });
});
