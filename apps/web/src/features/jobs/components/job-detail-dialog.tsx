import {
  calculatePrice,
  DEFAULT_CURRENCY,
  effectiveOfferStatus,
  type Job,
  OFFER_STATUS_COLORS,
  OFFER_STATUS_LABELS,
  REQUEST_STATUS_LABELS,
} from '@dms/domain';
import {
  Badge,
  Button,
  Divider,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconExternalLink, IconFileDownload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { serviceDateLabel } from '../../../components/driver-job/format';
import { JobStatusBadge } from '../../../components/driver-job/job-status-badge';
import { vehicleName } from '../../../components/driver-job/job-summary';
import { HoursReasonDialog, hoursRefusal } from '../../../components/hours-reason-dialog';
import { RichTextView } from '../../../components/rich-text-view';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import {
  jobSheetPdfUrl,
  quotePdfUrl,
  useDecideRequest,
  useDriverOptions,
  useJob,
  useJobStaffing,
  useMarkJobSeen,
  useOfferSlot,
} from '../api';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children === null || children === '' || children === undefined ? '—' : children}
      </Text>
    </Stack>
  );
}

const personName = (p: { firstName: string | null; lastName: string | null } | null) =>
  p ? [p.firstName, p.lastName].filter(Boolean).join(' ') || 'Driver' : '';

