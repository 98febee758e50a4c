import {
  CLEAR_OF_BUS_LABELS,
  EMERGENCY_STATUS_LABELS,
  type EmergencyReport,
  type EndOfShiftReport,
  FUEL_ISSUE_LABELS,
  INCIDENT_STATUS_LABELS,
  type IncidentReportRow,
  isDestructiveSeverity,
  OVERALL_STATUS_COLORS,
  OVERALL_STATUS_LABELS,
  type PreDepartureReport,
  UNKNOWN_DRIVER,
  wordsOf,
} from '@dms/domain';
import {
  Alert,
  Badge,
  Button,
  Divider,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { QueryState } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import { type ReportRows, useInspectionAnswers, useResolveEmergency, useReviewIncident } from '../api';
import { InspectionReview } from './inspection-review';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children === null || children === undefined || children === '' ? '—' : children}
      </Text>
    </Stack>
  );
}

const yesNo = (v: 0 | 1) => (v === 1 ? 'Yes' : 'No');

/** The form's answers, loaded when its detail opens (ADR 37): the list rows do not carry them. */
function Answers({ tab, report }: { tab: 'pre-departure' | 'end-of-shift'; report: { id: string } }) {
  const query = useInspectionAnswers(tab, report.id);
  const answers = query.data?.answers ?? [];
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Answers
      </Title>
      <QueryState
        query={query}
        isEmpty={answers.length === 0}
        empty={<Text size="sm">No answers recorded.</Text>}
        skeletonRows={4}
        errorTitle="Could not load the answers"
      >
        <Stack gap="xs" data-testid="inspection-answers">
          {answers.map((a) => (
            <Paper key={a.questionId} withBorder p="xs" radius="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={0}>
                  <Text size="sm">{a.question ?? 'A question no longer asked'}</Text>
                  {a.category && (
                    <Text size="xs" c="dimmed">
                      {a.category}
                    </Text>
                  )}
                  {a.notes && (
                    <Text size="sm" fs="italic">
                      {a.notes}
                    </Text>
                  )}
                </Stack>
                <Badge
                  color={a.passed === false ? 'red' : a.passed ? 'green' : 'gray'}
                  variant="light"
                  style={{ flexShrink: 0 }}
                >
                  {a.passed === false ? 'Fail' : a.passed ? 'Pass' : 'N/A'}
                </Badge>
              </Group>
            </Paper>
          ))}
        </Stack>
      </QueryState>
    </Stack>
  );
}

