import {
  DEFECT_MESSAGES,
  type EndOfShiftReport,
  INCIDENT_STATUS_LABELS,
  type PreDepartureReport,
} from '@dms/domain';
import { Alert, Badge, Button, Divider, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import { useClearFormDefect, useReviewInspection } from '../api';

const REVIEW_COLORS = { submitted: 'blue', under_review: 'yellow', resolved: 'green' } as const;

/**
 * The defect an inspection raised (ADR 27): open, with the clearing a manager does in Settings >
 * Vehicles offered right here, or cleared, with who cleared it and the repair.
 */
function FormDefect({
  tab,
  report,
}: {
  tab: 'pre-departure' | 'end-of-shift';
  report: PreDepartureReport | EndOfShiftReport;
}) {
  const format = useFormatters();
  const clear = useClearFormDefect(tab);
  const [repairNote, setRepairNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const defect = report.defect;
  if (!defect) return null;
  if (defect.clearedAt) {
    return (
      <Alert
        color="green"
        variant="light"
        icon={<IconCircleCheck size={20} aria-hidden="true" />}
        title="Defect cleared"
        data-testid="form-defect"
      >
        {`${format.dateTime(defect.clearedAt)}${defect.clearedByName ? ` by ${defect.clearedByName}` : ''}: ${defect.repairNote ?? ''}`}
      </Alert>
    );
  }
  const submit = () => {
    if (repairNote.trim() === '') {
      setError(DEFECT_MESSAGES.repairNote);
      return;
    }
    clear.mutate(
      { id: defect.id, repairNote },
      {
        onSuccess: () => {
          setRepairNote('');
          showToast({
            title: 'Defect cleared',
            message: 'The vehicle can be taken out again.',
            tone: 'success',
          });
        },
        onError: (e) =>
          showToast({
            title: 'Failed to clear the defect',
            message: errorMessage(e, 'Please try again.'),
            tone: 'error',
          }),
      },
    );
  };
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={20} aria-hidden="true" />}
      title="Open defect: the vehicle cannot be taken out until it is cleared"
      data-testid="form-defect"
    >
      <Stack gap="sm">
        <Textarea
          label="Repair note"
          description="What was repaired or checked. Clearing lets drivers take the vehicle out again."
          value={repairNote}
          onChange={(e) => {
            setRepairNote(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          autosize
          minRows={2}
          maxLength={2000}
        />
        <Group justify="flex-end">
          <Button color="red" onClick={submit} loading={clear.isPending}>
            Clear Defect
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** An inspection's review, as incidents have it: Submitted → Under Review → Resolved, with notes. */
export function InspectionReview({
  tab,
  report,
}: {
  tab: 'pre-departure' | 'end-of-shift';
  report: PreDepartureReport | EndOfShiftReport;
}) {
  const format = useFormatters();
  const review = useReviewInspection(tab);
  const [notes, setNotes] = useState('');
  const [shownFor, setShownFor] = useState(report.id);
  // A fresh note for each form opened.
  if (shownFor !== report.id) {
    setShownFor(report.id);
    setNotes('');
  }
  const next: { status: 'under_review' | 'resolved'; label: string }[] =
    report.reviewStatus === 'submitted'
      ? [
          { status: 'under_review', label: 'Move to Under Review' },
          { status: 'resolved', label: 'Resolve' },
        ]
      : report.reviewStatus === 'under_review'
        ? [{ status: 'resolved', label: 'Resolve' }]
        : [];
  return (
    <Stack gap="sm" data-testid="inspection-review">
      <Divider />
      <Group justify="space-between">
        <Title order={3} size="h5">
          Review
        </Title>
        <Badge color={REVIEW_COLORS[report.reviewStatus]} variant="light" data-testid="review-status">
          {INCIDENT_STATUS_LABELS[report.reviewStatus]}
        </Badge>
      </Group>
      <FormDefect tab={tab} report={report} />
      {report.reviewedAt && (
        <Text size="sm">
          Last reviewed {format.dateTime(report.reviewedAt)}
          {report.reviewedByName ? ` by ${report.reviewedByName}` : ''}
        </Text>
      )}
      {report.reviewNotes && (
        <Text
          size="sm"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="review-notes"
        >
          {report.reviewNotes}
        </Text>
      )}
      {next.length > 0 && (
        <>
          <Textarea
            label="Review notes"
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={2000}
          />
          <Group justify="flex-end" gap="sm">
            {next.map((step) => (
              <Button
                key={step.status}
                variant={step.status === 'resolved' ? 'filled' : 'light'}
                loading={review.isPending}
                onClick={() =>
                  review.mutate(
                    { id: report.id, status: step.status, notes },
                    {
                      onSuccess: () => {
                        setNotes('');
                        showToast({ title: 'Review saved', tone: 'success' });
                      },
                      onError: (e) =>
                        showToast({
                          title: 'Failed to save the review',
                          message: errorMessage(e, 'Please try again.'),
                          tone: 'error',
                        }),
                    },
                  )
                }
              >
                {step.label}
              </Button>
            ))}
          </Group>
        </>
      )}
    </Stack>
  );
}
