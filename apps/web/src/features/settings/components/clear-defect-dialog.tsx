import { DEFECT_MESSAGES, type Vehicle } from '@dms/domain';
import { Alert, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useClearDefect } from '../api/fleet';
import { FormActions, FormDialog } from './form-dialog';
import { vehicleName } from './vehicle-form-dialog';

/** Clears a vehicle's open defect with the repair done: the vehicle may be taken out again. */
export function ClearDefectDialog({ vehicle, onClose }: { vehicle: Vehicle | null; onClose: () => void }) {
  const clear = useClearDefect();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (vehicle) {
      setNote('');
      setError(null);
    }
  }, [vehicle]);
  const defect = vehicle?.openDefect;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!defect) return;
    if (!note.trim()) {
      setError(DEFECT_MESSAGES.repairNote);
      return;
    }
    clear.mutate(
      { id: defect.id, repairNote: note },
      {
        onSuccess: () => {
          showToast({
            tone: 'success',
            title: 'Defect cleared',
            message: `${vehicleName(vehicle)} can be taken out again`,
          });
          onClose();
        },
        onError: (e) => {
          const message = isApiError(e)
            ? (e.serverMessage ?? 'Failed to clear the defect')
            : 'Failed to clear the defect';
          showToast({ tone: 'error', title: 'Error', message });
          if (isApiError(e, 409)) onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      opened={vehicle !== null}
      onClose={onClose}
      title={vehicle ? `Clear defect: ${vehicleName(vehicle)}` : 'Clear defect'}
      busy={clear.isPending}
      data-testid="clear-defect-dialog"
    >
      {defect && (
        <form onSubmit={submit} noValidate aria-label="Clear defect">
          <Stack gap="md">
            <Alert color="red" variant="light" title="Open defect">
              <Text size="sm">{defect.summary}</Text>
            </Alert>
            <Textarea
              label="Repair note"
              description="What was repaired or checked, and by whom"
              required
              autosize
              minRows={3}
              maxLength={2000}
              value={note}
              onChange={(e) => {
                setNote(e.currentTarget.value);
                setError(null);
              }}
              error={error}
              data-autofocus
            />
          </Stack>
          <FormActions submitLabel="Clear Defect" loading={clear.isPending} onCancel={onClose} />
        </form>
      )}
    </FormDialog>
  );
}