function ReviewBox({ report }: { report: IncidentReportRow | EmergencyReport }) {
  const reviewIncident = useReviewIncident();
  const resolveEmergency = useResolveEmergency();
  const [notes, setNotes] = useState('');
  const [shownFor, setShownFor] = useState(report.id);
  // A fresh note for each report opened.
  if (shownFor !== report.id) {
    setShownFor(report.id);
    setNotes('');
  }
  const isIncident = 'incidentType' in report;
  const done = () => {
    setNotes('');
    showToast({ title: 'Review saved', tone: 'success' });
  };
  const failed = (error: unknown) =>
    showToast({
      title: 'Failed to save the review',
      message: errorMessage(error, 'Please try again.'),
      tone: 'error',
    });
  const next: { status: 'under_review' | 'resolved'; label: string }[] = isIncident
    ? report.status === 'submitted'
      ? [
          { status: 'under_review', label: 'Move to Under Review' },
          { status: 'resolved', label: 'Resolve' },
        ]
      : report.status === 'under_review'
        ? [{ status: 'resolved', label: 'Resolve' }]
        : []
    : report.status === 'active'
      ? [{ status: 'resolved', label: 'Resolve' }]
      : [];
  if (next.length === 0) return null;
  const busy = reviewIncident.isPending || resolveEmergency.isPending;
  return (
    <Stack gap="sm">
      <Divider />
      <Title order={3} size="h5">
        Review
      </Title>
      <Textarea
        label="Review notes"
        value={notes}
        onChange={(e) => setNotes(e.currentTarget.value)}
        autosize
        minRows={2}
      />
      <Group justify="flex-end" gap="sm">
        {next.map((step) => (
          <Button
            key={step.status}
            variant={step.status === 'resolved' ? 'filled' : 'light'}
            loading={busy}
            onClick={() =>
              isIncident
                ? reviewIncident.mutate(
                    { id: report.id, status: step.status, notes },
                    { onSuccess: done, onError: failed },
                  )
                : resolveEmergency.mutate({ id: report.id, notes }, { onSuccess: done, onError: failed })
            }
          >
            {step.label}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

/** Every answer, note and field of one form (spec 2 §2.6), and its review (inspections: ADR 27). */
export function ReportDetailDialog<T extends keyof ReportRows>({
  tab,
  report,
  onClose,
}: {
  tab: T;
  report: ReportRows[T] | null;
  onClose: () => void;
}) {
  const format = useFormatters();
  const r = report as ReportRows[keyof ReportRows] | null;
  const driver = r?.driverName ?? UNKNOWN_DRIVER;
  return (
    <Modal opened={r !== null} onClose={onClose} title="Details" size="lg" data-testid="report-detail-dialog">
      {r && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Field label="Driver">{driver}</Field>
            <Field label="Vehicle">{r.vehicle}</Field>
          </SimpleGrid>
          {tab === 'pre-departure' &&
            (() => {
              const x = r as PreDepartureReport;
              return (
                <>
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                    <Field label="Date & Time">{format.reportDateTime(x.inspectionDate)}</Field>
                    <Field label="Status">
                      <Badge color={OVERALL_STATUS_COLORS[x.overallStatus]} variant="light">
                        {OVERALL_STATUS_LABELS[x.overallStatus]}
                      </Badge>
                    </Field>
                    <Field label="Damage Reported">{yesNo(x.damageReported)}</Field>
                  </SimpleGrid>
                  <Field label="Additional notes">{x.notes}</Field>
                  <Answers tab={tab} report={x} />
                  <InspectionReview tab="pre-departure" report={x} />
                </>
              );
            })()}
          {tab === 'end-of-shift' &&
            (() => {
              const x = r as EndOfShiftReport;
              return (
                <>
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                    <Field label="Date/Time">{format.reportDateTime(x.inspectionDate)}</Field>
                    <Field label="Bus Clean">{yesNo(x.busClean)}</Field>
                    <Field label="Clear of Bus">
                      {x.clearOfBus ? CLEAR_OF_BUS_LABELS[x.clearOfBus] : 'Not recorded'}
                    </Field>
                    <Field label="Body damage">
                      {x.bodyDamageFound ? `Yes: ${x.bodyDamageDetails ?? ''}` : 'No'}
                    </Field>
                    <Field label="Interior damage">
                      {x.interiorDamageFound ? `Yes: ${x.interiorDamageDetails ?? ''}` : 'No'}
                    </Field>
                  </SimpleGrid>
                  <Field label="Additional notes">{x.notes}</Field>
                  <Answers tab={tab} report={x} />
                  <InspectionReview tab="end-of-shift" report={x} />
                </>
              );
            })()}
          {tab === 'fuel-logs' &&
            (() => {
              const x = r as ReportRows['fuel-logs'];
              return (
                <>
                  {x.plausibilityFlags.length > 0 && (
                    <Alert
                      color="orange"
                      variant="light"
                      title="Flagged: confirmed by the driver"
                      data-testid="fuel-flag-detail"
                    >
                      <Stack gap={4}>
                        <Text size="sm">
                          {x.plausibilityFlags.map((f) => FUEL_ISSUE_LABELS[f]).join('; ')}
                        </Text>
                        <Text size="sm">Reason: {x.confirmReason ?? '—'}</Text>
                        <Text size="xs" c="dimmed">
                          Left out of the Fleet Overview's fuel figures.
                        </Text>
                      </Stack>
                    </Alert>
                  )}
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                    <Field label="Date/Time">{format.reportDateTime(x.fuelDate)}</Field>
                    <Field label="Odometer (km)">{format.number(x.odometerReading)}</Field>
                    <Field label="Litres">{format.decimal(x.litersAdded, 2)}</Field>
                    <Field label="Fuel Type">{x.fuelType}</Field>
                    <Field label="Location">{x.location}</Field>
                    <Field label="Notes">{x.notes}</Field>
                  </SimpleGrid>
                </>
              );
            })()}
          {tab === 'emergencies' &&
            (() => {
              const x = r as EmergencyReport;
              return (
                <>
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                    <Field label="Date/Time">{format.reportDateTime(x.alertDate)}</Field>
                    <Field label="Emergency Type">
                      {x.typeName}{' '}
                      <Badge
                        color={
                          isDestructiveSeverity(x.severity)
                            ? 'red'
                            : x.severity === 'medium'
                              ? 'yellow'
                              : 'gray'
                        }
                        variant="light"
                      >
                        {x.severity}
                      </Badge>
                    </Field>
                    <Field label="Location">{x.location}</Field>
                    <Field label="Status">{EMERGENCY_STATUS_LABELS[x.status as 'active'] ?? x.status}</Field>
                  </SimpleGrid>
                  <Field label="Description">{x.description}</Field>
                  {x.resolvedAt && (
                    <Field label="Resolved">{`${format.reportDateTime(x.resolvedAt)}${x.resolvedByName ? ` by ${x.resolvedByName}` : ''}${x.resolutionNotes ? `\n${x.resolutionNotes}` : ''}`}</Field>
                  )}
                  <ReviewBox report={x} />
                </>
              );
            })()}
          {tab === 'incidents' &&
            (() => {
              const x = r as IncidentReportRow;
              return (
                <>
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                    <Field label="Date/Time">{format.reportDateTime(x.incidentDate)}</Field>
                    <Field label="Type">{wordsOf(x.incidentType)}</Field>
                    <Field label="Location">{x.location}</Field>
                    <Field label="Status">
                      {INCIDENT_STATUS_LABELS[x.status as 'submitted'] ?? x.status}
                    </Field>
                    <Field label="Injuries">
                      {x.injuriesReported ? `Yes: ${x.injuryDetails ?? ''}` : 'No'}
                    </Field>
                    <Field label="Police">
                      {x.policeNotified ? `Yes: ${x.policeReportNumber ?? ''}` : 'No'}
                    </Field>
                  </SimpleGrid>
                  <Field label="Description">{x.description}</Field>
                  <Field label="Witnesses">{x.witnessDetails}</Field>
                  {x.reviewedAt && (
                    <Field label="Last reviewed">{`${format.reportDateTime(x.reviewedAt)}${x.reviewedByName ? ` by ${x.reviewedByName}` : ''}`}</Field>
                  )}
                  {x.reviewNotes && <Field label="Review notes">{x.reviewNotes}</Field>}
                  <ReviewBox report={x} />
                </>
              );
            })()}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
