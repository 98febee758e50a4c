import { type InspectionQuestion, type InspectionType, nextSortOrder } from '@dms/domain';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCamera, IconEdit, IconPlus, IconRestore, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { showToast } from '../../../lib/toast';
import {
  useDeleteInspectionQuestion,
  useInspectionQuestions,
  useUpdateInspectionQuestion,
} from '../api/ops-forms';
import { notifySettingsFailure, notifySettingsSuccess } from '../settings-toasts';
import { InspectionQuestionDialog } from './inspection-question-dialog';
import { QueryState } from './query-state';
import { SettingsPanelHeader } from './settings-panel-header';

const CATEGORY_COLORS: Record<string, string> = {
  Safety: 'red',
  Mechanical: 'orange',
  Lights: 'yellow',
  Interior: 'teal',
  Other: 'gray',
};

const TEXTS: Record<InspectionType, { title: string; description: string }> = {
  pre_departure: {
    title: 'Pre-Departure Inspection Questions',
    description:
      'The checks drivers answer at the depot terminal when they clock in, before the vehicle leaves. Each is answered Pass, Fail or N/A.',
  },
  end_of_shift: {
    title: 'End of Shift Inspection Questions',
    description:
      'The checks drivers answer at the depot terminal when they clock out. Each is answered Pass, Fail or N/A.',
  },
};

interface RowActions {
  onEdit: (q: InspectionQuestion) => void;
  onDelete: (q: InspectionQuestion) => void;
  onReactivate: (q: InspectionQuestion) => void;
  reactivatingId: string | null;
}

