import { type EmergencyType, EmergencyTypeInputSchema, SEVERITIES, type Severity } from '@dms/domain';
import { Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { validateForm } from '../../../lib/form-errors';
import { useCreateEmergencyType, useUpdateEmergencyType } from '../api/ops-forms';
import { FormActions, FormDialog } from './form-dialog';
import { saveHandlers } from './save-handlers';

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
        saveHandlers('Emergency type', 'update', onClose, { fixed: true }),
      );
    } else {
      create.mutate(
        { ...fields, requiresImmediateResponse: 0 },
        saveHandlers('Emergency type', 'create', onClose, { fixed: true }),
      );
    }
  });

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={emergencyType ? 'Edit Emergency Type' : 'Add Emergency Type'}
      size="lg"
      busy={pending}
      fullScreenOnPhone
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
        </Stack>
        <FormActions submitLabel={'Save'} loading={pending} onCancel={onClose} />
      </form>
    </FormDialog>
  );
}
