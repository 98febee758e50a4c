import type { AvailableJob, DriverJob } from '@dms/domain';
import { Badge, Button, Divider, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useFormatters } from '../../lib/use-formatters';
import { RichTextView } from '../rich-text-view';
import { serviceDateLabel } from './format';
import { JobStatusBadge } from './job-status-badge';
import { vehicleName } from './job-summary';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * A job in the driver's view (spec 2 §2.4): overview, only the driver's own vehicles, driver notes,
 * journey legs, Open Route when there is a maps link; never a price.
 */
export function DriverJobDetailDialog({
  job,
  onClose,
  vehiclesHeading = 'Your vehicle',
  footer,
}: {
  /** An available job names its customer without contact details (ADR 37). */
  job: DriverJob | AvailableJob | null;
  onClose: () => void;
  vehiclesHeading?: string;
  footer?: ReactNode;
}) {
  const format = useFormatters();
  // A phone gets the whole screen: the journey and notes are read on the road.
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={job !== null}
      onClose={onClose}
      title={job?.title ?? 'Untitled job'}
      size="lg"
      fullScreen={phone}
      data-testid="job-detail-dialog"
    >
      {job && (
        <Stack gap="md">
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
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Field label="Date">{serviceDateLabel(format, job.serviceDate)}</Field>
            <Field label="Passengers">{job.paxCount ?? 'Not given'}</Field>
            {job.customer && (
              <Field label="Customer">
                {job.customer.companyName}
                {'phone' in job.customer && job.customer.phone ? ` · ${job.customer.phone}` : ''}
              </Field>
            )}
          </SimpleGrid>
          {job.serviceDescription && <Field label="Description">{job.serviceDescription}</Field>}

          <Divider />
          <Title order={3} size="h5">
            {vehiclesHeading}
          </Title>
          {job.vehicles.length === 0 ? (
            <Text size="sm" c="dimmed">
              No vehicle assigned to you on this job.
            </Text>
          ) : (
            job.vehicles.map((slot) => (
              <Paper key={slot.id} withBorder p="sm" radius="md" data-testid="detail-vehicle">
                <Stack gap={4}>
                  <Text fw={600}>{vehicleName(slot)}</Text>
                  <Text size="sm" c="dimmed">
                    {[slot.categoryName, slot.vehicle?.make, slot.vehicle?.model].filter(Boolean).join(' · ')}
                  </Text>
                  {(slot.startingDepot || slot.endingDepot) && (
                    <Text size="sm">
                      Depot: {slot.startingDepot?.name ?? '—'}
                      {slot.endingDepot && slot.endingDepot.id !== slot.startingDepot?.id
                        ? ` → ${slot.endingDepot.name}`
                        : ''}
                    </Text>
                  )}
                  {slot.vehicleNotes && <Text size="sm">{slot.vehicleNotes}</Text>}
                </Stack>
              </Paper>
            ))
          )}

          {job.notesDriver && (
            <>
              <Divider />
              <Title order={3} size="h5">
                Driver notes
              </Title>
              <RichTextView html={job.notesDriver} data-testid="driver-notes" />
            </>
          )}

          <Divider />
          <Title order={3} size="h5">
            Journey
          </Title>
          <Stack gap="xs">
            {job.legs.map((leg) => (
              <Paper key={leg.id} withBorder p="sm" radius="md" data-testid="detail-leg">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600}>
                      Leg {leg.legNumber}: {leg.originAddress ?? '—'} → {leg.destinationAddress ?? '—'}
                    </Text>
                    {leg.notes && (
                      <Text size="sm" c="dimmed">
                        {leg.notes}
                      </Text>
                    )}
                  </Stack>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {leg.departureTime ?? '--:--'} – {leg.arrivalTime ?? '--:--'}
                  </Text>
                </Group>
              </Paper>
            ))}
          </Stack>

          <Group justify="flex-end" gap="sm">
            {job.mapsLink && (
              <Button
                component="a"
                href={job.mapsLink}
                target="_blank"
                rel="noopener noreferrer"
                variant="light"
                leftSection={<IconExternalLink size={18} aria-hidden="true" />}
              >
                Open Route
              </Button>
            )}
            {footer}
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
