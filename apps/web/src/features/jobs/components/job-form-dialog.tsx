import { JOB_CHANGED_MESSAGE, type Job, type JobSaveResult } from '@dms/domain';
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
import { CustomerSection } from './job-form/customer-section';
import { JourneySection } from './job-form/journey-section';
import { PricingSection } from './job-form/pricing-section';
import { ServiceSection } from './job-form/service-section';
import { StatusSection } from './job-form/status-section';
import { TermsSection } from './job-form/terms-section';
import { VehiclesSection } from './job-form/vehicles-section';

// The job form (spec 2 §2.3): status and number, customer, service, vehicle slots, journey, pricing
// and terms; Save Draft and Create & Publish when creating; the spec's messages (§8) for each mode.
// The state and its rules are in ../job-form-state.ts; each section is a component of job-form/.

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
  const [refused, setRefused] = useState<{ problems: string[]; mode: SaveMode } | null>(null);
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
  const busy = create.isPending || update.isPending || publish.isPending;

  const submit = (mode: SaveMode, complianceOverrideReason?: string) => {
    const { input: checked, errors: found } = validate(state, job, mode, hoursWarnings);
    const input = complianceOverrideReason ? { ...checked, complianceOverrideReason } : checked;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      showToast({
        title: 'Please check all required fields are filled correctly',
        message: Object.values(found)[0],
        tone: 'error',
      });
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
        setRefused({ problems, mode });
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
      showToast({ title: messages.ok, message: offeredText(saved.offeredTo ?? []), tone: 'success' });
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
    if (job) update.mutate({ id: job.id, input }, { onSuccess: afterSave, onError });
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

            <Group justify="flex-end" gap="sm" pb="sm">
              <Button variant="default" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              {!job && (
                <>
                  <Button variant="light" onClick={() => submit('draft')} loading={busy}>
                    Save Draft
                  </Button>
                  <Button variant="light" color="green" onClick={() => submit('publish')} loading={busy}>
                    {publishLabel}
                  </Button>
                </>
              )}
              <Button type="submit" loading={busy}>
                {saveLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <ComplianceReasonDialog
        problems={refused?.problems ?? null}
        busy={busy}
        onCancel={() => setRefused(null)}
        onConfirm={(reason) => refused && submit(refused.mode, reason)}
      />
    </>
  );
}
