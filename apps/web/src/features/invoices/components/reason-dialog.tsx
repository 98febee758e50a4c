import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';

/** Asks for the reason a record keeps (a credit note, a removed payment) before a change that cannot be undone. */
export function ReasonDialog({
  opened,
  title,
  message,
  confirmLabel,
  loading,
  error,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  loading: boolean;
  error: string | null;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (opened) {
      setReason('');
      setTouched(false);
    }
  }, [opened]);
  const missing = reason.trim() === '';
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered data-testid="reason-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (!missing) onConfirm(reason.trim());
        }}
      >
        <Stack gap="md">
          <Text size="sm">{message}</Text>
          <Textarea
            label="Reason"
            withAsterisk
            autosize
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={(touched && missing ? 'A reason is required' : null) ?? error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={loading}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
