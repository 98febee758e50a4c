import { type InspectionQuestion, type InspectionType, nextSortOrder } from '@dms/domain';
import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCamera } from '@tabler/icons-react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryState } from '../../../components/query-state';
import {
  useDeleteInspectionQuestion,
  useInspectionQuestions,
  useUpdateInspectionQuestion,
} from '../api/ops-forms';
import { AddButton } from './add-button';
import { InactiveBadge } from './inactive-badge';
import { InspectionQuestionDialog } from './inspection-question-dialog';
import { ReactivatableRowActions, type ReactivatableRowHandlers } from './reactivatable-row-actions';
import { SettingsPanelHeader } from './settings-panel-header';
import { useReactivatableList } from './use-reactivatable-list';

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

/** The question, cut short, in quotes: it names the row's buttons. */
function shortName(question: InspectionQuestion): string {
  return `"${question.question.length > 40 ? `${question.question.slice(0, 40)}…` : question.question}"`;
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
      {question.isActive === 1 ? null : <InactiveBadge data-testid="inactive-badge" />}
    </>
  );
}

function QuestionTable({
  questions,
  ...actions
}: ReactivatableRowHandlers<InspectionQuestion> & { questions: InspectionQuestion[] }) {
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
                <ReactivatableRowActions item={q} name={shortName(q)} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function QuestionCards({
  questions,
  ...actions
}: ReactivatableRowHandlers<InspectionQuestion> & { questions: InspectionQuestion[] }) {
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
              <ReactivatableRowActions item={q} name={shortName(q)} {...actions} />
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
  const list = useReactivatableList<InspectionQuestion>({
    entity: 'Inspection question',
    // Submitted inspections answered it: it is kept, inactive, so that they still read.
    deactivatedTitle: 'Question deactivated',
    update: useUpdateInspectionQuestion(),
    remove: useDeleteInspectionQuestion(),
  });
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const questions = query.data ?? [];
  const texts = TEXTS[type];
  const addButton = <AddButton label="Add Question" onClick={() => list.form.open()} />;
  const { actions } = list;

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
        opened={list.form.opened}
        type={type}
        question={list.form.target ?? null}
        nextSortOrder={nextSortOrder(questions)}
        onClose={list.form.close}
      />
      <ConfirmDialog
        opened={list.deleting.opened}
        title="Delete Question"
        message="Are you sure you want to delete this inspection question?"
        confirmLabel="Delete"
        confirmColor="red"
        loading={list.deletePending}
        onConfirm={list.confirmDelete}
        onCancel={list.deleting.close}
        data-testid="delete-question-confirm"
      />
    </>
  );
}
