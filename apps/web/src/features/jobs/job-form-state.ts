import {
  type Contact,
  type Customer,
  type CustomerType,
  calculatePrice,
  canReturnJourney,
  chooseForSlot,
  DEFAULT_CURRENCY,
  DEFAULT_TAX_RATE,
  HOURS_MESSAGES,
  type HoursWarning,
  JOB_CHANGED_MESSAGE,
  type Job,
  type JobClashQuery,
  type JobInput,
  JobInputSchema,
  type JobStatus,
  keptDriverId,
  NEW_CUSTOMER_NAME_MESSAGE,
  type PriceBreakdown,
  returnJourney,
  type TaxMode,
  type TermsTemplate,
} from '@dms/domain';
import { ApiError, errorMessage, isApiError } from '../../lib/api-client';

// The job form's model (spec 2 §2.3, §5, §8): what the form holds, how a job fills it, what it sends,
// and the messages of a save. Plain functions of the state, so that the sections stay thin and the
// rules are tested without a browser.

export interface Leg {
  key: string;
  originAddress: string;
  destinationAddress: string;
  departureTime: string;
  arrivalTime: string;
  notes: string;
}
export interface Slot {
  key: string;
  id?: string;
  categoryId: string | null;
  vehicleId: string | null;
  driverId: string | null;
  vehicleNotes: string;
}
export interface Adjustment {
  key: string;
  description: string;
  amount: number | string;
  type: 'fixed' | 'percentage';
}
export interface NewContact {
  key: string;
  name: string;
  role: string;
  email: string;
  phone: string;
}
export interface JobFormState {
  status: JobStatus;
  jobNumber: string;
  customerMode: 'existing' | 'new';
  customer: Customer | null;
  contactId: string | null;
  /** What is typed in the existing-customer search; a fresh form starts with none. */
  customerSearch: string;
  newCustomer: {
    companyName: string;
    companyType: CustomerType;
    phone: string;
    email: string;
    address: string;
  };
  newContacts: NewContact[];
  title: string;
  serviceDate: string;
  paxCount: string;
  serviceDescription: string;
  slots: Slot[];
  notesDriver: string;
  mapsLink: string;
  legs: Leg[];
  basePrice: number | string;
  extraCharges: Adjustment[];
  discounts: Adjustment[];
  taxMode: TaxMode;
  taxRate: number | string;
  currency: string;
  pricingNotes: string;
  termsTemplateId: string | null;
  termsAndConditions: string;
  /** Why drivers are allocated although the hours check warns. */
  hoursOverrideReason: string;
}

/** A change of the form, applied to the state it is then in. */
export type JobFormUpdate = (state: JobFormState) => JobFormState;
/** Messages by field path ('title', 'legs.0.departureTime'), as the schema and the server name them. */
export type FieldErrors = Record<string, string>;
/** Save keeps the chosen status; Save Draft and Create & Publish store a draft (publishing follows). */
export type SaveMode = 'save' | 'draft' | 'publish';

// React keys for rows that have no id yet; unique within the page.
let keys = 0;
export const nextKey = () => `k${++keys}`;

export const emptyLeg = (): Leg => ({
  key: nextKey(),
  originAddress: '',
  destinationAddress: '',
  departureTime: '',
  arrivalTime: '',
  notes: '',
});

const emptyNewCustomer = (): JobFormState['newCustomer'] => ({
  companyName: '',
  companyType: 'other',
  phone: '',
  email: '',
  address: '',
});

const adjustmentRows = (rows: Job['extraCharges']): Adjustment[] =>
  rows.map((c) => ({ key: nextKey(), description: c.description, amount: c.amount, type: c.type }));

