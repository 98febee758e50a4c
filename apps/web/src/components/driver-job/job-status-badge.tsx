import { JOB_STATUS_COLORS, JOB_STATUS_LABELS, type JobStatus } from '@dms/domain';
import { Badge } from '@mantine/core';

export function JobStatusBadge({ status }: { status: JobStatus }) {
  return (
    <Badge
      color={JOB_STATUS_COLORS[status]}
      variant="light"
      style={{ minWidth: 'max-content' }}
      data-testid="job-status"
    >
      {JOB_STATUS_LABELS[status]}
    </Badge>
  );
}
