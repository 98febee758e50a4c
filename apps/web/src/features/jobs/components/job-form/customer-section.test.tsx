// @vitest-environment happy-dom
import type { Contact, Customer } from '@dms/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerSearchKey } from '../../api';
import { CustomerSection } from './customer-section';
import { choose, renderSection } from './section-harness';

const customer = (id: string, companyName: string): Customer =>
  ({
    id,
    companyName,
    companyType: 'school',
    phone: '02 9000 1111',
    email: 'office@example.test',
  }) as Customer;
const contact = (id: string, name: string): Contact => ({ id, name }) as Contact;

const results = {
  items: [
    {
      customer: customer('c1', 'Northside Public School'),
      contacts: ['Pat', 'Sam', 'Alex', 'Jo'].map((name, i) => contact(`p${i}`, name)),
    },
    { customer: customer('c2', 'Greenway Bowling Club'), contacts: [] },
  ],
};
const data: [unknown[], unknown][] = [[customerSearchKey(''), results]];

describe('CustomerSection', () => {
  it('lists the customers found, with their first contacts', () => {
    renderSection((props) => <CustomerSection {...props} />, { data });
    const found = within(screen.getByTestId('customer-results'));
    const northside = found.getByRole('button', { name: 'Choose Northside Public School' });
    expect(northside).toHaveTextContent('Pat');
    expect(northside).toHaveTextContent('+1 more');
    expect(found.getByRole('button', { name: 'Choose Greenway Bowling Club' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search customers' })).toHaveValue('');
  });

  it('chooses a customer with its first contact, and changes it again', async () => {
    const { user, state } = renderSection((props) => <CustomerSection {...props} />, { data });
    await user.click(screen.getByRole('button', { name: 'Choose Northside Public School' }));
    expect(state()).toMatchObject({ customer: { id: 'c1' }, contactId: 'p0' });
    const chosen = screen.getByTestId('chosen-customer');
    expect(chosen).toHaveTextContent('Northside Public School');
    expect(chosen).toHaveTextContent('02 9000 1111 · office@example.test');
    expect(screen.queryByRole('textbox', { name: 'Search customers' })).toBeNull();
    await user.click(within(chosen).getByRole('button', { name: 'Change' }));
    expect(state()).toMatchObject({ customer: null, contactId: null });
    expect(screen.getByRole('textbox', { name: 'Search customers' })).toBeInTheDocument();
  });

  it('takes a new customer: the name label follows the type, contacts are added and removed', async () => {
    const { user, state } = renderSection((props) => <CustomerSection {...props} />, {
      data,
      errors: { 'newCustomer.companyName': 'Company/School name is required' },
    });
    await user.click(screen.getByText('New customer'));
    expect(state().customerMode).toBe('new');
    await choose(user, screen.getByRole('combobox', { name: 'Type' }), 'School');
    const name = screen.getByRole('textbox', { name: 'School Name' });
    expect(name).toHaveAccessibleDescription('Company/School name is required');
    await user.type(name, 'Northside PS');
    await user.type(screen.getAllByRole('textbox', { name: 'Phone' })[0]!, '02 9000 1111');
    await user.type(screen.getByRole('textbox', { name: 'Address' }), '1 Main St');

    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    await user.type(screen.getByRole('textbox', { name: 'Contact 1 name' }), 'Pat Principal');
    await user.type(screen.getByRole('textbox', { name: 'Contact 2 name' }), 'Sam Secretary');
    await user.click(screen.getByRole('button', { name: 'Remove contact 1' }));
    expect(screen.getByRole('textbox', { name: 'Contact 1 name' })).toHaveValue('Sam Secretary');
    expect(screen.queryByRole('textbox', { name: 'Contact 2 name' })).toBeNull();

    expect(state().newCustomer).toMatchObject({
      companyType: 'school',
      companyName: 'Northside PS',
      phone: '02 9000 1111',
      address: '1 Main St',
    });
    expect(state().newContacts.map((c) => c.name)).toEqual(['Sam Secretary']);
  });
});