/** A new job's form (spec 2 §5 defaults), or the form of a stored job. */
export function initialState(job: Job | null): JobFormState {
  if (!job) {
    return {
      status: 'draft',
      jobNumber: '',
      customerMode: 'existing',
      customer: null,
      contactId: null,
      customerSearch: '',
      newCustomer: emptyNewCustomer(),
      newContacts: [],
      title: '',
      serviceDate: '',
      paxCount: '',
      serviceDescription: '',
      slots: [],
      notesDriver: '',
      mapsLink: '',
      // New job defaults (spec 2 §5): one empty leg, tax rate 10, currency AUD, status draft.
      legs: [emptyLeg()],
      basePrice: '',
      extraCharges: [],
      discounts: [],
      taxMode: 'inclusive',
      taxRate: DEFAULT_TAX_RATE,
      currency: DEFAULT_CURRENCY,
      pricingNotes: '',
      termsTemplateId: null,
      termsAndConditions: '',
      hoursOverrideReason: '',
    };
  }
  return {
    status: job.status,
    jobNumber: job.jobNumber,
    customerMode: 'existing',
    // The job carries the customer's name and ways to reach them; the rest is not shown here.
    customer: job.customer
      ? ({
          ...job.customer,
          address: null,
          billingEmail: null,
          paymentTermsDays: null,
          loyaltyPoints: 0,
          totalBookings: 0,
          totalRevenue: 0,
          isActive: 1,
          contactCount: 0,
          version: 1,
        } as Customer)
      : null,
    contactId: job.contactId,
    customerSearch: '',
    newCustomer: emptyNewCustomer(),
    newContacts: [],
    title: job.title ?? '',
    serviceDate: job.serviceDate ?? '',
    paxCount: job.paxCount === null ? '' : String(job.paxCount),
    serviceDescription: job.serviceDescription ?? '',
    slots: job.vehicles.map((s) => ({
      key: nextKey(),
      id: s.id,
      categoryId: s.categoryId,
      vehicleId: s.vehicleId,
      driverId: s.driverId,
      vehicleNotes: s.vehicleNotes ?? '',
    })),
    notesDriver: job.notesDriver ?? '',
    mapsLink: job.mapsLink ?? '',
    legs: job.legs.length
      ? job.legs.map((l) => ({
          key: nextKey(),
          originAddress: l.originAddress ?? '',
          destinationAddress: l.destinationAddress ?? '',
          departureTime: l.departureTime ?? '',
          arrivalTime: l.arrivalTime ?? '',
          notes: l.notes ?? '',
        }))
      : [emptyLeg()],
    basePrice: job.basePrice,
    extraCharges: adjustmentRows(job.extraCharges),
    discounts: adjustmentRows(job.discounts),
    taxMode: job.taxMode,
    taxRate: job.taxRate,
    currency: job.currency,
    pricingNotes: job.pricingNotes ?? '',
    termsTemplateId: job.termsTemplateId,
    termsAndConditions: job.termsAndConditions ?? '',
    hoursOverrideReason: '',
  };
}

/** A number field's value as a number: an empty field counts as 0. */
export const num = (v: number | string) => (v === '' ? 0 : Number(v));

/** What a save sends (JobInputSchema's input): the job's number and version when editing. */
export function toInput(state: JobFormState, job: Job | null, mode: SaveMode): JobInput {
  return {
    ...(job ? { jobNumber: state.jobNumber, version: job.version } : {}),
    status: mode === 'save' ? state.status : 'draft',
    title: state.title,
    serviceDate: state.serviceDate,
    paxCount: state.paxCount,
    serviceDescription: state.serviceDescription,
    notesDriver: state.notesDriver,
    mapsLink: state.mapsLink,
    customerId: state.customerMode === 'existing' ? (state.customer?.id ?? '') : '',
    contactId: state.customerMode === 'existing' ? (state.contactId ?? '') : '',
    ...(state.customerMode === 'new'
      ? { newCustomer: { ...state.newCustomer, contacts: state.newContacts.map(({ key: _k, ...c }) => c) } }
      : {}),
    vehicles: state.slots.map((s) => ({
      id: s.id,
      categoryId: s.categoryId ?? '',
      vehicleId: s.vehicleId ?? '',
      driverId: keptDriverId(s) ?? '',
      vehicleNotes: s.vehicleNotes,
    })),
    legs: state.legs.map(({ key: _k, ...l }) => l),
    basePrice: num(state.basePrice),
    extraCharges: state.extraCharges.map(({ key: _k, ...c }) => ({ ...c, amount: num(c.amount) })),
    discounts: state.discounts.map(({ key: _k, ...c }) => ({ ...c, amount: num(c.amount) })),
    taxMode: state.taxMode,
    taxRate: state.taxMode === 'none' ? 0 : num(state.taxRate),
    currency: state.currency,
    pricingNotes: state.pricingNotes,
    termsTemplateId: state.termsTemplateId ?? '',
    termsAndConditions: state.termsAndConditions,
    hoursOverrideReason: state.hoursOverrideReason,
  };
}

