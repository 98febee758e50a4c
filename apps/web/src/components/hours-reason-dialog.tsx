import { HOURS_MESSAGES } from '@dms/domain';
import { Alert, Button, Group, Modal, Stack, Text, Textarea, type TextareaProps } from '@mantine/core';
import { useEffect, useState } from 'react';
import { isApiError } from '../lib/api-client';

/** Whether an allocation was refused by the hours check (409), so that a reason can be asked for. */
export function hoursRefusal(error: unknown): string | null {
  return isApiError(error, 409) && error.serverMessage?.startsWith(HOURS_MESSAGES.reasonRequired)
    ? error.serverMessage
    : null;
}

/** The reason the server records when drivers are allocated although the hours check warns. */
export function HoursReasonField({
  onChange,
  ...props
}: Omit<TextareaProps, 'onChange' | 'label' | 'description'> & { onChange: (value: string) => void }) {
  return (
    <Textarea
      label="Reason to allocate anyway"
      description="Recorded with the job, with what the check said"
      required
      autosize
      minRows={2}
      maxLength={500}
      onChange={(e) => onChange(e.currentTarget.value)}
      {...props}
    />
  );
}

/**
 * The hours check said an allocation (an approved request, an offered slot) breaks a window: the
 * manager reads what, and may go on only with a reason, which the server records.
 */
export function HoursReasonDialog({
  refusal,
  busy,
  onCancel,
  onConfirm,
}: {
  /** The server's message (what breaks, by how much, when legal again); null when closed. */
  refusal: string | null;
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
  const detail = refusal?.slice(HOURS_MESSAGES.reasonRequired.length).trim();
  return (
    <Modal opened={refusal !== null} onClose={onCancel} title="Driver hours would be broken" centered>
      <Stack gap="md">
        <Alert color="red" variant="light">
          <Text size="sm">{detail}</Text>
        </Alert>
        <HoursReasonField
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
            onClick={() =>
              reason.trim() ? onConfirm(reason.trim()) : setError(HOURS_MESSAGES.reasonRequired)
            }
          >
            Allocate Anyway
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