function Actions({
  question,
  onEdit,
  onDelete,
  onReactivate,
  reactivatingId,
}: RowActions & { question: InspectionQuestion }) {
  const short = question.question.length > 40 ? `${question.question.slice(0, 40)}…` : question.question;
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      {question.isActive === 1 ? null : (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRestore size={14} aria-hidden="true" />}
          onClick={() => onReactivate(question)}
          loading={reactivatingId === question.id}
          aria-label={`Reactivate "${short}"`}
        >
          Reactivate
        </Button>
      )}
      <Tooltip label="Edit">
        <ActionIcon size="lg" aria-label={`Edit "${short}"`} onClick={() => onEdit(question)}>
          <IconEdit size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
      {question.isActive === 1 ? (
        <Tooltip label="Delete">
          <ActionIcon
            size="lg"
            color="red"
            aria-label={`Delete "${short}"`}
            onClick={() => onDelete(question)}
          >
            <IconTrash size={18} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}

function Badges({ question }: { question: InspectionQuestion }) {
  return (
    <>
      <Badge variant="light" color={CATEGORY_COLORS[question.category] ?? 'gray'} size="sm">
        {question.category}
      </Badge>
      {question.requiresPhoto === 1 ? (
        <Badge
          variant="outline"
          color="gray"
          size="sm"
          leftSection={<IconCamera size={12} aria-hidden="true" />}
        >
          Photo
        </Badge>
      ) : null}
      {question.isActive === 1 ? null : (
        <Badge variant="filled" color="gray" size="sm" data-testid="inactive-badge">
          Inactive
        </Badge>
      )}
    </>
  );
}

function QuestionTable({ questions, ...actions }: RowActions & { questions: InspectionQuestion[] }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table data-testid="questions-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={70}>Order</Table.Th>
            <Table.Th>Question</Table.Th>
            <Table.Th w={170}>Category</Table.Th>
            <Table.Th w={160} style={{ textAlign: 'right' }}>
              Actions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {questions.map((q) => (
            <Table.Tr
              key={q.id}
              data-testid="question-row"
              data-active={q.isActive === 1 ? 'true' : 'false'}
              style={q.isActive === 1 ? undefined : { opacity: 0.7 }}
            >
              <Table.Td>
                <Text size="sm" c="dimmed" ff="monospace">
                  {q.sortOrder}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" td={q.isActive === 1 ? undefined : 'line-through'}>
                  {q.question}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="wrap">
                  <Badges question={q} />
                </Group>
              </Table.Td>
              <Table.Td>
                <Actions question={q} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function QuestionCards({ questions, ...actions }: RowActions & { questions: InspectionQuestion[] }) {
  return (
    <Stack gap="sm" data-testid="questions-table">
      {questions.map((q) => (
        <Paper
          key={q.id}
          withBorder
          p="sm"
          data-testid="question-row"
          data-active={q.isActive === 1 ? 'true' : 'false'}
          style={q.isActive === 1 ? undefined : { opacity: 0.75 }}
        >
          <Stack gap={8}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Text size="sm" c="dimmed" ff="monospace" miw={20}>
                {q.sortOrder}
              </Text>
              <Text size="sm" style={{ flex: 1 }} td={q.isActive === 1 ? undefined : 'line-through'}>
                {q.question}
              </Text>
            </Group>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Group gap={4} wrap="wrap">
                <Badges question={q} />
              </Group>
              <Actions question={q} {...actions} />
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The inspection question editor (spec 2 §2.7 Ops forms): the questions of one type by sort order,
 * with add, edit, delete (confirmed) and reactivation of questions that were kept for history.
 */
export function InspectionQuestionEditor({ type }: { type: InspectionType }) {
  const query = useInspectionQuestions(type);
  const update = useUpdateInspectionQuestion();
  const remove = useDeleteInspectionQuestion();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [editing, setEditing] = useState<InspectionQuestion | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<InspectionQuestion | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const questions = query.data ?? [];
  const texts = TEXTS[type];

  const openDialog = (question: InspectionQuestion | null) => {
    setEditing(question);
    setDialogOpen(true);
  };

  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => openDialog(null)}>
      Add Question
    </Button>
  );

  const actions: RowActions = {
    onEdit: openDialog,
    onDelete: (q) => {
      setDeleting(q);
      setConfirmOpen(true);
    },
    onReactivate: (q) =>
      update.mutate(
        { id: q.id, changes: { isActive: 1 } },
        {
          onSuccess: () => notifySettingsSuccess('Inspection question', 'update'),
          onError: (error) => notifySettingsFailure('Inspection question', 'update', error, { fixed: true }),
        },
      ),
    reactivatingId: update.isPending ? (update.variables?.id ?? null) : null,
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: (result) => {
        if (result.deactivated) {
          // Submitted inspections answered it: it is kept, inactive, so that they still read.
          showToast({ tone: 'info', title: 'Question deactivated', message: result.message });
        } else {
          notifySettingsSuccess('Inspection question', 'delete');
        }
        setConfirmOpen(false);
      },
      onError: (error) => {
        notifySettingsFailure('Inspection question', 'delete', error, { fixed: true });
        setConfirmOpen(false);
      },
    });
  };

  const activeCount = questions.filter((q) => q.isActive === 1).length;

  return (
    <>
      <SettingsPanelHeader
        title={texts.title}
        description={texts.description}
        actions={questions.length > 0 ? addButton : null}
      />
      <QueryState
        query={query}
        isEmpty={questions.length === 0}
        errorTitle="Could not load the questions"
        empty={
          <>
            <Text c="dimmed" ta="center">
              No questions yet. Drivers see no checks until you add some.
            </Text>
            {addButton}
          </>
        }
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {activeCount} active {activeCount === 1 ? 'question' : 'questions'}
            {questions.length > activeCount ? `, ${questions.length - activeCount} inactive` : ''}
          </Text>
          {phone ? (
            <QuestionCards questions={questions} {...actions} />
          ) : (
            <QuestionTable questions={questions} {...actions} />
          )}
        </Stack>
      </QueryState>

      <InspectionQuestionDialog
        opened={dialogOpen}
        type={type}
        question={editing}
        nextSortOrder={nextSortOrder(questions)}
        onClose={() => setDialogOpen(false)}
      />
      <ConfirmDialog
        opened={confirmOpen}
        title="Delete Question"
        message="Are you sure you want to delete this inspection question?"
        confirmLabel="Delete"
        confirmColor="red"
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirmOpen(false)}
        data-testid="delete-question-confirm"
      />
    </>
  );
}
