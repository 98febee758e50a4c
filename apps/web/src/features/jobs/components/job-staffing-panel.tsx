import {
  effectiveOfferStatus,
  type Job,
  OFFER_STATUS_COLORS,
  OFFER_STATUS_LABELS,
  REQUEST_STATUS_LABELS,
} from '@dms/domain';
import { Badge, Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import {
  AllocationReasonDialog,
  type AllocationRefusal,
  allocationRefusal,
  reasonsFor,
} from '../../../components/allocation-reason-dialog';
import { vehicleName } from '../../../components/driver-job/job-summary';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import { useDecideRequest, useDriverOptions, useJobStaffing, useOfferSlot } from '../api';
import { driverName } from '../names';

const personName = (p: { firstName: string | null; lastName: string | null } | null) =>
  p ? driverName(p) : '';

/** Offers and requests of a job (ADR 14): approve or reject requests, offer an open slot. */
interface Reasons {
  hoursOverrideReason?: string;
  complianceOverrideReason?: string;
}

export function JobStaffingPanel({ job }: { job: Job }) {
  const format = useFormatters();
  const staffing = useJobStaffing(job.id);
  const decide = useDecideRequest();
  const offer = useOfferSlot();
  const drivers = useDriverOptions();
  const [slotId, setSlotId] = useState<string | null>(null);
  const [driverId, setDriverId] = useState<string | null>(null);
  // An allocation the hours or compliance check refused, to retry with one reason for both (ADR 33).
  const [refused, setRefused] = useState<{
    refusal: AllocationRefusal;
    retry: (reason: string) => void;
  } | null>(null);
  const orAskReason =
    (title: string, reasons: Reasons, retry: (reasons: Reasons) => void) =>
    (error: unknown): void => {
      const refusal = allocationRefusal(error);
      if (refusal)
        setRefused({ refusal, retry: (why) => retry({ ...reasons, ...reasonsFor(refusal, why) }) });
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
                  const approve = (reasons: Reasons = {}) =>
                    decide.mutate(
                      { id: r.id, status: 'approved', ...reasons },
                      {
                        onSuccess: () => {
                          setRefused(null);
                          showToast({
                            title: 'Request approved',
                            message: `${personName(r.driver)} is on the job.`,
                            tone: 'success',
                          });
                        },
                        onError: orAskReason('Failed to approve the request', reasons, approve),
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
              const send = (reasons: Reasons = {}) =>
                offer.mutate(
                  { jobId: job.id, slotId, driverId, ...reasons },
                  {
                    onSuccess: () => {
                      setRefused(null);
                      setSlotId(null);
                      setDriverId(null);
                      showToast({ title: 'Offer sent', tone: 'success' });
                    },
                    onError: orAskReason('Failed to send the offer', reasons, send),
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
      <AllocationReasonDialog
        refusal={refused?.refusal ?? null}
        busy={decide.isPending || offer.isPending}
        onCancel={() => setRefused(null)}
        onConfirm={(reason) => refused?.retry(reason)}
      />
    </Stack>
  );
}
