import type { DriverJob } from '@dms/domain';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { JobStatusBadge } from './job-status-badge';
import { JobSummary } from './job-summary';

/**
 * One of the driver's jobs: the whole card opens the job's details. Its name is what it shows (title,
 * number, status, times), so speech and sight agree (WCAG 2.5.3).
 */
export function DriverJobCard({ job, onOpen }: { job: DriverJob; onOpen: (job: DriverJob) => void }) {
  return (
    <Card
      component="button"
      type="button"
      onClick={() => onOpen(job)}
      padding="md"
      style={{ textAlign: 'left', width: '100%', cursor: 'pointer' }}
      data-testid="driver-job-card"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {job.title ?? 'Untitled job'}
            </Title>
            <Text size="xs" c="dimmed">
              {job.jobNumber}
              {job.paxCount ? ` · ${job.paxCount} passengers` : ''}
            </Text>
          </Stack>
          <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
            {job.hasUpdates === 1 && (
              <Badge color="orange" variant="filled" data-testid="job-updated">
                Updated
              </Badge>
            )}
            <JobStatusBadge status={job.status} />
          </Group>
        </Group>
        <JobSummary job={job} />
      </Stack>
    </Card>
  );
}
