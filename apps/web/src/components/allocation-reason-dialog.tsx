import { COMPLIANCE_REFUSAL, HOURS_MESSAGES } from '@dms/domain';
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { isApiError } from '../lib/api-client';
import { ReasonField } from './reason-field';

/**
 * What an allocation's 409 refused (ADR 33): the hours check's sentence and each compliance problem.
 * The server runs both checks before refusing, so one answer may hold both, and one reason answers both.
 */
export interface AllocationRefusal {
  /** What the hours rules say (what breaks, by how much, when legal again), or null. */
  hours: string | null;
  /** Each compliance refusal as the server worded it. */
  compliance: string[];
}

/** The refusal in a 409 of the allocation checks, or null for any other error. */
export function allocationRefusal(error: unknown): AllocationRefusal | null {
  if (!isApiError(error, 409)) return null;
  let errors: { path: string; message: string }[] = [];
  try {
    errors = (JSON.parse(error.bodyText || '{}') as { errors?: typeof errors }).errors ?? [];
  } catch {
    errors = [];
  }
  const message = error.serverMessage ?? '';
  const hours = message.startsWith(HOURS_MESSAGES.reasonRequired)
    ? (message
        .slice(HOURS_MESSAGES.reasonRequired.length)
        .split(COMPLIANCE_REFUSAL.reasonRequired)[0]
        ?.trim() ?? null)
    : null;
  const compliance = errors.filter((e) => e.path === 'complianceOverrideReason').map((e) => e.message);
  return hours || compliance.length > 0 ? { hours, compliance } : null;
}

/** The reasons to send again: the one reason, in each field the refusal asked for. */
export function reasonsFor(
  refusal: AllocationRefusal,
  reason: string,
): { hoursOverrideReason?: string; complianceOverrideReason?: string } {
  return {
    ...(refusal.hours ? { hoursOverrideReason: reason } : {}),
    ...(refusal.compliance.length > 0 ? { complianceOverrideReason: reason } : {}),
  };
}

function titleOf(refusal: AllocationRefusal | null): string {
  if (refusal?.hours && refusal.compliance.length > 0) return 'Driver hours and compliance checks failed';
  return refusal?.hours ? 'Driver hours would be broken' : 'Compliance check failed';
}

/**
 * An allocation (an approved request, an offered slot, a board move, a save) was refused by the
 * hours check, the compliance check or both: the manager reads every problem at once and may go on
 * only with one reason, which the server records against each (Reports → Overrides, the job).
 */
export function AllocationReasonDialog({
  refusal,
  busy,
  onCancel,
  onConfirm,
}: {
  /** Null when closed. */
  refusal: AllocationRefusal | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (refusal) {
      setReason('');
      setError(null);
    }
  }, [refusal]);
  return (
    <Modal opened={refusal !== null} onClose={onCancel} title={titleOf(refusal)} centered>
      <Stack gap="md">
        {refusal?.hours && (
          <Alert color="red" variant="light" title="Driver hours" data-testid="hours-refusal">
            <Text size="sm">{refusal.hours}</Text>
          </Alert>
        )}
        {refusal && refusal.compliance.length > 0 && (
          <Alert
            color="red"
            variant="light"
            title={refusal.hours ? 'Compliance' : undefined}
            data-testid="compliance-refusal"
          >
            <Text size="sm" mb="xs">
              {COMPLIANCE_REFUSAL.reasonRequired}
            </Text>
            <List size="sm" spacing={4}>
              {refusal.compliance.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <ReasonField
          description={
            refusal?.hours && refusal.compliance.length > 0
              ? 'One reason for all of the above, recorded in Reports → Overrides and on the job'
              : undefined
          }
          value={reason}
          onChange={(value) => {
            setReason(value);
            setError(null);
          }}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={busy}
            onClick={() => (reason.trim() ? onConfirm(reason.trim()) : setError('A reason is needed'))}
          >
            Allocate Anyway
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
