import { driverStart, type JobSummary } from '@dms/domain';
import { Badge, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useAppSettings } from '../../../lib/app-settings';
import { useFormatters } from '../../../lib/use-formatters';
import { driverName } from '../names';

/** The time now, renewed every minute: Late appears without a reload. */
function useMinute(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The Start Time of a job's drivers (issue 29): each one's clock-in time that day, or Late once the
 * first departure has passed today without one. A job with one driver shows the time alone.
 */
export function StartTimeCell({ job }: { job: JobSummary }) {
  const format = useFormatters();
  const { timeZone } = useAppSettings().settings;
  const now = useMinute();
  const drivers = job.vehicles.flatMap((s) => (s.driver ? [s.driver] : []));
  if (drivers.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  const named = drivers.length > 1;
  return (
    <Stack gap={2} data-testid="start-time">
      {drivers.map((d, i) => {
        // Keyed by position: a list row's drivers carry no ids (ADR 38).
        const key = `driver-${i}`;
        const start = driverStart(job, d.clockedInAt ?? null, now, timeZone);
        const who = named ? `${driverName(d).split(' ')[0]} ` : '';
        if (start.state === 'clocked_in') {
          return (
            <Text key={key} size="sm" data-state="clocked-in">
              {who}
              {format.time(start.at)}
            </Text>
          );
        }
        if (start.state === 'late') {
          return (
            <Text key={key} size="sm" component="div" data-state="late">
              {who}
              <Badge color="red" variant="light" size="sm">
                Late
              </Badge>
            </Text>
          );
        }
        return (
          <Text key={key} size="sm" c="dimmed" data-state="waiting">
            {who}—
          </Text>
        );
      })}
    </Stack>
  );
}
