// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PricingSection } from './pricing-section';
import { choose, renderSection } from './section-harness';

const region = () => within(screen.getByRole('region', { name: 'Pricing' }));

describe('PricingSection', () => {
  it('prices what is typed: 1000 less a 10 % discount, exclusive tax at 10 %', async () => {
    const { user, state } = renderSection((props) => <PricingSection {...props} />);
    await user.type(screen.getByRole('textbox', { name: 'Base price (AUD)' }), '1000');
    await choose(user, screen.getByRole('combobox', { name: 'Tax' }), 'Exclusive');
    await user.click(screen.getByRole('button', { name: 'Add discount' }));
    await user.type(region().getByRole('textbox', { name: 'Description' }), 'Loyalty');
    await user.type(region().getByRole('textbox', { name: 'Amount (AUD)' }), '10');
    await choose(user, region().getByRole('combobox', { name: 'Type' }), 'Percentage');
    expect(region().getByRole('textbox', { name: 'Percent' })).toHaveValue('10');

    const breakdown = within(screen.getByTestId('price-breakdown'));
    expect(breakdown.getByTestId('price-subtotal')).toHaveTextContent('$900.00');
    expect(breakdown.getByTestId('price-tax')).toHaveTextContent('$90.00');
    expect(breakdown.getByTestId('price-total')).toHaveTextContent('$990.00');
    expect(breakdown.getByText('Tax (exclusive, 10%)')).toBeInTheDocument();
    expect(state().discounts).toEqual([
      expect.objectContaining({ description: 'Loyalty', amount: 10, type: 'percentage' }),
    ]);
  });

  it('adds and removes charge and discount rows', async () => {
    const { user, state } = renderSection((props) => <PricingSection {...props} />);
    await user.click(screen.getByRole('button', { name: 'Add charge' }));
    await user.click(screen.getByRole('button', { name: 'Add discount' }));
    await user.click(screen.getByRole('button', { name: 'Add discount' }));
    expect(state().extraCharges).toHaveLength(1);
    expect(state().discounts).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove discount 2' }));
    await user.click(screen.getByRole('button', { name: 'Remove charge 1' }));
    expect(state().extraCharges).toHaveLength(0);
    expect(state().discounts).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Remove discount 2' })).toBeNull();
  });

  it('hides the tax rate when there is no tax', async () => {
    const { user, state } = renderSection((props) => <PricingSection {...props} />);
    expect(screen.getByRole('textbox', { name: 'Tax rate (%)' })).toHaveValue('10');
    await choose(user, screen.getByRole('combobox', { name: 'Tax' }), 'No tax');
    expect(state().taxMode).toBe('none');
    expect(screen.queryByRole('textbox', { name: 'Tax rate (%)' })).toBeNull();
    expect(within(screen.getByTestId('price-breakdown')).getByText(/^Tax\s*$/)).toBeInTheDocument();
  });

  it('takes the currency in capitals and names it in the amounts', async () => {
    const { user, state } = renderSection((props) => <PricingSection {...props} />);
    const currency = screen.getByRole('textbox', { name: 'Currency' });
    await user.clear(currency);
    await user.type(currency, 'nzd');
    expect(state().currency).toBe('NZD');
    expect(screen.getByRole('textbox', { name: 'Base price (NZD)' })).toBeInTheDocument();
  });
});
