import { COMPLIANCE_REFUSAL } from '@dms/domain';
import { Alert, Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { isApiError } from '../lib/api-client';

/**
 * The compliance refusals of a 409 (ADR 33: one `complianceOverrideReason` error per problem), or
 * null when the allocation was not refused by the compliance check.
 */
export function complianceRefusals(error: unknown): string[] | null {
  if (!isApiError(error, 409)) return null;
  try {
    const body = JSON.parse(error.bodyText || '{}') as { errors?: { path: string; message: string }[] };
    const problems = (body.errors ?? [])
      .filter((e) => e.path === 'complianceOverrideReason')
      .map((e) => e.message);
    return problems.length > 0 ? problems : null;
  } catch {
    return null;
  }
}

/**
 * The compliance check refused an allocation (a lapsed record, a licence class that does not cover
 * the vehicle): the manager reads each problem and may go on only with a reason, which is recorded.
 */
export function ComplianceReasonDialog({
  problems,
  busy,
  onCancel,
  onConfirm,
}: {
  /** Each refusal as the server worded it; null when closed. */
  problems: string[] | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (problems) {
      setReason('');
      setError(null);
    }
  }, [problems]);
  return (
    <Modal opened={problems !== null} onClose={onCancel} title="Compliance check failed" centered>
      <Stack gap="md">
        <Alert color="red" variant="light" data-testid="compliance-refusal">
          <Text size="sm" mb="xs">
            {COMPLIANCE_REFUSAL.reasonRequired}
          </Text>
          <List size="sm" spacing={4}>
            {(problems ?? []).map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List>
        </Alert>
        <Textarea
          label="Reason to allocate anyway"
          description="Recorded in Reports → Overrides and on the job, with each problem"
          required
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
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
