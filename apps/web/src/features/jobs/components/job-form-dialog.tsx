import {
  JOB_CHANGED_MESSAGE,
  type Job,
  type JobEditScope,
  type JobInput,
  type JobSaveResult,
  type SeriesDateProblem,
} from '@dms/domain';
import { Alert, Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { ComplianceReasonDialog, complianceRefusals } from '../../../components/compliance-reason-dialog';
import { showToast } from '../../../lib/toast';
import { useCreateJob, useJobClashes, usePublishJob, useTermsTemplates, useUpdateJob } from '../api';
import {
  clashQueryOf,
  driversToOffer,
  type FieldErrors,
  initialState,
  isJobChanged,
  type JobFormState,
  newHoursWarnings,
  offeredText,
  type SaveMode,
  saveButtonLabel,
  saveFailure,
  saveMessages,
  serverFieldErrors,
  validate,
  withDefaultTemplate,
} from '../job-form-state';
import { useCreateSeries, useUpdateJobInScope } from '../series-api';
import { CustomerSection } from './job-form/customer-section';
import { JourneySection } from './job-form/journey-section';
import { PricingSection } from './job-form/pricing-section';
import {
  initialRepeats,
  RepeatsSection,
  type RepeatsState,
  repeatsErrors,
  seriesRequestOf,
} from './job-form/repeats-section';
import { ScopeDialog, SeriesProblemsDialog, seriesDateProblems } from './job-form/series-dialogs';
import { ServiceSection } from './job-form/service-section';
import { StatusSection } from './job-form/status-section';
import { TermsSection } from './job-form/terms-section';
import { VehiclesSection } from './job-form/vehicles-section';

// The job form (spec 2 §2.3): status and number, customer, service, vehicle slots, journey, pricing
// and terms; Save Draft and Create & Publish when creating; the spec's messages (§8) for each mode.
// The state and its rules are in ../job-form-state.ts; each section is a component of job-form/.
// Creating, "Repeats" makes a series (ADR 36); editing an occurrence asks "this" or "this and following".

export function JobFormDialog({
  opened,
  job,
  onClose,
}: {
  opened: boolean;
  job: Job | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [state, setState] = useState<JobFormState>(() => initialState(job));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [conflict, setConflict] = useState(false);
  // The compliance check's refusals of the last save, and the mode to save again with a reason.
  const [refused, setRefused] = useState<{ problems: string[]; mode: SaveMode; scope?: JobEditScope } | null>(
    null,
  );
  const [repeats, setRepeats] = useState<RepeatsState>(initialRepeats);
  const [repeatErrors, setRepeatErrors] = useState<Record<string, string>>({});
  // A series' dates that failed the checks, and the input to send again with the manager's answer;
  // `following`: the dates after an occurrence edited "this and following", saved again in that mode.
  const [seriesRefused, setSeriesRefused] = useState<{
    problems: SeriesDateProblem[];
    input: JobInput;
    following?: SaveMode;
  } | null>(null);
  // Saving an occurrence of a series waits for "this" or "following".
  const [askScope, setAskScope] = useState<SaveMode | null>(null);
  const createSeries = useCreateSeries();
  const updateInScope = useUpdateJobInScope();
  const create = useCreateJob();
  const update = useUpdateJob();
  const publish = usePublishJob();
  const templates = useTermsTemplates(opened);

  // A fresh form for each opening; a new job starts from the default terms template (spec 2 §2.3).
  useEffect(() => {
    if (!opened) return;
    setState(initialState(job));
    setErrors({});
    setConflict(false);
    setRefused(null);
    setRepeats(initialRepeats());
    setRepeatErrors({});
    setSeriesRefused(null);
    setAskScope(null);
  }, [opened, job]);
  useEffect(() => {
    if (!opened || job || !templates.data) return;
    setState(withDefaultTemplate(templates.data));
  }, [opened, job, templates.data]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: asks again only when what it sends changes
  const clashQuery = useMemo(
    () => clashQueryOf(state, job?.id),
    [state.serviceDate, state.slots, state.legs, job?.id],
  );
  const [debouncedClashQuery] = useDebouncedValue(clashQuery, 400);
  const clashes = useJobClashes(opened ? debouncedClashQuery : null);
  const hoursWarnings = newHoursWarnings(clashes.data?.hours ?? [], job);
  const busy =
    create.isPending ||
    update.isPending ||
    publish.isPending ||
    createSeries.isPending ||
    updateInScope.isPending;
  const repeating = job === null && repeats.enabled;

  const submitSeries = (input: JobInput, answer: { leaveFailingOpen?: boolean; overrideReason?: string }) => {
    const request = seriesRequestOf(repeats, state.serviceDate);
    if (!request) return;
    createSeries.mutate(
      { job: input, ...request, ...answer },
      {
        onSuccess: (created) => {
          setSeriesRefused(null);
          const n = created.jobs.length;
          showToast({
            title: `Series created: ${n} ${n === 1 ? 'job' : 'jobs'}`,
            message: answer.leaveFailingOpen
              ? 'The slots of the dates that failed the checks are open.'
              : undefined,
            tone: 'success',
          });
          onClose();
        },
        onError: (error) => {
          const problems = seriesDateProblems(error);
          if (problems) return setSeriesRefused({ problems, input });
          setSeriesRefused(null);
          const fields = serverFieldErrors(error);
          setErrors(fields);
          setRepeatErrors({
            ...(fields['recurrence.until'] ? { repeatUntil: fields['recurrence.until'] } : {}),
            ...(fields['recurrence.count'] ? { repeatCount: fields['recurrence.count'] } : {}),
          });
          showToast({
            title: 'Failed to create the series',
            message: saveFailure(error, 'Failed to create the series', 'Please check the job and its repeat'),
            tone: 'error',
          });
        },
      },
    );
  };

  const submit = (
    mode: SaveMode,
    complianceOverrideReason?: string,
    scope?: JobEditScope,
    /** The reason for the later dates' hours too (a "following" edit's per-date refusal). */
    hoursOverrideReason?: string,
  ) => {
    const { input: validated, errors: found } = validate(state, job, mode, hoursWarnings);
    const checked = hoursOverrideReason ? { ...validated, hoursOverrideReason } : validated;
    const input = complianceOverrideReason ? { ...checked, complianceOverrideReason } : checked;
    const foundRepeat = repeating ? repeatsErrors(repeats, state.serviceDate) : {};
    setErrors(found);
    setRepeatErrors(foundRepeat);
    if (Object.keys(found).length > 0 || Object.keys(foundRepeat).length > 0) {
      showToast({
        title: 'Please check all required fields are filled correctly',
        message: Object.values(found)[0] ?? Object.values(foundRepeat)[0],
        tone: 'error',
      });
      return;
    }
    if (repeating) return submitSeries(input, {});
    if (job?.seriesId && !scope) {
      setAskScope(mode);
      return;
    }
    const messages = saveMessages(mode, job !== null);
    const onError = (error: unknown) => {
      const problems = complianceRefusals(error);
      if (problems) {
        // The dialog names each problem and takes the reason; an hours refusal in the same answer
        // marks its own field in the form (both reasons are asked for at once, ADR 33).
        setErrors(
          Object.fromEntries(
            Object.entries(serverFieldErrors(error)).filter(([k]) => k !== 'complianceOverrideReason'),
          ),
        );
        setRefused({ problems, mode, scope });
        return;
      }
      if (isJobChanged(error)) setConflict(true);
      const fields = serverFieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      showToast({
        title: messages.fail,
        message: saveFailure(error, messages.fail, messages.bad),
        tone: 'error',
      });
    };
    const done = (saved: JobSaveResult) => {
      setRefused(null);
      setAskScope(null);
      showToast({
        title: scope === 'following' ? 'This and the following jobs were updated' : messages.ok,
        message: offeredText(saved.offeredTo ?? []),
        tone: 'success',
      });
      // A warning (a service overdue) never stops the save, but the manager should read it.
      for (const w of saved.complianceWarnings ?? []) {
        showToast({ title: 'Compliance warning', message: w.message, tone: 'warning' });
      }
      onClose();
    };
    const afterSave = (saved: JobSaveResult) => {
      if (mode !== 'publish') return done(saved);
      publish.mutate(saved.id, { onSuccess: done, onError });
    };
    const onScopedError = (error: unknown) => {
      setAskScope(null);
      // Later dates refused by the checks: each named, answered with one reason for all (ADR 36).
      const problems = seriesDateProblems(error);
      if (problems) return setSeriesRefused({ problems, input, following: mode });
      onError(error);
    };
    if (job && scope)
      updateInScope.mutate({ id: job.id, input, scope }, { onSuccess: afterSave, onError: onScopedError });
    else if (job) update.mutate({ id: job.id, input }, { onSuccess: afterSave, onError });
    else create.mutate(input, { onSuccess: afterSave, onError });
  };

  const sectionProps = { state, onChange: setState, errors };
  const editing = job !== null;
  const saveLabel = saveButtonLabel('save', editing, driversToOffer(state, job, 'save').length);
  const publishLabel = saveButtonLabel('publish', editing, driversToOffer(state, job, 'publish').length);
  return (
    <>
      <Modal
        opened={opened}
        onClose={busy ? () => {} : onClose}
        title={job ? 'Edit Job' : 'Create New Job'}
        size="xl"
        fullScreen={phone}
        closeOnClickOutside={false}
        data-testid="job-form-dialog"
      >
        <form
          noValidate
          aria-label={job ? 'Edit job' : 'Create new job'}
          onSubmit={(e) => {
            e.preventDefault();
            submit('save');
          }}
        >
          <Stack gap="lg">
            {conflict && (
              <Alert color="orange" title="This job was changed by someone else" data-testid="job-conflict">
                <Group justify="space-between" wrap="wrap">
                  <Text size="sm">{JOB_CHANGED_MESSAGE}</Text>
                  <Button size="xs" variant="light" color="orange" onClick={onClose}>
                    Close and reload
                  </Button>
                </Group>
              </Alert>
            )}

            <StatusSection {...sectionProps} job={job} />
            <Divider />
            <CustomerSection {...sectionProps} />
            <Divider />
            <ServiceSection {...sectionProps} />
            <Divider />
            <VehiclesSection {...sectionProps} checks={clashes.data} hoursWarnings={hoursWarnings} />
            <Divider />
            <JourneySection {...sectionProps} />
            <Divider />
            <PricingSection {...sectionProps} />
            <Divider />
            <TermsSection state={state} onChange={setState} />
            {!editing && (
              <>
                <Divider />
                <RepeatsSection
                  repeats={repeats}
                  onChange={setRepeats}
                  start={state.serviceDate}
                  errors={repeatErrors}
                />
              </>
            )}

            <Group justify="flex-end" gap="sm" pb="sm">
              <Button variant="default" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              {!job && !repeating && (
                <>
                  <Button variant="light" onClick={() => submit('draft')} loading={busy}>
                    Save Draft
                  </Button>
                  <Button variant="light" color="green" onClick={() => submit('publish')} loading={busy}>
                    {publishLabel}
                  </Button>
                </>
              )}
              {repeating && (
                <Button variant="light" onClick={() => submit('draft')} loading={busy}>
                  Save Drafts
                </Button>
              )}
              <Button type="submit" loading={busy}>
                {repeating ? 'Create Series' : saveLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <ComplianceReasonDialog
        problems={refused?.problems ?? null}
        busy={busy}
        onCancel={() => setRefused(null)}
        onConfirm={(reason) => refused && submit(refused.mode, reason, refused.scope)}
      />
      <SeriesProblemsDialog
        problems={seriesRefused?.problems ?? null}
        busy={busy}
        onCancel={() => setSeriesRefused(null)}
        onLeaveOpen={
          seriesRefused?.following
            ? undefined
            : () => seriesRefused && submitSeries(seriesRefused.input, { leaveFailingOpen: true })
        }
        onOverride={(overrideReason) => {
          if (!seriesRefused) return;
          if (seriesRefused.following) {
            setSeriesRefused(null);
            submit(seriesRefused.following, overrideReason, 'following', overrideReason);
          } else submitSeries(seriesRefused.input, { overrideReason });
        }}
      />
      <ScopeDialog
        opened={askScope !== null}
        busy={busy}
        onCancel={() => setAskScope(null)}
        onChoose={(scope) => askScope && submit(askScope, undefined, scope)}
      />
    </>
  );
}
