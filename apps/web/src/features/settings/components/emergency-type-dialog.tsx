import { type EmergencyType, EmergencyTypeInputSchema, SEVERITIES, type Severity } from '@dms/domain';
import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { validateForm } from '../../../lib/form-errors';
import { useCreateEmergencyType, useUpdateEmergencyType } from '../api/ops-forms';
import { notifySettingsFailure, notifySettingsSuccess } from '../settings-toasts';

export const SEVERITY_LABELS: Record<Severity, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

interface EmergencyTypeValues {
  name: string;
  description: string;
  severity: Severity;
}

const EMPTY: EmergencyTypeValues = { name: '', description: '', severity: 'medium' };

function isSeverity(value: string): value is Severity {
  return (SEVERITIES as readonly string[]).includes(value);
}

/** Add or edit an emergency type (spec 2 §2.7 Emergency Alerts). */
export function EmergencyTypeDialog({
  opened,
  emergencyType,
  onClose,
}: {
  opened: boolean;
  /** The type being edited; null adds one. */
  emergencyType: EmergencyType | null;
  onClose: () => void;
}) {
  const create = useCreateEmergencyType();
  const update = useUpdateEmergencyType();
  const phone = useMediaQuery('(max-width: 48em)');
  const form = useForm<EmergencyTypeValues>({
    initialValues: EMPTY,
    validate: (values) => validateForm(EmergencyTypeInputSchema, values).errors,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens
  useEffect(() => {
    if (!opened) return;
    form.setValues(
      emergencyType
        ? {
            name: emergencyType.name,
            description: emergencyType.description ?? '',
            severity: isSeverity(emergencyType.severity) ? emergencyType.severity : 'medium',
          }
        : EMPTY,
    );
    form.clearErrors();
  }, [opened, emergencyType?.id]);

  const pending = create.isPending || update.isPending;

  const submit = form.onSubmit((values) => {
    const fields = { name: values.name.trim(), description: values.description, severity: values.severity };
    if (emergencyType) {
      // requiresImmediateResponse has no input (spec 2 §3.2): the stored value stays.
      update.mutate(
        { id: emergencyType.id, changes: fields },
        {
          onSuccess: () => {
            notifySettingsSuccess('Emergency type', 'update');
            onClose();
          },
          onError: (error) => notifySettingsFailure('Emergency type', 'update', error, { fixed: true }),
        },
      );
    } else {
      create.mutate(
        { ...fields, requiresImmediateResponse: 0 },
        {
          onSuccess: () => {
            notifySettingsSuccess('Emergency type', 'create');
            onClose();
          },
          onError: (error) => notifySettingsFailure('Emergency type', 'create', error, { fixed: true }),
        },
      );
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={pending ? () => {} : onClose}
      title={emergencyType ? 'Edit Emergency Type' : 'Add Emergency Type'}
      size="lg"
      fullScreen={phone}
      closeOnClickOutside={!pending}
      data-testid="emergency-type-dialog"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Name"
            placeholder="e.g. Breakdown"
            required
            maxLength={200}
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Textarea
            label="Description"
            description="What counts as this emergency, as drivers see it"
            autosize
            minRows={2}
            maxRows={6}
            {...form.getInputProps('description')}
          />
          <Select
            label="Severity"
            description="High and critical alerts are shown in red"
            data={SEVERITIES.map((value) => ({ value, label: SEVERITY_LABELS[value] }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            maw={260}
            {...form.getInputProps('severity')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
