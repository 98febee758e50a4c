// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addressSuggestionsKey } from '../../api';
import { JourneySection } from './journey-section';
import { page, renderSection } from './section-harness';

const legs = () => screen.getAllByTestId('job-leg').map((leg) => within(leg));

describe('JourneySection', () => {
  it('has the driver notes, the route link and one leg to start with', async () => {
    const { user, state } = renderSection((props) => <JourneySection {...props} />);
    expect(screen.getByRole('region', { name: 'Journey Details' })).toHaveTextContent('Driver notes');
    await user.type(screen.getByRole('textbox', { name: 'Maps route link' }), 'https://maps.example/r');
    expect(state().mapsLink).toBe('https://maps.example/r');
    expect(legs()).toHaveLength(1);
    expect(legs()[0]!.getByText('Leg 1')).toBeInTheDocument();
    expect(legs()[0]!.getByRole('button', { name: 'Remove leg 1' })).toBeDisabled();
    expect(legs()[0]!.getByRole('button', { name: 'Move leg 1 up' })).toBeDisabled();
    expect(legs()[0]!.getByRole('button', { name: 'Move leg 1 down' })).toBeDisabled();
  });

  it('offers the return journey once the first leg has both ends, and appends it reversed', async () => {
    const { user, state } = renderSection((props) => <JourneySection {...props} />);
    const back = screen.getByRole('button', { name: 'Return Journey' });
    expect(back).toBeDisabled();
    await user.type(legs()[0]!.getByRole('combobox', { name: 'From' }), 'Northside PS');
    expect(back).toBeDisabled();
    await user.type(legs()[0]!.getByRole('combobox', { name: 'To' }), 'Australian Museum');
    await user.type(legs()[0]!.getByLabelText('Departure'), '08:30');
    expect(back).toBeEnabled();
    await user.click(back);
    expect(legs()).toHaveLength(2);
    expect(legs()[1]!.getByRole('combobox', { name: 'From' })).toHaveValue('Australian Museum');
    expect(legs()[1]!.getByRole('combobox', { name: 'To' })).toHaveValue('Northside PS');
    expect(legs()[1]!.getByLabelText('Departure')).toHaveValue('');
    expect(state().legs[0]).toMatchObject({ departureTime: '08:30' });
  });

  it('adds, moves and removes legs, numbering them from 1', async () => {
    const { user, state } = renderSection((props) => <JourneySection {...props} />);
    await user.type(legs()[0]!.getByRole('combobox', { name: 'From' }), 'A');
    await user.click(screen.getByRole('button', { name: 'Add Leg' }));
    await user.type(legs()[1]!.getByRole('combobox', { name: 'From' }), 'B');
    await user.type(legs()[1]!.getByRole('textbox', { name: 'Leg notes' }), 'Stop at the gate');
    expect(legs()[1]!.getByText('Leg 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Move leg 2 up' }));
    expect(state().legs.map((l) => l.originAddress)).toEqual(['B', 'A']);
    expect(legs()[0]!.getByRole('textbox', { name: 'Leg notes' })).toHaveValue('Stop at the gate');

    await user.click(screen.getByRole('button', { name: 'Remove leg 1' }));
    expect(state().legs.map((l) => l.originAddress)).toEqual(['A']);
    expect(legs()[0]!.getByText('Leg 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove leg 1' })).toBeDisabled();
  });

  it('offers depots, the customer and earlier jobs as suggestions, grouped, and fills the leg with one', async () => {
    const { user, state } = renderSection((props) => <JourneySection {...props} />, {
      data: [
        [
          addressSuggestionsKey('', null),
          page([
            { address: '9 Yard St, Alexandria', source: 'depot', label: 'Central depot', uses: 0 },
            { address: 'Taronga Zoo, Mosman', source: 'job', label: null, uses: 4 },
          ]),
        ],
        [['/api/depots', { limit: 200 }], page([])],
      ],
    });
    await user.click(legs()[0]!.getByRole('combobox', { name: 'From' }));
    const list = await screen.findByRole('listbox');
    expect(within(list).getByText('Depots')).toBeInTheDocument();
    expect(within(list).getByText('Earlier jobs')).toBeInTheDocument();
    expect(within(list).getByText('4 uses')).toBeInTheDocument();
    await user.click(within(list).getByRole('option', { name: /Central depot/ }));
    expect(state().legs[0]!.originAddress).toBe('9 Yard St, Alexandria');
  });

  it("sets the first pickup and the last drop-off from the depot picker; a depot with no address can't be chosen", async () => {
    const { user, state } = renderSection((props) => <JourneySection {...props} />, {
      data: [
        [
          ['/api/depots', { limit: 200 }],
          page([
            { id: 'd1', name: 'Central', address: '9 Yard St', isActive: 1 },
            { id: 'd2', name: 'Annex', address: null, isActive: 1 },
          ]),
        ],
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Add Leg' }));
    const picker = screen.getByRole('combobox', { name: 'Depot' });
    await user.click(picker);
    expect(screen.getByRole('option', { name: 'Annex (no address)' })).toHaveAttribute(
      'data-combobox-disabled',
    );
    await user.click(screen.getByRole('option', { name: 'Central — 9 Yard St' }));
    expect(state().legs.map((l) => [l.originAddress, l.destinationAddress])).toEqual([
      ['9 Yard St', ''],
      ['', '9 Yard St'],
    ]);
    expect(picker).toHaveValue('Central — 9 Yard St');
  });

  it("shows a leg time's message", () => {
    renderSection((props) => <JourneySection {...props} />, {
      errors: { 'legs.0.arrivalTime': 'Use a time like 09:30' },
    });
    expect(legs()[0]!.getByLabelText('Arrival')).toHaveAccessibleDescription('Use a time like 09:30');
  });
});
