// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { JourneySection } from './journey-section';
import { renderSection } from './section-harness';

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
    await user.type(legs()[0]!.getByRole('textbox', { name: 'From' }), 'Northside PS');
    expect(back).toBeDisabled();
    await user.type(legs()[0]!.getByRole('textbox', { name: 'To' }), 'Australian Museum');
    await user.type(legs()[0]!.getByLabelText('Departure'), '08:30');
    expect(back).toBeEnabled();
    await user.click(back);
    expect(legs()).toHaveLength(2);
    expect(legs()[1]!.getByRole('textbox', { name: 'From' })).toHaveValue('Australian Museum');
    expect(legs()[1]!.getByRole('textbox', { name: 'To' })).toHaveValue('Northside PS');
    expect(legs()[1]!.getByLabelText('Departure')).toHaveValue('');
    expect(state().legs[0]).toMatchObject({ departureTime: '08:30' });
  });

  it('adds, moves and removes legs, numbering them from 1', async () => {
    const { user, state } = renderSection((props) => <JourneySection {...props} />);
    await user.type(legs()[0]!.getByRole('textbox', { name: 'From' }), 'A');
    await user.click(screen.getByRole('button', { name: 'Add Leg' }));
    await user.type(legs()[1]!.getByRole('textbox', { name: 'From' }), 'B');
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

  it("shows a leg time's message", () => {
    renderSection((props) => <JourneySection {...props} />, {
      errors: { 'legs.0.arrivalTime': 'Use a time like 09:30' },
    });
    expect(legs()[0]!.getByLabelText('Arrival')).toHaveAccessibleDescription('Use a time like 09:30');
  });
});