/**
 * The input checked as the server will check it, plus what only the form knows: a new customer needs
 * a name unless the job is a draft, and hours warnings need a reason. `input` is what to send when
 * `errors` is empty.
 */
export function validate(
  state: JobFormState,
  job: Job | null,
  mode: SaveMode,
  hoursWarnings: readonly HoursWarning[],
): { input: JobInput; errors: FieldErrors } {
  const result = JobInputSchema.safeParse(toInput(state, job, mode));
  const errors: FieldErrors = {};
  if (!result.success)
    for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  if (state.customerMode === 'new' && !state.newCustomer.companyName.trim() && mode !== 'draft') {
    errors['newCustomer.companyName'] = NEW_CUSTOMER_NAME_MESSAGE;
  }
  if (hoursWarnings.length > 0 && !state.hoursOverrideReason.trim()) {
    errors.hoursOverrideReason = HOURS_MESSAGES.reasonRequired;
  }
  // The parsed input is sent: trimmed, blanks as nulls, amounts rounded to cents.
  return { input: (result.success ? result.data : {}) as unknown as JobInput, errors };
}

/** The toasts of a save (spec 2 §8): done, failed, and the fallback for a refused request. */
export function saveMessages(mode: SaveMode, editing: boolean): { ok: string; fail: string; bad: string } {
  switch (mode) {
    case 'save':
      return {
        ok: editing ? 'Job updated successfully' : 'Job created successfully',
        fail: editing ? 'Failed to update job' : 'Failed to create job',
        bad: 'Please check all required fields are filled correctly',
      };
    case 'draft':
      return {
        ok: 'Draft saved successfully',
        fail: 'Failed to save draft',
        bad: 'Please check all fields are filled correctly',
      };
    case 'publish':
      return {
        ok: 'Job created and published successfully! Notifications sent to drivers.',
        fail: editing ? 'Failed to update and publish job' : 'Failed to create and publish job',
        bad: 'Please check all required fields are filled correctly',
      };
  }
}

/** Spec 2 §8: the message of a failed save, mapped from the answer. */
export function saveFailure(error: unknown, fallback: string, badRequest: string): string {
  if (isApiError(error, 409)) return error.serverMessage ?? JOB_CHANGED_MESSAGE;
  if (error instanceof ApiError) {
    if (error.status === 500) return 'Server error - please try again';
    if (/validation/i.test(error.serverMessage ?? ''))
      return 'Some required information is missing or invalid';
    if (error.status === 400) return error.serverMessage ?? badRequest;
  }
  return errorMessage(error, fallback);
}

/** Someone else saved the job first: the form offers to close and reload. */
export function isJobChanged(error: unknown): boolean {
  return isApiError(error, 409) && error.serverMessage === JOB_CHANGED_MESSAGE;
}

/** The field messages of a refused save (`errors: [{path, message}]` in the body), if any. */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  try {
    const body = JSON.parse(error.bodyText || '{}') as { errors?: { path: string; message: string }[] };
    return Object.fromEntries((body.errors ?? []).map((e) => [e.path, e.message]));
  } catch {
    return {};
  }
}

/** The price as the form has it now; the server computes the same (packages/domain pricing). */
export function priceOf(state: JobFormState): PriceBreakdown {
  return calculatePrice({
    basePrice: num(state.basePrice),
    extraCharges: state.extraCharges.map((c) => ({ amount: num(c.amount), type: c.type })),
    discounts: state.discounts.map((c) => ({ amount: num(c.amount), type: c.type })),
    taxMode: state.taxMode,
    taxRate: num(state.taxRate),
  });
}

/** What the clash and hours check asks about: nothing until there is a date and a vehicle or driver. */
export function clashQueryOf(state: JobFormState, jobId: string | undefined): JobClashQuery | null {
  const vehicles = state.slots.map((s) => ({
    vehicleId: s.vehicleId ?? '',
    driverId: keptDriverId(s) ?? '',
  }));
  if (!state.serviceDate || !vehicles.some((s) => s.vehicleId || s.driverId)) return null;
  return {
    jobId: jobId ?? '',
    serviceDate: state.serviceDate,
    legs: state.legs.map((l) => ({ departureTime: l.departureTime, arrivalTime: l.arrivalTime })),
    vehicles,
  };
}

