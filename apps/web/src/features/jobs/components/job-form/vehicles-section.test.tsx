// @vitest-environment happy-dom
import type { Driver, HoursWarning, JobChecks, Vehicle, VehicleCategory } from '@dms/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CATEGORY_OPTIONS_KEY, DRIVER_OPTIONS_KEY, VEHICLE_OPTIONS_KEY } from '../../api';
import { addSlot, initialState, updateSlot } from '../../job-form-state';
import { choose, page, renderSection } from './section-harness';
import { VehiclesSection } from './vehicles-section';

const category = (id: string, name: string, isActive: 0 | 1 = 1) =>
  ({ id, name, isActive }) as VehicleCategory;
const vehicle = (id: string, registrationNumber: string, categoryId: string, extra: Partial<Vehicle> = {}) =>
  ({
    id,
    registrationNumber,
    nickname: null,
    categoryId,
    isActive: 1,
    openDefect: null,
    ...extra,
  }) as Vehicle;
const driver = (id: string, firstName: string, lastName: string, isActive: 0 | 1 = 1) =>
  ({ id, firstName, lastName, email: `${firstName}@example.test`, isActive }) as Driver;

const data: [unknown[], unknown][] = [
  [
    CATEGORY_OPTIONS_KEY,
    page([category('coach', 'Coach'), category('bus', 'School Bus'), category('old', 'Old', 0)]),
  ],
  [
    VEHICLE_OPTIONS_KEY,
    page([
      vehicle('v1', 'MO 4104', 'coach', { nickname: 'Ironbark' }),
      vehicle('v2', 'MO 4107', 'bus'),
      vehicle('v3', 'MO 4110', 'coach', {
        openDefect: { summary: 'Brake light out' } as Vehicle['openDefect'],
      }),
      vehicle('v4', 'MO 4199', 'coach', { isActive: 0 }),
    ]),
  ],
  [
    DRIVER_OPTIONS_KEY,
    page([driver('d1', 'James', 'Wilson'), driver('d2', 'Priya', 'Sharma'), driver('d3', 'Gone', 'Away', 0)]),
  ],
];

const noChecks = { checks: undefined, hoursWarnings: [] as HoursWarning[] };
const slot = () => within(screen.getAllByTestId('job-slot')[0]!);
const optionNames = () => screen.getAllByRole('option').map((o) => o.textContent);

describe('VehiclesSection', () => {
  it('starts with no vehicles and adds a slot of the first active vehicle type', async () => {
    const { user, state } = renderSection((props) => <VehiclesSection {...props} {...noChecks} />, { data });
    expect(screen.getByText(/^No vehicles yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Vehicle' }));
    expect(screen.getAllByTestId('job-slot')).toHaveLength(1);
    expect(state().slots[0]).toMatchObject({ categoryId: 'coach', vehicleId: null, driverId: null });
    expect(slot().getByRole('combobox', { name: 'Vehicle type' })).toHaveValue('Coach');
    expect(screen.queryByText(/^No vehicles yet/)).toBeNull();
  });

  it('opens the driver picker only once a vehicle is chosen, and clears the driver with the vehicle', async () => {
    const { user, state } = renderSection((props) => <VehiclesSection {...props} {...noChecks} />, {
      data,
      state: addSlot('coach')(initialState(null)),
    });
    const driverPicker = () => slot().getByRole('combobox', { name: 'Driver' });
    expect(driverPicker()).toBeDisabled();
    expect(driverPicker()).toHaveAttribute('placeholder', 'Choose a vehicle first');

    await choose(user, slot().getByRole('combobox', { name: 'Vehicle' }), 'MO 4104 · Ironbark');
    expect(driverPicker()).toBeEnabled();
    expect(driverPicker()).toHaveAttribute('placeholder', 'Choose a driver');
    await user.click(driverPicker());
    expect(optionNames()).toEqual(['James Wilson', 'Priya Sharma']);
    await user.click(screen.getByRole('option', { name: 'James Wilson' }));
    expect(state().slots[0]).toMatchObject({ vehicleId: 'v1', driverId: 'd1' });

    // Choosing the chosen vehicle again clears it (as its × does).
    await choose(user, slot().getByRole('combobox', { name: 'Vehicle' }), 'MO 4104 · Ironbark');
    expect(state().slots[0]).toMatchObject({ vehicleId: null, driverId: null });
    expect(driverPicker()).toBeDisabled();
  });

  it('offers the active vehicles of the slot type, and marks an open defect', async () => {
    const { user } = renderSection((props) => <VehiclesSection {...props} {...noChecks} />, {
      data,
      state: addSlot('coach')(initialState(null)),
    });
    await user.click(slot().getByRole('combobox', { name: 'Vehicle' }));
    expect(optionNames()).toEqual(['MO 4104 · Ironbark', 'MO 4110 · Defect open']);
  });

  it('warns about a chosen vehicle with an open defect', () => {
    renderSection((props) => <VehiclesSection {...props} {...noChecks} />, {
      data,
      state: updateSlot(0, { vehicleId: 'v3' })(addSlot('coach')(initialState(null))),
    });
    expect(screen.getByTestId('job-defects')).toHaveTextContent(
      'MO 4110 failed an inspection (Brake light out). It cannot be clocked on until a manager clears the defect in Settings → Company Vehicles.',
    );
  });

  it('removes a slot', async () => {
    const { user, state } = renderSection((props) => <VehiclesSection {...props} {...noChecks} />, {
      data,
      state: addSlot('bus')(addSlot('coach')(initialState(null))),
    });
    await user.click(screen.getByRole('button', { name: 'Remove vehicle 1' }));
    expect(state().slots.map((s) => s.categoryId)).toEqual(['bus']);
    expect(screen.getByText('Vehicle 1')).toBeInTheDocument();
  });

  it('shows what the checks found, and asks for a reason for the hours', async () => {
    const warning: HoursWarning = {
      driverId: 'd2',
      driverName: 'Priya Sharma',
      breaches: [
        { label: '12 h work in any 24 h', text: 'Would work 12 h 30 min in 24 h', nextLegalAt: null },
      ],
    };
    const checks = {
      clashes: [
        {
          kind: 'driver',
          name: 'Priya Sharma',
          vehicleId: null,
          driverId: 'd2',
          otherJobId: 'j9',
          otherJobNumber: 'J-00009',
          otherJobTitle: 'Early shuttle',
          otherStart: '06:00',
          otherEnd: '15:00',
        },
      ],
      hours: [warning],
    } as JobChecks;
    const { user, state } = renderSection(
      (props) => <VehiclesSection {...props} checks={checks} hoursWarnings={[warning]} />,
      { data, errors: { hoursOverrideReason: 'A reason is needed' } },
    );
    const hours = screen.getByTestId('job-hours');
    expect(hours).toHaveTextContent('Priya Sharma');
    expect(hours).toHaveTextContent('12 h work in any 24 h: Would work 12 h 30 min in 24 h');
    await user.type(
      within(hours).getByRole('textbox', { name: /Reason to allocate anyway/ }),
      'Rest arranged',
    );
    expect(state().hoursOverrideReason).toBe('Rest arranged');
    expect(screen.getByTestId('job-clashes')).toHaveTextContent(
      'Priya Sharma is already on J-00009 Early shuttle (06:00–15:00)',
    );
  });
});
