import {
  HOURS_MESSAGES,
  type HoursWarning,
  JOB_CHANGED_MESSAGE,
  type Job,
  NEW_CUSTOMER_NAME_MESSAGE,
  type TermsTemplate,
} from '@dms/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  addAdjustment,
  addLeg,
  addReturnLeg,
  addSlot,
  canAddReturnLeg,
  canRemoveLeg,
  chooseTemplate,
  clashQueryOf,
  driversToOffer,
  initialState,
  isJobChanged,
  type JobFormState,
  type JobFormUpdate,
  moveLeg,
  newHoursWarnings,
  offeredText,
  priceOf,
  removeAdjustment,
  removeLeg,
  saveButtonLabel,
  saveFailure,
  saveMessages,
  serverFieldErrors,
  setField,
  setTripDepot,
  showsTaxRate,
  toInput,
  tripStartAddress,
  updateAdjustment,
  updateLeg,
  updateSlot,
  validate,
  withDefaultTemplate,
} from './job-form-state';

const apply = (state: JobFormState, ...updates: JobFormUpdate[]) => updates.reduce((s, u) => u(s), state);

const blank = () => initialState(null);

function storedJob(overrides: Partial<Job> = {}): Job {
  return {
    id: 'job-1',
    jobNumber: 'J-00042',
    title: 'Museum excursion',
    status: 'confirmed',
    serviceDate: '2030-05-02',
    paxCount: 80,
    serviceDescription: null,
    notesDriver: '<p>Gate 3</p>',
    mapsLink: null,
    hasUpdates: 0,
    customer: {
      id: 'cust-1',
      companyName: 'Northside Public School',
      name: 'Northside Public School',
      companyType: 'school',
      phone: '02 9000 1111',
      email: null,
    },
    vehicles: [
      {
        id: 'slot-1',
        slotPosition: 1,
        categoryId: 'cat-coach',
        categoryName: 'Coach',
        categoryColor: null,
        vehicleId: 'veh-1',
        vehicle: null,
        driverId: 'drv-james',
        driver: { id: 'drv-james', firstName: 'James', lastName: 'Wilson' },
        vehicleNotes: null,
        startingDepot: null,
        endingDepot: null,
        offerStatus: 'pending',
      },
    ],
    legs: [
      {
        id: 'leg-1',
        legNumber: 1,
        originAddress: 'Hornsby',
        destinationAddress: 'Sydney',
        departureTime: '08:30',
        arrivalTime: '09:30',
        notes: null,
      },
    ],
    updatedAt: '2030-04-01T00:00:00.000Z',
    customerId: 'cust-1',
    contactId: 'contact-1',
    contact: null,
    loyaltyAwarded: 0,
    basePrice: 1000,
    extraCharges: [],
    discounts: [{ id: 'd1', description: 'Loyalty', amount: 10, type: 'percentage' }],
    subtotal: 900,
    taxMode: 'exclusive',
    taxRate: 10,
    taxAmount: 90,
    totalPrice: 990,
    currency: 'AUD',
    pricingNotes: null,
    termsTemplateId: null,
    termsAndConditions: null,
    createdBy: null,
    createdAt: '2030-04-01T00:00:00.000Z',
    version: 3,
    pendingRequests: 0,
    ...overrides,
  } as Job;
}

const template = (overrides: Partial<TermsTemplate>): TermsTemplate =>
  ({
    id: 't1',
    name: 'Standard',
    content: '<p>Standard</p>',
    isDefault: 0,
    isActive: 1,
    ...overrides,
  }) as TermsTemplate;

const warning = (driverId: string): HoursWarning => ({
  driverId,
  driverName: driverId,
  breaches: [{ label: '12 h work in any 24 h', text: 'over by 30 min', nextLegalAt: null }],
});