/** Only drivers new to the job need a reason: the server asks the same (guardAllocation). */
export function newHoursWarnings(hours: readonly HoursWarning[], job: Job | null): HoursWarning[] {
  const heldBefore = new Set((job?.vehicles ?? []).map((s) => s.driverId).filter(Boolean));
  return hours.filter((w) => !heldBefore.has(w.driverId));
}

// ---- updaters: each returns the next state and leaves the one it was given alone

export const setField =
  <K extends keyof JobFormState>(key: K, value: JobFormState[K]): JobFormUpdate =>
  (s) => ({ ...s, [key]: value });

const replaceAt = <T>(rows: readonly T[], i: number, patch: Partial<NoInfer<T>>): T[] =>
  rows.map((row, j) => (j === i ? { ...row, ...patch } : row));

// Customer

export const chooseCustomer =
  (customer: Customer, contacts: readonly Contact[]): JobFormUpdate =>
  (s) => ({
    ...s,
    customer,
    contactId: contacts[0]?.id ?? null,
  });

export const clearCustomer: JobFormUpdate = (s) => ({ ...s, customer: null, contactId: null });

export const setNewCustomer =
  (patch: Partial<JobFormState['newCustomer']>): JobFormUpdate =>
  (s) => ({ ...s, newCustomer: { ...s.newCustomer, ...patch } });

export const addContact: JobFormUpdate = (s) => ({
  ...s,
  newContacts: [...s.newContacts, { key: nextKey(), name: '', role: '', email: '', phone: '' }],
});

export const updateContact =
  (i: number, patch: Partial<NewContact>): JobFormUpdate =>
  (s) => ({ ...s, newContacts: replaceAt(s.newContacts, i, patch) });

export const removeContact =
  (i: number): JobFormUpdate =>
  (s) => ({ ...s, newContacts: s.newContacts.filter((_, j) => j !== i) });

// Vehicle slots

/** A new slot of the given vehicle type (the first type, when the form adds one). */
export const addSlot =
  (categoryId: string | null): JobFormUpdate =>
  (s) => ({
    ...s,
    slots: [...s.slots, { key: nextKey(), categoryId, vehicleId: null, driverId: null, vehicleNotes: '' }],
  });

/** A change to one slot; choosing or clearing its vehicle or driver keeps to the domain's rule. */
export const updateSlot =
  (i: number, patch: Partial<Omit<Slot, 'key'>>): JobFormUpdate =>
  (s) => ({ ...s, slots: s.slots.map((slot, j) => (j === i ? chooseForSlot(slot, patch) : slot)) });

export const removeSlot =
  (i: number): JobFormUpdate =>
  (s) => ({ ...s, slots: s.slots.filter((_, j) => j !== i) });

// Legs (numbered by their place: moving or removing one renumbers the rest)

export const addLeg: JobFormUpdate = (s) => ({ ...s, legs: [...s.legs, emptyLeg()] });

export const updateLeg =
  (i: number, patch: Partial<Omit<Leg, 'key'>>): JobFormUpdate =>
  (s) => ({ ...s, legs: replaceAt(s.legs, i, patch) });

export const moveLeg =
  (from: number, to: number): JobFormUpdate =>
  (s) => {
    if (to < 0 || to >= s.legs.length) return s;
    const legs = [...s.legs];
    const [leg] = legs.splice(from, 1);
    legs.splice(to, 0, leg!);
    return { ...s, legs };
  };

/** A leg can be removed while another remains. */
export const canRemoveLeg = (s: JobFormState) => s.legs.length > 1;

export const removeLeg =
  (i: number): JobFormUpdate =>
  (s) =>
    canRemoveLeg(s) ? { ...s, legs: s.legs.filter((_, j) => j !== i) } : s;

/**
 * A depot as the trip's base (issue 29): the first leg starts there and, when the trip has more than
 * one leg, the last leg ends there. A one-leg trip gets only its pickup: its drop-off is where the
 * coach is going, and Return Journey then brings it back to the depot. The address is copied, so a
 * depot renamed or moved later does not change a quoted job.
 */
export const setTripDepot =
  (address: string): JobFormUpdate =>
  (s) => {
    const last = s.legs.length - 1;
    return {
      ...s,
      legs: s.legs.map((leg, i) => ({
        ...leg,
        ...(i === 0 ? { originAddress: address } : {}),
        ...(i === last && last > 0 ? { destinationAddress: address } : {}),
      })),
    };
  };