/** Offers and requests of a job (ADR 14): approve or reject requests, offer an open slot. */
function Staffing({ job }: { job: Job }) {
  const format = useFormatters();
  const staffing = useJobStaffing(job.id);
  const decide = useDecideRequest();
  const offer = useOfferSlot();
  const drivers = useDriverOptions();
  const [slotId, setSlotId] = useState<string | null>(null);
  const [driverId, setDriverId] = useState<string | null>(null);
  // An allocation the hours check refused, to retry with a reason.
  const [refused, setRefused] = useState<{ message: string; retry: (reason: string) => void } | null>(null);
  const orAskReason =
    (title: string, retry: (reason: string) => void) =>
    (error: unknown): void => {
      const message = hoursRefusal(error);
      if (message) setRefused({ message, retry });
      else fail(title)(error);
    };
  const openSlots = job.vehicles.filter((s) => s.vehicleId && !s.driverId);
  const pending = (staffing.data?.requests ?? []).filter((r) => r.status === 'pending');
  const answered = (staffing.data?.requests ?? []).filter((r) => r.status !== 'pending');
  const published = job.status === 'confirmed' || job.status === 'assigned';
  const fail = (title: string) => (error: unknown) =>
    showToast({ title, message: errorMessage(error, 'Please try again.'), tone: 'error' });

  return (
    <Stack gap="sm" data-testid="job-staffing">
      <Title order={3} size="h5">
        Offers and requests
      </Title>
      {(staffing.data?.offers ?? []).length > 0 && (
        <Table aria-label="Offers" withRowBorders={false}>
          <Table.Tbody>
            {staffing.data?.offers.map((o) => {
              const status = effectiveOfferStatus(o);
              return (
                <Table.Tr key={o.id}>
                  <Table.Td>{personName(o.driver)}</Table.Td>
                  <Table.Td>
                    <Badge color={OFFER_STATUS_COLORS[status]} variant="light">
                      {OFFER_STATUS_LABELS[status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" c="dimmed">
                      {o.expiresAt && status === 'pending' ? `until ${format.dateTime(o.expiresAt)}` : ''}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {pending.map((r) => (
        <Paper key={r.id} withBorder p="sm" radius="md" data-testid="job-request">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0}>
              <Text size="sm" fw={600}>
                {personName(r.driver)} asks for this job
              </Text>
              {r.message && (
                <Text size="sm" fs="italic">
                  “{r.message}”
                </Text>
              )}
            </Stack>
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                color="red"
                loading={decide.isPending}
                onClick={() =>
                  decide.mutate(
                    { id: r.id, status: 'rejected' },
                    {
                      onSuccess: () => showToast({ title: 'Request rejected', tone: 'success' }),
                      onError: fail('Failed to reject the request'),
                    },
                  )
                }
              >
                Reject
              </Button>
              <Button
                size="xs"
                loading={decide.isPending}
                disabled={openSlots.length === 0}
                onClick={() => {
                  const approve = (hoursOverrideReason?: string) =>
                    decide.mutate(
                      { id: r.id, status: 'approved', hoursOverrideReason },
                      {
                        onSuccess: () => {
                          setRefused(null);
                          showToast({
                            title: 'Request approved',
                            message: `${personName(r.driver)} is on the job.`,
                            tone: 'success',
                          });
                        },
                        onError: orAskReason('Failed to approve the request', approve),
                      },
                    );
                  approve();
                }}
              >
                Approve
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
      {answered.map((r) => (
        <Text key={r.id} size="sm" c="dimmed">
          {personName(r.driver)}: request {REQUEST_STATUS_LABELS[r.status].toLowerCase()}
        </Text>
      ))}
      {published && openSlots.length > 0 && (
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Select
            label="Open slot"
            data={openSlots.map((s) => ({ value: s.id, label: vehicleName(s) }))}
            value={slotId}
            onChange={setSlotId}
            w={200}
          />
          <Select
            label="Offer to driver"
            searchable
            data={(drivers.data?.items ?? [])
              .filter((d) => d.isActive === 1)
              .map((d) => ({ value: d.id, label: personName(d) || d.email }))}
            value={driverId}
            onChange={setDriverId}
            w={220}
          />
          <Button
            disabled={!slotId || !driverId}
            loading={offer.isPending}
            onClick={() => {
              if (!slotId || !driverId) return;
              const send = (hoursOverrideReason?: string) =>
                offer.mutate(
                  { jobId: job.id, slotId, driverId, hoursOverrideReason },
                  {
                    onSuccess: () => {
                      setRefused(null);
                      setSlotId(null);
                      setDriverId(null);
                      showToast({ title: 'Offer sent', tone: 'success' });
                    },
                    onError: orAskReason('Failed to send the offer', send),
                  },
                );
              send();
            }}
          >
            Send Offer
          </Button>
        </Group>
      )}
      {staffing.data &&
        staffing.data.offers.length === 0 &&
        staffing.data.requests.length === 0 &&
        !(published && openSlots.length > 0) && (
          <Text size="sm" c="dimmed">
            No offers or requests yet.
          </Text>
        )}
      <HoursReasonDialog
        refusal={refused?.message ?? null}
        busy={decide.isPending || offer.isPending}
        onCancel={() => setRefused(null)}
        onConfirm={(reason) => refused?.retry(reason)}
      />
    </Stack>
  );
}

/** A job in the manager's view (spec 2 §2.4): all vehicles, pricing, PDFs, Mark as Seen, staffing. */
export function JobDetailDialog({
  jobId,
  onClose,
  onEdit,
}: {
  jobId: string | null;
  onClose: () => void;
  onEdit: (job: Job) => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const query = useJob(jobId);
  const markSeen = useMarkJobSeen();
  const job = query.data;
  const format = useFormatters();
  const money = (n: number) => format.jobMoney(n, job?.currency ?? DEFAULT_CURRENCY);
  const steps = job
    ? calculatePrice({
        basePrice: job.basePrice,
        extraCharges: job.extraCharges,
        discounts: job.discounts,
        taxMode: job.taxMode,
        taxRate: job.taxRate,
      }).steps
    : [];

  return (
    <Modal
      opened={jobId !== null}
      onClose={onClose}
      title={job ? (job.title ?? 'Untitled Draft') : 'Job'}
      size="xl"
      fullScreen={phone}
      data-testid="job-detail-dialog"
    >
      {!job ? (
        <Text c="dimmed">{query.isError ? 'This job could not be loaded.' : 'Loading…'}</Text>
      ) : (
        <Stack gap="md">
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Group gap="xs">
              <JobStatusBadge status={job.status} />
              {job.hasUpdates === 1 && (
                <Badge color="orange" variant="filled">
                  Updated
                </Badge>
              )}
              <Text size="sm" c="dimmed">
                {job.jobNumber}
              </Text>
            </Group>
            <Group gap="xs">
              {job.hasUpdates === 1 && (
                <Button
                  size="xs"
                  variant="light"
                  loading={markSeen.isPending}
                  onClick={() =>
                    markSeen.mutate(job.id, {
                      onSuccess: () => showToast({ title: 'Job updates cleared', tone: 'success' }),
                      onError: (e) =>
                        showToast({
                          title: 'Failed to clear updates',
                          message: errorMessage(e, ''),
                          tone: 'error',
                        }),
                    })
                  }
                >
                  Mark as Seen
                </Button>
              )}
              <Button size="xs" variant="default" onClick={() => onEdit(job)}>
                Edit
              </Button>
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Field label="Date">{serviceDateLabel(format, job.serviceDate)}</Field>
            <Field label="Passengers">{job.paxCount}</Field>
            <Field label="Customer">
              {job.customer
                ? `${job.customer.companyName}${job.customer.phone ? ` · ${job.customer.phone}` : ''}`
                : 'No customer assigned'}
            </Field>
            {job.contact && (
              <Field label="Contact">{`${job.contact.name}${job.contact.phone ? ` · ${job.contact.phone}` : ''}`}</Field>
            )}
          </SimpleGrid>
          {job.serviceDescription && <Field label="Description">{job.serviceDescription}</Field>}

          <Divider />
          <Title order={3} size="h5">
            Vehicles
          </Title>
          {job.vehicles.length === 0 && <Text size="sm">No vehicles yet.</Text>}
          {job.vehicles.map((s) => (
            <Paper key={s.id} withBorder p="sm" radius="md" data-testid="detail-vehicle">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0}>
                  <Text fw={600}>{vehicleName(s)}</Text>
                  <Text size="sm" c="dimmed">
                    {s.categoryName}
                    {s.vehicleNotes ? ` · ${s.vehicleNotes}` : ''}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Text size="sm">{s.driver ? personName(s.driver) : 'No Driver Assigned'}</Text>
                  {s.offerStatus && (
                    <Badge color={OFFER_STATUS_COLORS[s.offerStatus]} variant="light" size="sm">
                      {OFFER_STATUS_LABELS[s.offerStatus]}
                    </Badge>
                  )}
                </Group>
              </Group>
            </Paper>
          ))}

          {job.notesDriver && (
            <>
              <Divider />
              <Title order={3} size="h5">
                Driver notes
              </Title>
              <RichTextView html={job.notesDriver} />
            </>
          )}

          <Divider />
          <Title order={3} size="h5">
            Journey
          </Title>
          {job.legs.map((leg) => (
            <Text key={leg.id} size="sm" data-testid="detail-leg">
              Leg {leg.legNumber}: {leg.originAddress ?? '—'} → {leg.destinationAddress ?? '—'} (
              {leg.departureTime ?? '--:--'}–{leg.arrivalTime ?? '--:--'}){leg.notes ? ` · ${leg.notes}` : ''}
            </Text>
          ))}

          <Divider />
          <Title order={3} size="h5">
            Pricing
          </Title>
          <Table withRowBorders={false} maw={460} aria-label="Pricing" data-testid="detail-pricing">
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>Base price</Table.Td>
                <Table.Td ta="right">{money(job.basePrice)}</Table.Td>
              </Table.Tr>
              {steps.map((step) => {
                const line =
                  step.kind === 'charge' ? job.extraCharges[step.index] : job.discounts[step.index];
                return (
                  <Table.Tr key={`${step.kind}-${step.index}`}>
                    <Table.Td>
                      {line?.description || (step.kind === 'charge' ? 'Charge' : 'Discount')}
                      {line?.type === 'percentage' ? ` (${line.amount}%)` : ''}
                    </Table.Td>
                    <Table.Td ta="right">{money(step.change)}</Table.Td>
                  </Table.Tr>
                );
              })}
              <Table.Tr>
                <Table.Td>Subtotal</Table.Td>
                <Table.Td ta="right" data-testid="detail-subtotal">
                  {money(job.subtotal)}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>Tax {job.taxMode === 'none' ? '' : `(${job.taxMode}, ${job.taxRate}%)`}</Table.Td>
                <Table.Td ta="right" data-testid="detail-tax">
                  {money(job.taxAmount)}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td fw={700}>Total</Table.Td>
                <Table.Td ta="right" fw={700} data-testid="detail-total">
                  {money(job.totalPrice)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {job.pricingNotes && <Field label="Pricing notes">{job.pricingNotes}</Field>}

          <Divider />
          <Staffing job={job} />

          <Group justify="flex-end" gap="sm">
            {job.mapsLink && (
              <Button
                component="a"
                href={job.mapsLink}
                target="_blank"
                rel="noopener noreferrer"
                variant="light"
                leftSection={<IconExternalLink size={16} aria-hidden="true" />}
              >
                Open Route
              </Button>
            )}
            <Button
              component="a"
              href={quotePdfUrl(job.id)}
              download
              variant="default"
              leftSection={<IconFileDownload size={16} aria-hidden="true" />}
            >
              Quote PDF
            </Button>
            <Button
              component="a"
              href={jobSheetPdfUrl(job.id)}
              download
              variant="default"
              leftSection={<IconFileDownload size={16} aria-hidden="true" />}
            >
              Job Sheet PDF
            </Button>
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