describe('initialState', () => {
  it('starts a new job as a draft with one empty leg, 10 % tax and AUD (spec 2 §5)', () => {
    const s = blank();
    expect(s.status).toBe('draft');
    expect(s.legs).toHaveLength(1);
    expect(s.legs[0]).toMatchObject({ originAddress: '', destinationAddress: '', departureTime: '' });
    expect(s).toMatchObject({
      taxMode: 'inclusive',
      taxRate: 10,
      currency: 'AUD',
      slots: [],
      customer: null,
    });
  });

  it('fills the form from a stored job', () => {
    const s = initialState(storedJob());
    expect(s).toMatchObject({
      status: 'confirmed',
      jobNumber: 'J-00042',
      title: 'Museum excursion',
      paxCount: '80',
      serviceDescription: '',
      notesDriver: '<p>Gate 3</p>',
      contactId: 'contact-1',
      basePrice: 1000,
      taxMode: 'exclusive',
    });
    expect(s.customer?.companyName).toBe('Northside Public School');
    expect(s.slots).toEqual([
      expect.objectContaining({ id: 'slot-1', vehicleId: 'veh-1', driverId: 'drv-james', vehicleNotes: '' }),
    ]);
    expect(s.legs[0]).toMatchObject({ originAddress: 'Hornsby', notes: '' });
    expect(s.discounts).toEqual([
      expect.objectContaining({ description: 'Loyalty', amount: 10, type: 'percentage' }),
    ]);
  });

  it('gives a stored job without legs one empty leg to fill', () => {
    expect(initialState(storedJob({ legs: [] })).legs).toHaveLength(1);
  });

  it('gives every row its own key', () => {
    const s = apply(blank(), addLeg, addLeg, addSlot(null), addAdjustment('discounts'));
    const keys = [...s.legs, ...s.slots, ...s.discounts].map((r) => r.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('toInput', () => {
  it('sends what the form holds, without row keys, numbers as numbers', () => {
    const s = apply(
      blank(),
      setField('title', 'Zoo trip'),
      setField('basePrice', '250.5'),
      addAdjustment('extraCharges'),
      updateAdjustment('extraCharges', 0, { description: 'Tolls', amount: '' }),
    );
    const input = toInput(s, null, 'save');
    expect(input).toMatchObject({ title: 'Zoo trip', status: 'draft', basePrice: 250.5, customerId: '' });
    expect(input.extraCharges).toEqual([{ description: 'Tolls', amount: 0, type: 'fixed' }]);
    expect(input.legs?.[0]).not.toHaveProperty('key');
    expect(input).not.toHaveProperty('jobNumber');
    expect(input).not.toHaveProperty('newCustomer');
  });

  it('sends the number and version of the job being edited', () => {
    const job = storedJob();
    expect(toInput(initialState(job), job, 'save')).toMatchObject({ jobNumber: 'J-00042', version: 3 });
  });

  it('stores a draft for Save Draft and Create & Publish, the chosen status for Save', () => {
    const s = setField('status', 'quoted')(blank());
    expect(toInput(s, null, 'save').status).toBe('quoted');
    expect(toInput(s, null, 'draft').status).toBe('draft');
    expect(toInput(s, null, 'publish').status).toBe('draft');
  });

  it('sends a new customer with its contacts, and no existing one', () => {
    const s = apply(
      blank(),
      setField('customerMode', 'new'),
      setField('newCustomer', { ...blank().newCustomer, companyName: 'Bowls Club' }),
      setField('newContacts', [{ key: 'c', name: 'Pat', role: '', email: '', phone: '' }]),
    );
    const input = toInput(s, null, 'save');
    expect(input.customerId).toBe('');
    expect(input.newCustomer).toMatchObject({ companyName: 'Bowls Club', contacts: [{ name: 'Pat' }] });
  });

  it('sends tax rate 0 when there is no tax', () => {
    const s = setField('taxMode', 'none')(blank());
    expect(toInput(s, null, 'save').taxRate).toBe(0);
  });

  it('never sends a driver for a slot without a vehicle', () => {
    const s = setField('slots', [
      { key: 'a', categoryId: 'c', vehicleId: null, driverId: 'drv-1', vehicleNotes: '' },
    ])(blank());
    expect(toInput(s, null, 'save').vehicles?.[0]).toMatchObject({ vehicleId: '', driverId: '' });
  });
});

describe('vehicle slots: a driver needs a vehicle', () => {
  const withSlot = () => apply(blank(), addSlot('cat-coach'));

  it('adds a slot of the given type with nothing chosen', () => {
    expect(withSlot().slots[0]).toMatchObject({ categoryId: 'cat-coach', vehicleId: null, driverId: null });
  });

  it('takes no driver before a vehicle', () => {
    expect(updateSlot(0, { driverId: 'drv-1' })(withSlot()).slots[0]?.driverId).toBeNull();
  });

  it('keeps the driver when the vehicle changes, and drops it when the vehicle is cleared', () => {
    const s = apply(withSlot(), updateSlot(0, { vehicleId: 'veh-1' }), updateSlot(0, { driverId: 'drv-1' }));
    expect(s.slots[0]).toMatchObject({ vehicleId: 'veh-1', driverId: 'drv-1' });
    expect(updateSlot(0, { vehicleId: 'veh-2' })(s).slots[0]).toMatchObject({ driverId: 'drv-1' });
    expect(updateSlot(0, { vehicleId: null })(s).slots[0]).toMatchObject({ vehicleId: null, driverId: null });
  });

  it('changes only the slot it names', () => {
    const s = apply(withSlot(), addSlot(null), updateSlot(1, { vehicleNotes: 'Lift' }));
    expect(s.slots.map((x) => x.vehicleNotes)).toEqual(['', 'Lift']);
  });

  it("never meets the schema's refusal: a driver without a vehicle is dropped, not sent", () => {
    const s = setField('slots', [
      { key: 'a', categoryId: 'c', vehicleId: null, driverId: 'drv-1', vehicleNotes: '' },
    ])(blank());
    const { errors, input } = validate(s, null, 'draft', []);
    expect(errors).toEqual({});
    expect(input.vehicles?.[0]).toMatchObject({ vehicleId: null, driverId: null });
  });
});

describe('legs', () => {
  const twoLegs = () =>
    apply(
      blank(),
      updateLeg(0, { originAddress: 'Hornsby', destinationAddress: 'Sydney' }),
      addLeg,
      updateLeg(1, { originAddress: 'B' }),
    );

  it('offers a return journey only when the first leg has both ends', () => {
    expect(canAddReturnLeg(blank())).toBe(false);
    expect(canAddReturnLeg(updateLeg(0, { originAddress: 'Hornsby' })(blank()))).toBe(false);
    expect(canAddReturnLeg(twoLegs())).toBe(true);
  });

  it('appends the whole trip back, last leg first, each reversed', () => {
    const s = addReturnLeg(
      updateLeg(1, { originAddress: 'Sydney', destinationAddress: 'Museum' })(twoLegs()),
    );
    expect(s.legs.map((l) => [l.originAddress, l.destinationAddress])).toEqual([
      ['Hornsby', 'Sydney'],
      ['Sydney', 'Museum'],
      ['Museum', 'Sydney'],
      ['Sydney', 'Hornsby'],
    ]);
    expect(s.legs[2]).toMatchObject({ departureTime: '', arrivalTime: '', notes: '' });
    expect(new Set(s.legs.map((l) => l.key)).size).toBe(4);
    const none = blank();
    expect(addReturnLeg(none)).toBe(none);
  });

  it("sets a depot as the first leg's pickup and the last leg's drop-off", () => {
    const s = setTripDepot('9 Yard St')(twoLegs());
    expect(s.legs.map((l) => [l.originAddress, l.destinationAddress])).toEqual([
      ['9 Yard St', 'Sydney'],
      ['B', '9 Yard St'],
    ]);
    expect(tripStartAddress(s)).toBe('9 Yard St');
    expect(tripStartAddress(blank())).toBeNull();
    // One leg: the pickup only; the drop-off is where the coach is going.
    const one = setTripDepot('9 Yard St')(updateLeg(0, { destinationAddress: 'Zoo' })(blank()));
    expect(one.legs.map((l) => [l.originAddress, l.destinationAddress])).toEqual([['9 Yard St', 'Zoo']]);
  });

  it('moves a leg up or down, and not past either end', () => {
    const s = twoLegs();
    expect(moveLeg(1, 0)(s).legs.map((l) => l.originAddress)).toEqual(['B', 'Hornsby']);
    expect(moveLeg(0, 1)(s).legs.map((l) => l.originAddress)).toEqual(['B', 'Hornsby']);
    expect(moveLeg(0, -1)(s)).toBe(s);
    expect(moveLeg(1, 2)(s)).toBe(s);
  });

  it('removes a leg only while another remains', () => {
    const s = twoLegs();
    expect(canRemoveLeg(s)).toBe(true);
    const one = removeLeg(0)(s);
    expect(one.legs.map((l) => l.originAddress)).toEqual(['B']);
    expect(canRemoveLeg(one)).toBe(false);
    expect(removeLeg(0)(one)).toBe(one);
  });
});

describe('pricing', () => {
  it('adds, changes and removes discount rows', () => {
    let s = apply(blank(), addAdjustment('discounts'), addAdjustment('discounts'));
    expect(s.discounts).toHaveLength(2);
    expect(s.discounts[0]).toMatchObject({ description: '', amount: '', type: 'fixed' });
    s = updateAdjustment('discounts', 1, { description: 'Second', type: 'percentage' })(s);
    s = removeAdjustment('discounts', 0)(s);
    expect(s.discounts).toEqual([expect.objectContaining({ description: 'Second', type: 'percentage' })]);
    expect(s.extraCharges).toEqual([]);
  });

  it('prices as the server does: 1000 less 10 %, exclusive tax at 10 % is 990', () => {
    const s = apply(
      blank(),
      setField('basePrice', 1000),
      setField('taxMode', 'exclusive'),
      addAdjustment('discounts'),
      updateAdjustment('discounts', 0, { amount: 10, type: 'percentage' }),
    );
    expect(priceOf(s)).toMatchObject({ subtotal: 900, taxAmount: 90, totalPrice: 990 });
  });

  it('counts empty amounts as 0', () => {
    expect(priceOf(apply(blank(), addAdjustment('extraCharges'))).totalPrice).toBe(0);
  });

  it('asks for a tax rate only when tax applies', () => {
    expect(showsTaxRate(blank())).toBe(true);
    expect(showsTaxRate(setField('taxMode', 'none')(blank()))).toBe(false);
  });
});

describe('terms', () => {
  const templates = [
    template({ id: 't1', content: '<p>One</p>' }),
    template({ id: 't2', isDefault: 1, content: '<p>Default</p>' }),
  ];

  it('starts a new job from the default template', () => {
    expect(withDefaultTemplate(templates)(blank())).toMatchObject({
      termsTemplateId: 't2',
      termsAndConditions: '<p>Default</p>',
    });
  });

  it('keeps a template already chosen', () => {
    const s = chooseTemplate('t1', templates)(blank());
    expect(withDefaultTemplate(templates)(s)).toBe(s);
  });

  it("replaces the terms with a chosen template's text, and keeps the text when cleared", () => {
    const s = chooseTemplate('t1', templates)(blank());
    expect(s.termsAndConditions).toBe('<p>One</p>');
    expect(chooseTemplate(null, templates)(s)).toMatchObject({
      termsTemplateId: null,
      termsAndConditions: '<p>One</p>',
    });
  });
});

describe('validate', () => {
  it('passes an empty draft and sends the parsed input', () => {
    const { errors, input } = validate(blank(), null, 'draft', []);
    expect(errors).toEqual({});
    expect(input).toMatchObject({ status: 'draft', title: null, basePrice: 0 });
  });

  it('names the field of each schema message', () => {
    const s = apply(blank(), setField('serviceDate', '2030-02-31'), updateLeg(0, { departureTime: '25:00' }));
    const { errors } = validate(s, null, 'save', []);
    expect(Object.keys(errors).sort()).toEqual(['legs.0.departureTime', 'serviceDate']);
  });

  it('wants a new customer named, except in a draft', () => {
    const s = setField('customerMode', 'new')(blank());
    expect(validate(s, null, 'save', []).errors['newCustomer.companyName']).toBe(NEW_CUSTOMER_NAME_MESSAGE);
    expect(validate(s, null, 'publish', []).errors['newCustomer.companyName']).toBe(
      NEW_CUSTOMER_NAME_MESSAGE,
    );
    expect(validate(s, null, 'draft', []).errors['newCustomer.companyName']).toBeUndefined();
  });

  it('wants a reason when the hours check warns', () => {
    const s = blank();
    expect(validate(s, null, 'save', [warning('d1')]).errors.hoursOverrideReason).toBe(
      HOURS_MESSAGES.reasonRequired,
    );
    expect(
      validate(setField('hoursOverrideReason', 'Rest arranged')(s), null, 'save', [warning('d1')]).errors,
    ).toEqual({});
  });
});

describe('the checks', () => {
  it('asks nothing until there is a date and a vehicle', () => {
    const dated = setField('serviceDate', '2030-05-02')(blank());
    expect(clashQueryOf(dated, undefined)).toBeNull();
    expect(
      clashQueryOf(apply(blank(), addSlot(null), updateSlot(0, { vehicleId: 'v1' })), undefined),
    ).toBeNull();
    const s = apply(
      dated,
      addSlot(null),
      updateSlot(0, { vehicleId: 'v1' }),
      updateLeg(0, { departureTime: '08:00' }),
    );
    expect(clashQueryOf(s, 'job-1')).toEqual({
      jobId: 'job-1',
      serviceDate: '2030-05-02',
      legs: [{ departureTime: '08:00', arrivalTime: '' }],
      vehicles: [{ vehicleId: 'v1', driverId: '' }],
    });
  });

  it('wants reasons only for drivers new to the job', () => {
    const job = storedJob();
    expect(newHoursWarnings([warning('drv-james'), warning('drv-emma')], job).map((w) => w.driverId)).toEqual(
      ['drv-emma'],
    );
    expect(newHoursWarnings([warning('drv-james')], null)).toHaveLength(1);
  });
});

describe('a failed save (spec 2 §8)', () => {
  const answer = (status: number, body: unknown) => new ApiError(status, JSON.stringify(body), '');

  it('maps each answer to its message', () => {
    const fail = (e: unknown) => saveFailure(e, 'Failed to create job', 'Please check');
    expect(fail(answer(409, { message: 'This job number is already used by another job' }))).toBe(
      'This job number is already used by another job',
    );
    expect(fail(new ApiError(409, '', 'Conflict'))).toBe(JOB_CHANGED_MESSAGE);
    expect(fail(answer(500, { message: 'boom' }))).toBe('Server error - please try again');
    expect(fail(answer(400, { message: 'Validation failed' }))).toBe(
      'Some required information is missing or invalid',
    );
    expect(fail(answer(400, { message: 'Unknown customer' }))).toBe('Unknown customer');
    expect(fail(new ApiError(400, '', 'Bad Request'))).toBe('Please check');
    expect(fail(new TypeError('Failed to fetch'))).toBe('Failed to create job');
  });

  it('tells a job changed by someone else from other conflicts', () => {
    expect(isJobChanged(answer(409, { message: JOB_CHANGED_MESSAGE }))).toBe(true);
    expect(isJobChanged(answer(409, { message: 'This job number is already used by another job' }))).toBe(
      false,
    );
    expect(isJobChanged(answer(400, { message: JOB_CHANGED_MESSAGE }))).toBe(false);
  });

  it("reads the server's field messages", () => {
    expect(serverFieldErrors(answer(400, { errors: [{ path: 'title', message: 'Too long' }] }))).toEqual({
      title: 'Too long',
    });
    expect(serverFieldErrors(new ApiError(400, 'not json', ''))).toEqual({});
    expect(serverFieldErrors(new Error('x'))).toEqual({});
  });

  it('has the toasts of each mode', () => {
    expect(saveMessages('save', false)).toMatchObject({
      ok: 'Job created successfully',
      fail: 'Failed to create job',
    });
    expect(saveMessages('save', true)).toMatchObject({
      ok: 'Job updated successfully',
      fail: 'Failed to update job',
    });
    expect(saveMessages('draft', false)).toEqual({
      ok: 'Draft saved successfully',
      fail: 'Failed to save draft',
      bad: 'Please check all fields are filled correctly',
    });
    expect(saveMessages('publish', false)).toMatchObject({
      ok: 'Job created and published successfully! Notifications sent to drivers.',
      fail: 'Failed to create and publish job',
    });
  });
});

describe('what a save will offer (issue 29)', () => {
  it('counts drivers on slots who hold no pending or accepted offer, only when the job is published', () => {
    const job = storedJob();
    const state = initialState(job);
    // James holds a pending offer already: saving offers nobody.
    expect(driversToOffer(state, job, 'save')).toEqual([]);
    const added = {
      ...state,
      slots: [
        ...state.slots,
        { key: 'k', categoryId: null, vehicleId: 'veh-2', driverId: 'drv-ann', vehicleNotes: '' },
      ],
    };
    expect(driversToOffer(added, job, 'save')).toEqual(['drv-ann']);
    // A driver without a vehicle is not on a position yet; a draft offers nobody.
    expect(
      driversToOffer({ ...added, slots: [{ ...added.slots[1]!, vehicleId: null }] }, job, 'save'),
    ).toEqual([]);
    expect(driversToOffer({ ...added, status: 'draft' }, null, 'save')).toEqual([]);
    expect(driversToOffer({ ...added, status: 'draft' }, null, 'publish')).toEqual(['drv-james', 'drv-ann']);
    expect(driversToOffer(added, { ...job, status: 'draft' }, 'save')).toEqual([]);
  });

  it('says it on the button and names who was offered in the toast', () => {
    expect(saveButtonLabel('save', true, 0)).toBe('Update Job');
    expect(saveButtonLabel('save', false, 0)).toBe('Create Job');
    expect(saveButtonLabel('save', true, 2)).toBe('Save and offer to 2 drivers');
    expect(saveButtonLabel('save', false, 1)).toBe('Save and offer to 1 driver');
    expect(saveButtonLabel('publish', false, 0)).toBe('Create & Publish');
    expect(saveButtonLabel('publish', false, 3)).toBe('Publish and offer to 3 drivers');
    expect(offeredText([])).toBeUndefined();
    expect(offeredText([{ name: 'Priya Sharma' }])).toBe(
      'Offered to Priya Sharma; they have 48 hours to answer.',
    );
    expect(offeredText([{ name: 'A' }, { name: 'B' }, { name: 'C' }])).toBe(
      'Offered to A, B and C; they have 48 hours to answer.',
    );
  });
});
