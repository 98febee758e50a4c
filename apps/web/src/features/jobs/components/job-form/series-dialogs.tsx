import { type JobEditScope, SERIES_CHECKS_MESSAGE, type SeriesDateProblem } from '@dms/domain';
import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ReasonField } from '../../../../components/reason-field';
import { isApiError } from '../../../../lib/api-client';
import { useFormatters } from '../../../../lib/use-formatters';

/** The dates of a 409 from POST /api/job-series whose allocation checks failed, or null (ADR 36). */
export function seriesDateProblems(error: unknown): SeriesDateProblem[] | null {
  if (!isApiError(error, 409)) return null;
  try {
    const body = JSON.parse(error.bodyText || '{}') as {
      message?: string;
      errors?: { path: string; message: string }[];
    };
    if (body.message !== SERIES_CHECKS_MESSAGE || !body.errors?.length) return null;
    return body.errors.map((e) => ({ date: e.path, problems: [e.message] }));
  } catch {
    return null;
  }
}

/**
 * Some dates of a new series (or of a "this and following" edit) fail the allocation checks: each
 * date and why, then leave those slots open (a new series only) or override every date with one
 * reason (recorded per date).
 */
export function SeriesProblemsDialog({
  problems,
  busy,
  onCancel,
  onLeaveOpen,
  onOverride,
}: {
  problems: SeriesDateProblem[] | null;
  busy: boolean;
  onCancel: () => void;
  /** Absent for an edit of the following dates: their slots are what the edit changes. */
  onLeaveOpen?: () => void;
  onOverride: (reason: string) => void;
}) {
  const fmt = useFormatters();
  const [overriding, setOverriding] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (problems) {
      setOverriding(false);
      setReason('');
      setError(null);
    }
  }, [problems]);
  const count = problems?.length ?? 0;
  return (
    <Modal
      opened={problems !== null}
      onClose={busy ? () => {} : onCancel}
      title="Some dates fail the checks"
      size="lg"
      centered
      data-testid="series-problems-dialog"
    >
      <Stack gap="md">
        <Alert color="red" variant="light">
          <Text size="sm">
            {count === 1 ? 'One date' : `${count} dates`} of this series cannot have the chosen drivers or
            vehicles.{' '}
            {onLeaveOpen
              ? 'Leave those slots open to fill later, or allocate anyway with a reason.'
              : 'Allocate anyway with a reason, or cancel and choose another driver or vehicle.'}
          </Text>
        </Alert>
        <Table.ScrollContainer
          minWidth={360}
          mah={280}
          // A long list scrolls: the keyboard must reach it too (WCAG 2.1.1).
          scrollAreaProps={{
            viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Dates that fail the checks' },
          }}
        >
          <Table data-testid="series-problems">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={150}>Date</Table.Th>
                <Table.Th>Problem</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(problems ?? []).map((p) => (
                <Table.Tr key={p.date} data-testid="series-problem-row">
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {fmt.serviceDate(p.date)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{p.problems.join(' ')}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {overriding && (
          <ReasonField
            description="Recorded in Reports → Overrides for each of these dates"
            value={reason}
            onChange={(value) => {
              setReason(value);
              setError(null);
            }}
            error={error}
            data-autofocus
          />
        )}
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          {overriding ? (
            <Button
              color="red"
              loading={busy}
              onClick={() => (reason.trim() ? onOverride(reason.trim()) : setError('A reason is needed'))}
            >
              Allocate Anyway
            </Button>
          ) : (
            <>
              <Button variant="light" color="red" onClick={() => setOverriding(true)} disabled={busy}>
                Override with a reason
              </Button>
              {onLeaveOpen && (
                <Button loading={busy} onClick={onLeaveOpen}>
                  Leave those slots open
                </Button>
              )}
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/** Saving an occurrence of a series: this job only, or this and every later one. */
export function ScopeDialog({
  opened,
  busy,
  onCancel,
  onChoose,
}: {
  opened: boolean;
  busy: boolean;
  onCancel: () => void;
  onChoose: (scope: JobEditScope) => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={busy ? () => {} : onCancel}
      title="Save a recurring job"
      size="lg"
      centered
      data-testid="scope-dialog"
    >
      <Stack gap="md">
        <Text size="sm">
          This job is part of a series. Change only this job, or this job and every later one not yet started?
        </Text>
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant="light" onClick={() => onChoose('this')} loading={busy} data-autofocus>
            This job only
          </Button>
          <Button onClick={() => onChoose('following')} loading={busy}>
            This and following
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
