// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSection } from './section-harness';
import { ServiceSection } from './service-section';

describe('ServiceSection', () => {
  it('takes the title, date, passengers and description', async () => {
    const { user, state } = renderSection((props) => <ServiceSection {...props} />);
    expect(screen.getByRole('region', { name: 'Service Details' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Museum excursion');
    await user.type(screen.getByLabelText('Service date'), '2030-05-02');
    await user.type(screen.getByRole('textbox', { name: 'Passengers' }), '80');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Two classes');
    expect(state()).toMatchObject({
      title: 'Museum excursion',
      serviceDate: '2030-05-02',
      paxCount: '80',
      serviceDescription: 'Two classes',
    });
  });

  it("shows each field's message", () => {
    renderSection((props) => <ServiceSection {...props} />, {
      errors: { serviceDate: 'Use a date like 2026-03-31', paxCount: 'Passengers must be a whole number' },
    });
    expect(screen.getByLabelText('Service date')).toHaveAccessibleDescription('Use a date like 2026-03-31');
    expect(screen.getByRole('textbox', { name: 'Passengers' })).toHaveAccessibleDescription(
      'Passengers must be a whole number',
    );
  });
});
