import {
  CLEAR_OF_BUS_MESSAGES,
  type ClearOfBusAnswer,
  type InspectionKind,
  type InspectionQuestion,
  incompleteInspectionMessage,
  inspectionBanner,
  OVERALL_STATUS_COLORS,
  overallInspectionStatus,
  QUESTION_CATEGORIES,
  unansweredQuestions,
} from '@dms/domain';
import {
  Alert,
  Button,
  Divider,
  Group,
  Loader,
  Modal,
  Paper,
  Radio,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { showToast } from '../../../lib/toast';
import { useInspectionQuestions } from '../api';

type Answer = 'pass' | 'fail' | 'na';
const PASSED: Record<Answer, boolean | null> = { pass: true, fail: false, na: null };

export interface InspectionPayload {
  responses: { questionId: string; passed: boolean | null; notes: string }[];
  notes: string;
  bodyDamageFound?: 0 | 1;
  bodyDamageDetails?: string;
  interiorDamageFound?: 0 | 1;
  interiorDamageDetails?: string;
  busClean?: 0 | 1;
  clearOfBus?: ClearOfBusAnswer;
}

const TITLES: Record<InspectionKind, string> = {
  pre_departure: 'Pre-Departure Inspection',
  end_of_shift: 'End of Shift Inspection',
};

/**
 * An inspection (spec 1 §2, §4, §5): the questions by category, each Pass, Fail or N/A with an
 * optional note, additional notes, and the result banner once every question is answered. A Fail
 * does not block submission. End of shift adds damage and cleanliness.
 */
export function InspectionDialog({
  kind,
  opened,
  submitting,
  onCancel,
  onSubmit,
  servesSchoolJob = false,
  intro,
  submitLabel = 'Submit Inspection',
  onSkip,
  skipLabel,
}: {
  kind: InspectionKind;
  opened: boolean;
  /** Shown above the questions (clock-out says why the form is asked for). */
  intro?: ReactNode;
  submitLabel?: string;
  /** Offered when the form may be skipped (clock-out of a shift that carried no job). */
  onSkip?: () => void;
  skipLabel?: string;
  /** The shift served a school job: the clear-of-bus check cannot be N/A. */
  servesSchoolJob?: boolean;
  submitting: boolean;
  onCancel: () => void;
  onSubmit: (payload: InspectionPayload) => void;
}) {
  const query = useInspectionQuestions(kind, opened);
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [extra, setExtra] = useState('');
  const [bodyDamage, setBodyDamage] = useState(false);
  const [bodyDetails, setBodyDetails] = useState('');
  const [interiorDamage, setInteriorDamage] = useState(false);
  const [interiorDetails, setInteriorDetails] = useState('');
  const [busClean, setBusClean] = useState(true);
  const [clearOfBus, setClearOfBus] = useState<ClearOfBusAnswer | null>(null);
  const [clearOfBusError, setClearOfBusError] = useState<string | null>(null);

  // A fresh form each time it opens.
  useEffect(() => {
    if (!opened) return;
    setAnswers({});
    setNotes({});
    setExtra('');
    setBodyDamage(false);
    setBodyDetails('');
    setInteriorDamage(false);
    setInteriorDetails('');
    setBusClean(true);
    setClearOfBus(null);
    setClearOfBusError(null);
  }, [opened]);

  useEffect(() => {
    if (query.isError) showToast({ title: 'Failed to fetch questions', tone: 'error' });
  }, [query.isError]);

  const questions: InspectionQuestion[] = query.data ?? [];
  const responses = questions
    .filter((q) => answers[q.id])
    .map((q) => ({ questionId: q.id, passed: PASSED[answers[q.id]!], notes: notes[q.id] ?? '' }));
  const complete = questions.length > 0 && unansweredQuestions(questions, responses).length === 0;
  const status = overallInspectionStatus(responses, extra);

  const submit = () => {
    if (!complete) {
      showToast({ title: incompleteInspectionMessage(questions.length), tone: 'error' });
      return;
    }
    if (kind === 'end_of_shift' && (clearOfBus === null || (servesSchoolJob && clearOfBus !== 'confirmed'))) {
      const message = servesSchoolJob ? CLEAR_OF_BUS_MESSAGES.school : CLEAR_OF_BUS_MESSAGES.required;
      setClearOfBusError(message);
      showToast({ title: message, tone: 'error' });
      return;
    }
    onSubmit({
      responses,
      notes: extra,
      ...(kind === 'end_of_shift'
        ? {
            bodyDamageFound: bodyDamage ? 1 : 0,
            bodyDamageDetails: bodyDamage ? bodyDetails : '',
            interiorDamageFound: interiorDamage ? 1 : 0,
            interiorDamageDetails: interiorDamage ? interiorDetails : '',
            busClean: busClean ? 1 : 0,
            clearOfBus: clearOfBus ?? undefined,
          }
        : {}),
    });
  };

  const byCategory = QUESTION_CATEGORIES.map((category) => ({
    category,
    questions: questions.filter((q) => q.category === category),
  })).filter((group) => group.questions.length > 0);
  const others = questions.filter((q) => !(QUESTION_CATEGORIES as readonly string[]).includes(q.category));
  if (others.length > 0) byCategory.push({ category: 'Other', questions: others });

  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={TITLES[kind]}
      size="xl"
      fullScreen
      closeOnClickOutside={false}
      data-testid="inspection-dialog"
    >
      {query.isPending ? (
        <Loader role="status" aria-label="Loading questions" />
      ) : (
        <Stack gap="lg" maw={900} mx="auto">
          {intro}
          {questions.length === 0 && <Text>There are no inspection questions to answer.</Text>}
          {byCategory.map((group) => (
            <Stack key={group.category} gap="sm" component="section" aria-label={group.category}>
              <Title order={2} size="h4">
                {group.category}
              </Title>
              {group.questions.map((q) => (
                <Paper key={q.id} withBorder p="md" radius="md" data-testid="inspection-question">
                  <Stack gap="sm">
                    <Text fw={600} id={`q-${q.id}`}>
                      {q.question}
                    </Text>
                    <SegmentedControl
                      fullWidth
                      size="lg"
                      aria-labelledby={`q-${q.id}`}
                      value={answers[q.id] ?? ''}
                      onChange={(value) => setAnswers((a) => ({ ...a, [q.id]: value as Answer }))}
                      data={[
                        { value: 'pass', label: 'Pass' },
                        { value: 'fail', label: 'Fail' },
                        { value: 'na', label: 'N/A' },
                      ]}
                      color={answers[q.id] === 'fail' ? 'red' : answers[q.id] === 'pass' ? 'green' : 'gray'}
                    />
                    <TextInput
                      size="md"
                      placeholder="Note (optional)"
                      aria-label={`Note for: ${q.question}`}
                      value={notes[q.id] ?? ''}
                      onChange={(e) => {
                        const value = e.currentTarget.value;
                        setNotes((n) => ({ ...n, [q.id]: value }));
                      }}
                      maxLength={500}
                    />
                  </Stack>
                </Paper>
              ))}
            </Stack>
          ))}

          {kind === 'end_of_shift' && (
            <Stack gap="sm">
              <Divider />
              <Switch
                size="lg"
                label="Body damage found"
                checked={bodyDamage}
                onChange={(e) => setBodyDamage(e.currentTarget.checked)}
              />
              {bodyDamage && (
                <Textarea
                  label="Body damage details"
                  value={bodyDetails}
                  onChange={(e) => setBodyDetails(e.currentTarget.value)}
                />
              )}
              <Switch
                size="lg"
                label="Interior damage found"
                checked={interiorDamage}
                onChange={(e) => setInteriorDamage(e.currentTarget.checked)}
              />
              {interiorDamage && (
                <Textarea
                  label="Interior damage details"
                  value={interiorDetails}
                  onChange={(e) => setInteriorDetails(e.currentTarget.value)}
                />
              )}
              <Switch
                size="lg"
                label="Bus is clean"
                checked={busClean}
                onChange={(e) => setBusClean(e.currentTarget.checked)}
              />
              <Radio.Group
                label="Clear of bus"
                description={CLEAR_OF_BUS_MESSAGES.statement}
                withAsterisk
                value={clearOfBus}
                onChange={(value) => {
                  setClearOfBus(value as ClearOfBusAnswer);
                  setClearOfBusError(null);
                }}
                error={clearOfBusError}
                data-testid="clear-of-bus"
              >
                <Group gap="md" mt="xs">
                  <Radio.Card value="confirmed" p="md" radius="md" w="auto" mih={56}>
                    <Group wrap="nowrap" gap="sm">
                      <Radio.Indicator />
                      <Text fw={600}>Confirmed: no passenger remains</Text>
                    </Group>
                  </Radio.Card>
                  {!servesSchoolJob && (
                    <Radio.Card value="not_applicable" p="md" radius="md" w="auto" mih={56}>
                      <Group wrap="nowrap" gap="sm">
                        <Radio.Indicator />
                        <Text fw={600}>N/A: no passengers carried</Text>
                      </Group>
                    </Radio.Card>
                  )}
                </Group>
                {servesSchoolJob && (
                  <Text size="sm" mt="xs">
                    You drove a school job today: the walk-through is required.
                  </Text>
                )}
              </Radio.Group>
            </Stack>
          )}

          <Textarea
            label="Additional notes"
            autosize
            minRows={2}
            value={extra}
            onChange={(e) => setExtra(e.currentTarget.value)}
            maxLength={2000}
          />

          {complete && (
            <Alert
              color={OVERALL_STATUS_COLORS[status]}
              variant="light"
              data-testid="inspection-banner"
              role="status"
            >
              {inspectionBanner(status, kind)}
            </Alert>
          )}

          <Group justify="flex-end" gap="sm" pb="md">
            <Button variant="default" size="lg" h={56} onClick={onCancel} disabled={submitting}>
              Cancel
            </Button>
            {onSkip && (
              <Button variant="light" color="gray" size="lg" h={56} onClick={onSkip} disabled={submitting}>
                {skipLabel ?? 'Skip'}
              </Button>
            )}
            <Button size="lg" h={56} onClick={submit} loading={submitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
