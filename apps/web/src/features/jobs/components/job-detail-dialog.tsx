import {
  calculatePrice,
  DEFAULT_CURRENCY,
  type Job,
  OFFER_STATUS_COLORS,
  OFFER_STATUS_LABELS,
} from '@dms/domain';
import {
  Badge,
  Button,
  Divider,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconExternalLink, IconFileDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { serviceDateLabel } from '../../../components/driver-job/format';
import { JobStatusBadge } from '../../../components/driver-job/job-status-badge';
import { vehicleName } from '../../../components/driver-job/job-summary';
import { RichTextView } from '../../../components/rich-text-view';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import { jobSheetPdfUrl, quotePdfUrl, useJob, useMarkJobSeen } from '../api';
import { driverName } from '../names';
import { JobInvoicesPanel } from './job-invoices-panel';
import { JobOverridesPanel } from './job-overrides-panel';
import { JobSeriesPanel } from './job-series-panel';
import { JobStaffingPanel } from './job-staffing-panel';
import { QuoteLinkPanel } from './quote-link-panel';

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

/** A job in the manager's view (spec 2 §2.4): all vehicles, pricing, PDFs, Mark as Seen, staffing. */
export function JobDetailDialog({
  jobId,
  onClose,
  onEdit,
  onSendQuote,
  onShowSeries,
}: {
  jobId: string | null;
  onClose: () => void;
  onEdit: (job: Job) => void;
  onSendQuote: (job: Job) => void;
  /** Narrows the job list to a series (an occurrence's "Show in job list"). */
  onShowSeries?: (seriesId: string) => void;
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
          <QuoteLinkPanel job={job} onSend={() => onSendQuote(job)} />

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
                  <Text size="sm">{s.driver ? driverName(s.driver) : 'No Driver Assigned'}</Text>
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
          <JobInvoicesPanel job={job} />
          <Divider />
          <JobStaffingPanel job={job} />
          {job.seriesId && onShowSeries && (
            <JobSeriesPanel seriesId={job.seriesId} onShowInList={onShowSeries} />
          )}
          <JobOverridesPanel jobId={job.id} />

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
