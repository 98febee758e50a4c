import { type DriverJob, groupJobsByDay, jobCountText, showsDayHeadings } from '@dms/domain';
import { Badge, Group, Stack, Title } from '@mantine/core';
import { useFormatters } from '../../lib/use-formatters';
import { DriverJobCard } from './driver-job-card';
import { serviceDateLabel } from './format';

/**
 * A driver's jobs grouped by date of service (spec 1 §2, spec 2 §2.5): a heading with the count
 * when more than one day is listed, or always on Upcoming.
 */
export function JobDays({
  jobs,
  tab,
  onOpen,
}: {
  jobs: readonly DriverJob[];
  tab: 'today' | 'upcoming';
  onOpen: (job: DriverJob) => void;
}) {
  const format = useFormatters();
  const days = groupJobsByDay(jobs);
  const headings = showsDayHeadings(days, tab);
  return (
    <Stack gap="lg">
      {days.map((day) => (
        <Stack
          key={day.serviceDate ?? 'undated'}
          gap="sm"
          component="section"
          aria-label={serviceDateLabel(format, day.serviceDate)}
        >
          {headings && (
            <Group gap="xs">
              <Title order={2} size="h4">
                {serviceDateLabel(format, day.serviceDate)}
              </Title>
              <Badge variant="light" color="gray" data-testid="day-count">
                {jobCountText(day.jobs.length)}
              </Badge>
            </Group>
          )}
          {day.jobs.map((job) => (
            <DriverJobCard key={job.id} job={job} onOpen={onOpen} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
