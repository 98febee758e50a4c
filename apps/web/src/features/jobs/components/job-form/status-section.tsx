import { JOB_STATUS_LABELS, JOB_STATUSES, type Job, type JobStatus } from '@dms/domain';
import { Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useFormatters } from '../../../../lib/use-formatters';
import { setField } from '../../job-form-state';
import { FormSection, type JobFormSectionProps } from './form-section';

/** Status and job number: the number is made on the first save and editable afterwards. */
export function StatusSection({ state, onChange, errors, job }: JobFormSectionProps & { job: Job | null }) {
  const format = useFormatters();
  return (
    <FormSection title="Status and Job Number">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Status"
          data={JOB_STATUSES.map((s) => ({ value: s, label: JOB_STATUS_LABELS[s] }))}
          value={state.status}
          allowDeselect={false}
          onChange={(v) => onChange(setField('status', (v ?? 'draft') as JobStatus))}
        />
        <TextInput
          label="Job Number"
          value={job ? state.jobNumber : ''}
          placeholder={job ? undefined : 'Made when the job is saved'}
          disabled={!job}
          onChange={(e) => onChange(setField('jobNumber', e.currentTarget.value))}
          error={errors.jobNumber}
        />
      </SimpleGrid>
      {job && (
        <Text size="xs" c="dimmed">
          Created {format.dateTime(job.createdAt)} · last edited {format.dateTime(job.updatedAt)}
        </Text>
      )}
    </FormSection>
  );
}
