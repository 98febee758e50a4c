import {
  CONTACT_CHIPS_SHOWN,
  CUSTOMER_TYPE_LABELS,
  CUSTOMER_TYPES,
  type Customer,
  type CustomerType,
  calculatePrice,
  customerNameLabel,
  DEFAULT_CURRENCY,
  DEFAULT_TAX_RATE,
  describeClash,
  HOURS_MESSAGES,
  JOB_CHANGED_MESSAGE,
  JOB_STATUS_LABELS,
  JOB_STATUSES,
  type Job,
  type JobInput,
  JobInputSchema,
  type JobStatus,
  returnLeg,
  TAX_MODES,
  type TaxMode,
} from '@dms/domain';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Divider,
  Group,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconPlus, IconRepeat, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { HoursReasonField } from '../../../components/hours-reason-dialog';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { ApiError, errorMessage, isApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import {
  useCategoryOptions,
  useCreateJob,
  useCustomerSearch,
  useDriverOptions,
  useJobClashes,
  usePublishJob,
  useTermsTemplates,
  useUpdateJob,
  useVehicleOptions,
} from '../api';

// The job form (spec 2 §2.3): status and number, customer, service, vehicle slots, journey, pricing
// and terms; Save Draft and Create & Publish when creating; the spec's messages (§8) for each mode.

interface Leg {
  key: string;
  originAddress: string;
  destinationAddress: string;
  departureTime: string;
  arrivalTime: string;
  notes: string;
}
interface Slot {
  key: string;
  id?: string;
  categoryId: string | null;
  vehicleId: string | null;
  driverId: string | null;
  vehicleNotes: string;
}
interface Adjustment {
  key: string;
  description: string;
  amount: number | string;
  type: 'fixed' | 'percentage';
}
interface NewContact {
  key: string;
  name: string;
  role: string;
  email: string;
  phone: string;
}
interface FormState {
  status: JobStatus;
  jobNumber: string;
  customerMode: 'existing' | 'new';
  customer: Customer | null;
  contactId: string | null;
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

let keys = 0;
const nextKey = () => `k${++keys}`;
const emptyLeg = (): Leg => ({
  key: nextKey(),
  originAddress: '',
  destinationAddress: '',
  departureTime: '',
  arrivalTime: '',
  notes: '',
});

function initialState(job: Job | null): FormState {
  if (!job) {
    return {
      status: 'draft',
      jobNumber: '',
      customerMode: 'existing',
      customer: null,
      contactId: null,
      newCustomer: { companyName: '', companyType: 'other', phone: '', email: '', address: '' },
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
    customer: job.customer
      ? ({
          ...job.customer,
          address: null,
          loyaltyPoints: 0,
          totalBookings: 0,
          totalRevenue: 0,
          isActive: 1,
          contactCount: 0,
          version: 1,
        } as Customer)
      : null,
    contactId: job.contactId,
    newCustomer: { companyName: '', companyType: 'other', phone: '', email: '', address: '' },
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
    extraCharges: job.extraCharges.map((c) => ({
      key: nextKey(),
      description: c.description,
      amount: c.amount,
      type: c.type,
    })),
    discounts: job.discounts.map((c) => ({
      key: nextKey(),
      description: c.description,
      amount: c.amount,
      type: c.type,
    })),
    taxMode: job.taxMode,
    taxRate: job.taxRate,
    currency: job.currency,
    pricingNotes: job.pricingNotes ?? '',
    termsTemplateId: job.termsTemplateId,
    termsAndConditions: job.termsAndConditions ?? '',
    hoursOverrideReason: '',
  };
}

const num = (v: number | string) => (v === '' ? 0 : Number(v));

function toInput(state: FormState, job: Job | null, forceDraft: boolean): JobInput {
  return {
    ...(job ? { jobNumber: state.jobNumber, version: job.version } : {}),
    status: forceDraft ? 'draft' : state.status,
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
      driverId: s.vehicleId ? (s.driverId ?? '') : '',
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

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Spec 2 §8: the save messages of each mode, mapped from the answer. */
function saveFailure(error: unknown, fallback: string, badRequest: string): string {
  if (isApiError(error, 409)) return (error as ApiError).serverMessage ?? JOB_CHANGED_MESSAGE;
  if (error instanceof ApiError) {
    if (error.status === 500) return 'Server error - please try again';
    if (/validation/i.test(error.serverMessage ?? ''))
      return 'Some required information is missing or invalid';
    if (error.status === 400) return error.serverMessage ?? badRequest;
  }
  return errorMessage(error, fallback);
}

function AdjustmentRows({
  label,
  rows,
  onChange,
  currency,
}: {
  label: string;
  rows: Adjustment[];
  onChange: (rows: Adjustment[]) => void;
  currency: string;
}) {
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconPlus size={14} aria-hidden="true" />}
          onClick={() => onChange([...rows, { key: nextKey(), description: '', amount: '', type: 'fixed' }])}
        >
          Add {label === 'Additional charges' ? 'charge' : 'discount'}
        </Button>
      </Group>
      {rows.map((row, i) => (
        <Group key={row.key} gap="xs" wrap="wrap" align="flex-end">
          <TextInput
            label="Description"
            value={row.description}
            onChange={(e) =>
              onChange(rows.map((r, j) => (j === i ? { ...r, description: e.currentTarget.value } : r)))
            }
            style={{ flex: 2, minWidth: 160 }}
          />
          <NumberInput
            label={row.type === 'percentage' ? 'Percent' : `Amount (${currency})`}
            value={row.amount}
            min={0}
            step={0.01}
            decimalScale={2}
            onChange={(v) => onChange(rows.map((r, j) => (j === i ? { ...r, amount: v } : r)))}
            style={{ flex: 1, minWidth: 110 }}
          />
          <Select
            label="Type"
            data={[
              { value: 'fixed', label: 'Fixed' },
              { value: 'percentage', label: 'Percentage' },
            ]}
            value={row.type}
            allowDeselect={false}
            onChange={(v) =>
              onChange(
                rows.map((r, j) => (j === i ? { ...r, type: (v ?? 'fixed') as Adjustment['type'] } : r)),
              )
            }
            w={140}
          />
          <ActionIcon
            size="lg"
            color="red"
            variant="subtle"
            aria-label={`Remove ${label === 'Additional charges' ? 'charge' : 'discount'} ${i + 1}`}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            <IconTrash size={18} aria-hidden="true" />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}

export function JobFormDialog({
  opened,
  job,
  onClose,
}: {
  opened: boolean;
  job: Job | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [state, setState] = useState<FormState>(() => initialState(job));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState(false);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const create = useCreateJob();
  const update = useUpdateJob();
  const publish = usePublishJob();
  const customers = useCustomerSearch(debouncedSearch, opened && state.customerMode === 'existing');
  const drivers = useDriverOptions();
  const vehicles = useVehicleOptions(opened);
  const categories = useCategoryOptions(opened);
  const templates = useTermsTemplates(opened);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setState((s) => ({ ...s, [key]: value }));

  // A fresh form for each opening; a new job starts from the default terms template (spec 2 §2.3).
  useEffect(() => {
    if (!opened) return;
    setState(initialState(job));
    setErrors({});
    setConflict(false);
    setSearch('');
  }, [opened, job]);
  useEffect(() => {
    if (!opened || job || !templates.data) return;
    const fallback = templates.data.find((t) => t.isDefault === 1);
    if (fallback)
      setState((s) =>
        s.termsTemplateId ? s : { ...s, termsTemplateId: fallback.id, termsAndConditions: fallback.content },
      );
  }, [opened, job, templates.data]);

  const price = calculatePrice({
    basePrice: num(state.basePrice),
    extraCharges: state.extraCharges.map((c) => ({ amount: num(c.amount), type: c.type })),
    discounts: state.discounts.map((c) => ({ amount: num(c.amount), type: c.type })),
    taxMode: state.taxMode,
    taxRate: num(state.taxRate),
  });
  const format = useFormatters();
  const money = (n: number) => format.jobMoney(n, state.currency || DEFAULT_CURRENCY);

  const clashQuery = useMemo(
    () =>
      state.serviceDate && state.slots.some((s) => s.vehicleId || s.driverId)
        ? {
            jobId: job?.id ?? '',
            serviceDate: state.serviceDate,
            legs: state.legs.map((l) => ({ departureTime: l.departureTime, arrivalTime: l.arrivalTime })),
            vehicles: state.slots.map((s) => ({ vehicleId: s.vehicleId ?? '', driverId: s.driverId ?? '' })),
          }
        : null,
    [state.serviceDate, state.slots, state.legs, job?.id],
  );
  const [debouncedClashQuery] = useDebouncedValue(clashQuery, 400);
  const clashes = useJobClashes(opened ? debouncedClashQuery : null);

  const vehicleList = (vehicles.data?.items ?? []).filter((v) => v.isActive === 1);
  // Only drivers new to the job need a reason: the server asks the same (guardAllocation).
  const heldBefore = new Set((job?.vehicles ?? []).map((s) => s.driverId).filter(Boolean));
  const hoursWarnings = (clashes.data?.hours ?? []).filter((w) => !heldBefore.has(w.driverId));
  const defectiveChosen = vehicleList.filter(
    (v) => v.openDefect && state.slots.some((s) => s.vehicleId === v.id),
  );
  const driverList = (drivers.data?.items ?? []).filter((d) => d.isActive === 1);
  const categoryList = (categories.data?.items ?? []).filter((c) => c.isActive === 1);
  const busy = create.isPending || update.isPending || publish.isPending;

  const submit = (mode: 'save' | 'draft' | 'publish') => {
    const input = toInput(state, job, mode !== 'save');
    const result = JobInputSchema.safeParse(input);
    const found: Record<string, string> = {};
    if (!result.success)
      for (const issue of result.error.issues) found[issue.path.join('.')] ??= issue.message;
    if (state.customerMode === 'new' && !state.newCustomer.companyName.trim() && mode !== 'draft') {
      found['newCustomer.companyName'] = 'Company/School name is required';
    }
    if (hoursWarnings.length > 0 && !state.hoursOverrideReason.trim()) {
      found.hoursOverrideReason = HOURS_MESSAGES.reasonRequired;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) {
      showToast({
        title: 'Please check all required fields are filled correctly',
        message: Object.values(found)[0],
        tone: 'error',
      });
      return;
    }
    const messages = {
      save: {
        ok: job ? 'Job updated successfully' : 'Job created successfully',
        fail: job ? 'Failed to update job' : 'Failed to create job',
        bad: 'Please check all required fields are filled correctly',
      },
      draft: {
        ok: 'Draft saved successfully',
        fail: 'Failed to save draft',
        bad: 'Please check all fields are filled correctly',
      },
      publish: {
        ok: 'Job created and published successfully! Notifications sent to drivers.',
        fail: job ? 'Failed to update and publish job' : 'Failed to create and publish job',
        bad: 'Please check all required fields are filled correctly',
      },
    }[mode];
    const onError = (error: unknown) => {
      if (isApiError(error, 409) && (error as ApiError).serverMessage === JOB_CHANGED_MESSAGE)
        setConflict(true);
      const server = (() => {
        try {
          return (
            (
              JSON.parse((error as ApiError).bodyText ?? '{}') as {
                errors?: { path: string; message: string }[];
              }
            ).errors ?? []
          );
        } catch {
          return [];
        }
      })();
      if (server.length) setErrors(Object.fromEntries(server.map((e) => [e.path, e.message])));
      showToast({
        title: messages.fail,
        message: saveFailure(error, messages.fail, messages.bad),
        tone: 'error',
      });
    };
    const done = (saved: { id: string; clashes: unknown[] }) => {
      showToast({ title: messages.ok, tone: 'success' });
      onClose();
      void saved;
    };
    const afterSave = (saved: { id: string; clashes: unknown[] }) => {
      if (mode !== 'publish') return done(saved);
      publish.mutate(saved.id, { onSuccess: () => done(saved), onError });
    };
    if (job)
      update.mutate(
        { id: job.id, input: result.data as unknown as JobInput },
        { onSuccess: afterSave, onError },
      );
    else create.mutate(result.data as unknown as JobInput, { onSuccess: afterSave, onError });
  };

  const moveLeg = (from: number, to: number) =>
    setState((s) => {
      const legs = [...s.legs];
      const [leg] = legs.splice(from, 1);
      legs.splice(to, 0, leg!);
      return { ...s, legs };
    });
  const updateLeg = (i: number, patch: Partial<Leg>) =>
    setState((s) => ({ ...s, legs: s.legs.map((l, j) => (j === i ? { ...l, ...patch } : l)) }));
  const updateSlot = (i: number, patch: Partial<Slot>) =>
    setState((s) => ({ ...s, slots: s.slots.map((l, j) => (j === i ? { ...l, ...patch } : l)) }));
  const firstReturn = returnLeg(state.legs[0] ?? {});

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => {} : onClose}
      title={job ? 'Edit Job' : 'Create New Job'}
      size="xl"
      fullScreen={phone}
      closeOnClickOutside={false}
      data-testid="job-form-dialog"
    >
      <form
        noValidate
        aria-label={job ? 'Edit job' : 'Create new job'}
        onSubmit={(e) => {
          e.preventDefault();
          submit('save');
        }}
      >
        <Stack gap="lg">
          {conflict && (
            <Alert color="orange" title="This job was changed by someone else" data-testid="job-conflict">
              <Group justify="space-between" wrap="wrap">
                <Text size="sm">{JOB_CHANGED_MESSAGE}</Text>
                <Button size="xs" variant="light" color="orange" onClick={onClose}>
                  Close and reload
                </Button>
              </Group>
            </Alert>
          )}

          <Section title="Status and Job Number">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Status"
                data={JOB_STATUSES.map((s) => ({ value: s, label: JOB_STATUS_LABELS[s] }))}
                value={state.status}
                allowDeselect={false}
                onChange={(v) => set('status', (v ?? 'draft') as JobStatus)}
              />
              <TextInput
                label="Job Number"
                value={job ? state.jobNumber : ''}
                placeholder={job ? undefined : 'Made when the job is saved'}
                disabled={!job}
                onChange={(e) => set('jobNumber', e.currentTarget.value)}
                error={errors.jobNumber}
              />
            </SimpleGrid>
            {job && (
              <Text size="xs" c="dimmed">
                Created {format.dateTime(job.createdAt)} · last edited {format.dateTime(job.updatedAt)}
              </Text>
            )}
          </Section>

          <Divider />
          <Section title="Customer Details">
            <SegmentedControl
              aria-label="Customer"
              value={state.customerMode}
              onChange={(v) => set('customerMode', v as FormState['customerMode'])}
              data={[
                { value: 'existing', label: 'Existing customer' },
                { value: 'new', label: 'New customer' },
              ]}
            />
            {state.customerMode === 'existing' ? (
              <Stack gap="xs">
                {state.customer ? (
                  <Paper withBorder p="sm" radius="md" data-testid="chosen-customer">
                    <Group justify="space-between" wrap="nowrap">
                      <Stack gap={0}>
                        <Text fw={600}>{state.customer.companyName}</Text>
                        <Text size="sm" c="dimmed">
                          {[state.customer.phone, state.customer.email].filter(Boolean).join(' · ')}
                        </Text>
                      </Stack>
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => setState((s) => ({ ...s, customer: null, contactId: null }))}
                      >
                        Change
                      </Button>
                    </Group>
                  </Paper>
                ) : (
                  <>
                    <TextInput
                      label="Search customers"
                      placeholder="Company, contact, email or phone"
                      value={search}
                      onChange={(e) => setSearch(e.currentTarget.value)}
                    />
                    <Stack gap={6} data-testid="customer-results">
                      {(customers.data?.items ?? []).map(({ customer, contacts }) => (
                        <Paper
                          key={customer.id}
                          withBorder
                          p="xs"
                          radius="md"
                          component="button"
                          type="button"
                          style={{ textAlign: 'left', cursor: 'pointer' }}
                          onClick={() =>
                            setState((s) => ({ ...s, customer, contactId: contacts[0]?.id ?? null }))
                          }
                          aria-label={`Choose ${customer.companyName}`}
                        >
                          <Text size="sm" fw={600}>
                            {customer.companyName}
                          </Text>
                          <Group gap={4} mt={2}>
                            {contacts.slice(0, CONTACT_CHIPS_SHOWN).map((c) => (
                              <Badge
                                key={c.id}
                                variant="light"
                                color="gray"
                                size="sm"
                                style={{ textTransform: 'none' }}
                              >
                                {c.name}
                              </Badge>
                            ))}
                            {contacts.length > CONTACT_CHIPS_SHOWN && (
                              <Badge variant="outline" color="gray" size="sm">
                                +{contacts.length - CONTACT_CHIPS_SHOWN} more
                              </Badge>
                            )}
                          </Group>
                        </Paper>
                      ))}
                    </Stack>
                  </>
                )}
                {errors.customerId && (
                  <Text c="red" size="sm">
                    {errors.customerId}
                  </Text>
                )}
              </Stack>
            ) : (
              <Stack gap="sm">
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Select
                    label="Type"
                    data={CUSTOMER_TYPES.map((t) => ({ value: t, label: CUSTOMER_TYPE_LABELS[t] }))}
                    value={state.newCustomer.companyType}
                    allowDeselect={false}
                    onChange={(v) =>
                      set('newCustomer', {
                        ...state.newCustomer,
                        companyType: (v ?? 'other') as CustomerType,
                      })
                    }
                  />
                  <TextInput
                    label={customerNameLabel(state.newCustomer.companyType)}
                    withAsterisk
                    value={state.newCustomer.companyName}
                    onChange={(e) =>
                      set('newCustomer', { ...state.newCustomer, companyName: e.currentTarget.value })
                    }
                    error={errors['newCustomer.companyName']}
                  />
                  <TextInput
                    label="Phone"
                    value={state.newCustomer.phone}
                    onChange={(e) =>
                      set('newCustomer', { ...state.newCustomer, phone: e.currentTarget.value })
                    }
                    error={errors['newCustomer.phone']}
                  />
                  <TextInput
                    label="Email"
                    value={state.newCustomer.email}
                    onChange={(e) =>
                      set('newCustomer', { ...state.newCustomer, email: e.currentTarget.value })
                    }
                    error={errors['newCustomer.email']}
                  />
                </SimpleGrid>
                <TextInput
                  label="Address"
                  value={state.newCustomer.address}
                  onChange={(e) =>
                    set('newCustomer', { ...state.newCustomer, address: e.currentTarget.value })
                  }
                />
                {state.newContacts.map((c, i) => (
                  <Group key={c.key} gap="xs" align="flex-end" wrap="wrap">
                    <TextInput
                      label={`Contact ${i + 1} name`}
                      value={c.name}
                      onChange={(e) => {
                        const value = e.currentTarget.value;
                        setState((s) => ({
                          ...s,
                          newContacts: s.newContacts.map((x, j) => (j === i ? { ...x, name: value } : x)),
                        }));
                      }}
                      style={{ flex: 1, minWidth: 150 }}
                    />
                    <TextInput
                      label="Role"
                      value={c.role}
                      onChange={(e) => {
                        const value = e.currentTarget.value;
                        setState((s) => ({
                          ...s,
                          newContacts: s.newContacts.map((x, j) => (j === i ? { ...x, role: value } : x)),
                        }));
                      }}
                      style={{ flex: 1, minWidth: 120 }}
                    />
                    <TextInput
                      label="Email"
                      value={c.email}
                      onChange={(e) => {
                        const value = e.currentTarget.value;
                        setState((s) => ({
                          ...s,
                          newContacts: s.newContacts.map((x, j) => (j === i ? { ...x, email: value } : x)),
                        }));
                      }}
                      error={errors[`newCustomer.contacts.${i}.email`]}
                      style={{ flex: 1, minWidth: 150 }}
                    />
                    <ActionIcon
                      size="lg"
                      variant="subtle"
                      color="red"
                      aria-label={`Remove contact ${i + 1}`}
                      onClick={() =>
                        setState((s) => ({ ...s, newContacts: s.newContacts.filter((_, j) => j !== i) }))
                      }
                    >
                      <IconTrash size={18} aria-hidden="true" />
                    </ActionIcon>
                  </Group>
                ))}
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconPlus size={14} aria-hidden="true" />}
                  onClick={() =>
                    setState((s) => ({
                      ...s,
                      newContacts: [
                        ...s.newContacts,
                        { key: nextKey(), name: '', role: '', email: '', phone: '' },
                      ],
                    }))
                  }
                  w="fit-content"
                >
                  Add contact
                </Button>
              </Stack>
            )}
          </Section>

          <Divider />
          <Section title="Service Details">
            <TextInput
              label="Title"
              value={state.title}
              onChange={(e) => set('title', e.currentTarget.value)}
              error={errors.title}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                type="date"
                label="Service date"
                value={state.serviceDate}
                onChange={(e) => set('serviceDate', e.currentTarget.value)}
                error={errors.serviceDate}
              />
              <TextInput
                label="Passengers"
                inputMode="numeric"
                value={state.paxCount}
                onChange={(e) => set('paxCount', e.currentTarget.value)}
                error={errors.paxCount}
              />
            </SimpleGrid>
            <Textarea
              label="Description"
              autosize
              minRows={2}
              value={state.serviceDescription}
              onChange={(e) => set('serviceDescription', e.currentTarget.value)}
            />
          </Section>

          <Divider />
          <Section title="Vehicle Details">
            {state.slots.length === 0 && (
              <Text size="sm" c="dimmed">
                No vehicles yet. Add a vehicle type, then choose a vehicle and its driver.
              </Text>
            )}
            {state.slots.map((slot, i) => {
              const vehicleChoices = vehicleList.filter(
                (v) => !slot.categoryId || v.categoryId === slot.categoryId || v.id === slot.vehicleId,
              );
              return (
                <Paper key={slot.key} withBorder p="sm" radius="md" data-testid="job-slot">
                  <Stack gap="xs">
                    <Group justify="space-between">
                      <Text size="sm" fw={600}>
                        Vehicle {i + 1}
                      </Text>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove vehicle ${i + 1}`}
                        onClick={() => setState((s) => ({ ...s, slots: s.slots.filter((_, j) => j !== i) }))}
                      >
                        <IconTrash size={18} aria-hidden="true" />
                      </ActionIcon>
                    </Group>
                    <SimpleGrid cols={{ base: 1, sm: 3 }}>
                      <Select
                        label="Vehicle type"
                        data={categoryList.map((c) => ({ value: c.id, label: c.name }))}
                        value={slot.categoryId}
                        onChange={(v) => updateSlot(i, { categoryId: v })}
                        error={errors[`vehicles.${i}.categoryId`]}
                        searchable
                      />
                      <Select
                        label="Vehicle"
                        placeholder="Choose a vehicle"
                        data={vehicleChoices.map((v) => ({
                          value: v.id,
                          label: `${[v.registrationNumber, v.nickname].filter(Boolean).join(' · ') || 'Vehicle'}${v.openDefect ? ' · Defect open' : ''}`,
                        }))}
                        value={slot.vehicleId}
                        onChange={(v) => updateSlot(i, { vehicleId: v, driverId: v ? slot.driverId : null })}
                        error={errors[`vehicles.${i}.vehicleId`]}
                        clearable
                        searchable
                      />
                      <Select
                        label="Driver"
                        placeholder={slot.vehicleId ? 'Choose a driver' : 'Choose a vehicle first'}
                        disabled={!slot.vehicleId}
                        data={driverList.map((d) => ({
                          value: d.id,
                          label: [d.firstName, d.lastName].filter(Boolean).join(' ') || d.email,
                        }))}
                        value={slot.driverId}
                        onChange={(v) => updateSlot(i, { driverId: v })}
                        error={errors[`vehicles.${i}.driverId`]}
                        clearable
                        searchable
                      />
                    </SimpleGrid>
                    <TextInput
                      label="Vehicle notes (shown to the customer)"
                      value={slot.vehicleNotes}
                      onChange={(e) => updateSlot(i, { vehicleNotes: e.currentTarget.value })}
                    />
                  </Stack>
                </Paper>
              );
            })}
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden="true" />}
              onClick={() =>
                setState((s) => ({
                  ...s,
                  slots: [
                    ...s.slots,
                    {
                      key: nextKey(),
                      categoryId: categoryList[0]?.id ?? null,
                      vehicleId: null,
                      driverId: null,
                      vehicleNotes: '',
                    },
                  ],
                }))
              }
              w="fit-content"
            >
              Add Vehicle
            </Button>
            {defectiveChosen.length > 0 && (
              <Alert color="red" title="Vehicle with an open defect" data-testid="job-defects">
                <Stack gap={2}>
                  {defectiveChosen.map((v) => (
                    <Text key={v.id} size="sm">
                      {[v.registrationNumber, v.nickname].filter(Boolean).join(' · ') || 'Vehicle'} failed an
                      inspection ({v.openDefect?.summary}). It cannot be clocked on until a manager clears the
                      defect in Settings → Company Vehicles.
                    </Text>
                  ))}
                </Stack>
              </Alert>
            )}
            {hoursWarnings.length > 0 && (
              <Alert color="red" title="Driver hours would be broken" data-testid="job-hours">
                <Stack gap="xs">
                  {hoursWarnings.map((w) => (
                    <Stack key={w.driverId} gap={2}>
                      <Text size="sm" fw={700}>
                        {w.driverName}
                      </Text>
                      {w.breaches.map((b) => (
                        <Text key={b.label} size="sm">
                          {b.label}: {b.text}
                        </Text>
                      ))}
                    </Stack>
                  ))}
                  <HoursReasonField
                    value={state.hoursOverrideReason}
                    onChange={(value) => set('hoursOverrideReason', value)}
                    error={errors.hoursOverrideReason}
                  />
                </Stack>
              </Alert>
            )}
            {(clashes.data?.clashes ?? []).length > 0 && (
              <Alert color="yellow" title="Already booked at this time" data-testid="job-clashes">
                <Stack gap={2}>
                  {clashes.data?.clashes.map((c) => (
                    <Text key={`${c.kind}-${c.vehicleId ?? c.driverId}-${c.otherJobId}`} size="sm">
                      {describeClash(c)}
                    </Text>
                  ))}
                </Stack>
              </Alert>
            )}
          </Section>

          <Divider />
          <Section title="Journey Details">
            <RichTextEditor
              label="Driver notes"
              value={state.notesDriver}
              onChange={(html) => set('notesDriver', html)}
              placeholder="What the driver needs to know"
            />
            <TextInput
              label="Maps route link"
              placeholder="https://maps.google.com/…"
              value={state.mapsLink}
              onChange={(e) => set('mapsLink', e.currentTarget.value)}
              error={errors.mapsLink}
            />
            {state.legs.map((leg, i) => (
              <Paper key={leg.key} withBorder p="sm" radius="md" data-testid="job-leg">
                <Stack gap="xs">
                  <Group justify="space-between">
                    <Text size="sm" fw={600}>
                      Leg {i + 1}
                    </Text>
                    <Group gap={4}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Move leg ${i + 1} up`}
                        disabled={i === 0}
                        onClick={() => moveLeg(i, i - 1)}
                      >
                        <IconArrowUp size={18} aria-hidden="true" />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Move leg ${i + 1} down`}
                        disabled={i === state.legs.length - 1}
                        onClick={() => moveLeg(i, i + 1)}
                      >
                        <IconArrowDown size={18} aria-hidden="true" />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove leg ${i + 1}`}
                        disabled={state.legs.length <= 1}
                        onClick={() => setState((s) => ({ ...s, legs: s.legs.filter((_, j) => j !== i) }))}
                      >
                        <IconTrash size={18} aria-hidden="true" />
                      </ActionIcon>
                    </Group>
                  </Group>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput
                      label="From"
                      value={leg.originAddress}
                      onChange={(e) => updateLeg(i, { originAddress: e.currentTarget.value })}
                    />
                    <TextInput
                      label="To"
                      value={leg.destinationAddress}
                      onChange={(e) => updateLeg(i, { destinationAddress: e.currentTarget.value })}
                    />
                    <TextInput
                      type="time"
                      label="Departure"
                      value={leg.departureTime}
                      onChange={(e) => updateLeg(i, { departureTime: e.currentTarget.value })}
                      error={errors[`legs.${i}.departureTime`]}
                    />
                    <TextInput
                      type="time"
                      label="Arrival"
                      value={leg.arrivalTime}
                      onChange={(e) => updateLeg(i, { arrivalTime: e.currentTarget.value })}
                      error={errors[`legs.${i}.arrivalTime`]}
                    />
                  </SimpleGrid>
                  <TextInput
                    label="Leg notes"
                    value={leg.notes}
                    onChange={(e) => updateLeg(i, { notes: e.currentTarget.value })}
                  />
                </Stack>
              </Paper>
            ))}
            <Group gap="sm">
              <Button
                variant="light"
                leftSection={<IconPlus size={16} aria-hidden="true" />}
                onClick={() => setState((s) => ({ ...s, legs: [...s.legs, emptyLeg()] }))}
              >
                Add Leg
              </Button>
              <Button
                variant="light"
                leftSection={<IconRepeat size={16} aria-hidden="true" />}
                disabled={!firstReturn}
                onClick={() =>
                  firstReturn &&
                  setState((s) => ({ ...s, legs: [...s.legs, { ...emptyLeg(), ...firstReturn }] }))
                }
              >
                Return Journey
              </Button>
            </Group>
          </Section>

          <Divider />
          <Section title="Pricing">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <NumberInput
                label={`Base price (${state.currency})`}
                min={0}
                step={0.01}
                decimalScale={2}
                value={state.basePrice}
                onChange={(v) => set('basePrice', v)}
                error={errors.basePrice}
              />
              <Select
                label="Tax"
                data={TAX_MODES.map((m) => ({
                  value: m,
                  label: m === 'none' ? 'No tax' : m === 'inclusive' ? 'Inclusive' : 'Exclusive',
                }))}
                value={state.taxMode}
                allowDeselect={false}
                onChange={(v) => set('taxMode', (v ?? 'inclusive') as TaxMode)}
              />
              {state.taxMode !== 'none' && (
                <NumberInput
                  label="Tax rate (%)"
                  min={0}
                  max={100}
                  step={0.5}
                  value={state.taxRate}
                  onChange={(v) => set('taxRate', v)}
                  error={errors.taxRate}
                />
              )}
            </SimpleGrid>
            <AdjustmentRows
              label="Additional charges"
              rows={state.extraCharges}
              onChange={(rows) => set('extraCharges', rows)}
              currency={state.currency}
            />
            <AdjustmentRows
              label="Discounts"
              rows={state.discounts}
              onChange={(rows) => set('discounts', rows)}
              currency={state.currency}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Currency"
                value={state.currency}
                maxLength={3}
                onChange={(e) => set('currency', e.currentTarget.value.toUpperCase())}
                error={errors.currency}
              />
              <Textarea
                label="Pricing notes"
                autosize
                value={state.pricingNotes}
                onChange={(e) => set('pricingNotes', e.currentTarget.value)}
              />
            </SimpleGrid>
            <Table
              withRowBorders={false}
              aria-label="Price breakdown"
              data-testid="price-breakdown"
              maw={420}
            >
              <Table.Tbody>
                <Table.Tr>
                  <Table.Td>Subtotal</Table.Td>
                  <Table.Td ta="right" data-testid="price-subtotal">
                    {money(price.subtotal)}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Td>
                    Tax {state.taxMode === 'none' ? '' : `(${state.taxMode}, ${num(state.taxRate)}%)`}
                  </Table.Td>
                  <Table.Td ta="right" data-testid="price-tax">
                    {money(price.taxAmount)}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Td fw={700}>Total</Table.Td>
                  <Table.Td ta="right" fw={700} data-testid="price-total">
                    {money(price.totalPrice)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Section>

          <Divider />
          <Section title="Terms and Conditions">
            <Select
              label="Template"
              data={(templates.data ?? [])
                .filter((t) => t.isActive !== 0)
                .map((t) => ({ value: t.id, label: t.name }))}
              value={state.termsTemplateId}
              clearable
              onChange={(v) => {
                const chosen = templates.data?.find((t) => t.id === v);
                setState((s) => ({
                  ...s,
                  termsTemplateId: v,
                  termsAndConditions: chosen?.content ?? s.termsAndConditions,
                }));
              }}
            />
            <RichTextEditor
              label="Terms"
              value={state.termsAndConditions}
              onChange={(html) => set('termsAndConditions', html)}
              rows={4}
            />
          </Section>

          <Group justify="flex-end" gap="sm" pb="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            {!job && (
              <>
                <Button variant="light" onClick={() => submit('draft')} loading={busy}>
                  Save Draft
                </Button>
                <Button variant="light" color="green" onClick={() => submit('publish')} loading={busy}>
                  Create &amp; Publish
                </Button>
              </>
            )}
            <Button type="submit" loading={busy}>
              {job ? 'Update Job' : 'Create Job'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