/** The address the trip starts at: the depot picker shows the depot there. */
export function tripStartAddress(s: JobFormState): string | null {
  return s.legs[0]?.originAddress.trim() || null;
}

/** Return Journey works once the first leg has both ends. */
export const canAddReturnLeg = (s: JobFormState) => canReturnJourney(s.legs);

/** Appends the whole trip back, last leg first, each reversed (spec 2 §2.3, issue 29). */
export const addReturnLeg: JobFormUpdate = (s) => {
  const back = returnJourney(s.legs);
  return back.length ? { ...s, legs: [...s.legs, ...back.map((ends) => ({ ...emptyLeg(), ...ends }))] } : s;
};

// Pricing

export type AdjustmentList = 'extraCharges' | 'discounts';

export const addAdjustment =
  (list: AdjustmentList): JobFormUpdate =>
  (s) => ({ ...s, [list]: [...s[list], { key: nextKey(), description: '', amount: '', type: 'fixed' }] });

export const updateAdjustment =
  (list: AdjustmentList, i: number, patch: Partial<Omit<Adjustment, 'key'>>): JobFormUpdate =>
  (s) => ({ ...s, [list]: replaceAt(s[list], i, patch) });

export const removeAdjustment =
  (list: AdjustmentList, i: number): JobFormUpdate =>
  (s) => ({ ...s, [list]: s[list].filter((_, j) => j !== i) });

/** Tax rate is asked for only when tax applies. */
export const showsTaxRate = (s: JobFormState) => s.taxMode !== 'none';

// Terms

/** A chosen template's text replaces the terms; clearing the template keeps the text. */
export const chooseTemplate =
  (templateId: string | null, templates: readonly TermsTemplate[]): JobFormUpdate =>
  (s) => ({
    ...s,
    termsTemplateId: templateId,
    termsAndConditions: templates.find((t) => t.id === templateId)?.content ?? s.termsAndConditions,
  });

/** A new job starts from the default template (spec 2 §2.3), unless one is chosen already. */
export const withDefaultTemplate =
  (templates: readonly TermsTemplate[]): JobFormUpdate =>
  (s) => {
    const fallback = templates.find((t) => t.isDefault === 1);
    return fallback && !s.termsTemplateId
      ? { ...s, termsTemplateId: fallback.id, termsAndConditions: fallback.content }
      : s;
  };

/**
 * The drivers a save would send a new offer to (ADR 28): every driver on a slot with a vehicle when
 * the job is (or becomes) published, except those who already hold a pending or accepted offer of it.
 */
export function driversToOffer(state: JobFormState, job: Job | null, mode: SaveMode): string[] {
  const publishes = mode === 'publish' || (mode === 'save' && state.status !== 'draft');
  if (!publishes || (job?.status === 'draft' && mode === 'save')) return [];
  const holding = new Set(
    (job?.vehicles ?? [])
      .filter((s) => s.driverId && (s.offerStatus === 'pending' || s.offerStatus === 'accepted'))
      .map((s) => s.driverId),
  );
  const onSlots = state.slots.filter((s) => s.vehicleId && s.driverId).map((s) => s.driverId as string);
  return [...new Set(onSlots)].filter((id) => !holding.has(id));
}

const drivers = (n: number) => `${n} ${n === 1 ? 'driver' : 'drivers'}`;

/** The save button says what it will do: 'Save and offer to 2 drivers' when a save sends offers. */
export function saveButtonLabel(mode: SaveMode, editing: boolean, offers: number): string {
  if (mode === 'draft') return 'Save Draft';
  if (mode === 'publish') return offers > 0 ? `Publish and offer to ${drivers(offers)}` : 'Create & Publish';
  if (offers > 0) return `Save and offer to ${drivers(offers)}`;
  return editing ? 'Update Job' : 'Create Job';
}

/** The result's toast names who was offered: 'Offered to Priya Sharma and Tom Lee.' */
export function offeredText(offeredTo: readonly { name: string }[]): string | undefined {
  if (offeredTo.length === 0) return undefined;
  const names = offeredTo.map((d) => d.name);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `Offered to ${list}; they have 48 hours to answer.`;
}
