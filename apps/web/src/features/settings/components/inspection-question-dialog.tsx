import {
  type InspectionQuestion,
  type InspectionType,
  QUESTION_CATEGORIES,
  type QuestionCategory,
} from '@dms/domain';
import { NumberInput, Select, SimpleGrid, Stack, Switch, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useCreateInspectionQuestion, useUpdateInspectionQuestion } from '../api/ops-forms';
import { FormActions, FormDialog } from './form-dialog';
import { saveHandlers } from './save-handlers';

interface QuestionValues {
  question: string;
  category: QuestionCategory;
  requiresPhoto: boolean;
  sortOrder: number | string;
}

function isCategory(value: string): value is QuestionCategory {
  return (QUESTION_CATEGORIES as readonly string[]).includes(value);
}

/** Add or edit one inspection question (spec 2 §2.7 Ops forms, §5 inspection question form). */
export function InspectionQuestionDialog({
  opened,
  type,
  question,
  nextSortOrder,
  onClose,
}: {
  opened: boolean;
  type: InspectionType;
  /** The question being edited; null adds one. */
  question: InspectionQuestion | null;
  /** Sort order a new question starts with: the highest existing plus one. */
  nextSortOrder: number;
  onClose: () => void;
}) {
  const create = useCreateInspectionQuestion();
  const update = useUpdateInspectionQuestion();
  const [values, setValues] = useState<QuestionValues>({
    question: '',
    category: 'Safety',
    requiresPhoto: false,
    sortOrder: 0,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens
  useEffect(() => {
    if (!opened) return;
    setValues(
      question
        ? {
            question: question.question,
            category: isCategory(question.category) ? question.category : 'Other',
            requiresPhoto: question.requiresPhoto === 1,
            sortOrder: question.sortOrder,
          }
        : { question: '', category: 'Safety', requiresPhoto: false, sortOrder: nextSortOrder },
    );
  }, [opened, question?.id]);

  const pending = create.isPending || update.isPending;
  // Spec 2 §5: Save is disabled while the question text is empty.
  const canSave = values.question.trim() !== '';

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!canSave || pending) return;
    // Sort order is numeric, default 0.
    const sortOrder =
      Number.isFinite(Number(values.sortOrder)) && values.sortOrder !== ''
        ? Math.trunc(Number(values.sortOrder))
        : 0;
    const fields = {
      type,
      question: values.question.trim(),
      category: values.category,
      requiresPhoto: values.requiresPhoto ? 1 : 0,
      sortOrder,
    } as const;
    if (question) {
      update.mutate(
        { id: question.id, changes: fields },
        saveHandlers('Inspection question', 'update', onClose, { fixed: true }),
      );
    } else {
      create.mutate(fields, saveHandlers('Inspection question', 'create', onClose, { fixed: true }));
    }
  };

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={question ? 'Edit Question' : 'Add Question'}
      size="lg"
      busy={pending}
      fullScreenOnPhone
      data-testid="inspection-question-dialog"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Textarea
            label="Question"
            description="What the driver checks, answered Pass, Fail or N/A"
            placeholder="e.g. Tyres: tread depth, pressure and no cuts or bulges"
            required
            autosize
            minRows={2}
            maxRows={6}
            maxLength={200}
            data-autofocus
            value={values.question}
            onChange={(event) => {
              const text = event.currentTarget.value;
              setValues((v) => ({ ...v, question: text }));
            }}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Select
              label="Category"
              data={[...QUESTION_CATEGORIES]}
              value={values.category}
              onChange={(value) => {
                if (value && isCategory(value)) setValues((v) => ({ ...v, category: value }));
              }}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            <NumberInput
              label="Sort Order"
              description="Lower numbers come first"
              allowDecimal={false}
              value={values.sortOrder}
              onChange={(value) => setValues((v) => ({ ...v, sortOrder: value }))}
            />
          </SimpleGrid>
          <Switch
            label="Requires photo"
            description="The driver attaches a photo with the answer"
            checked={values.requiresPhoto}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setValues((v) => ({ ...v, requiresPhoto: checked }));
            }}
          />
        </Stack>
        <FormActions submitLabel={'Save'} loading={pending} disabled={!canSave} onCancel={onClose} />
      </form>
    </FormDialog>
  );
}
