import type { DriverJob, JobSummary as JobSummaryType } from '@dms/domain';
import { Group, Stack, Text } from '@mantine/core';
import { IconBus, IconClock, IconRoute } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The stops in order (a return trip reads A → B → A); long journeys keep the first, second and last. */
export function routeOf(job: Pick<DriverJob, 'legs'>): string | null {
  const stops: string[] = [];
  const add = (place: string | null) => {
    if (place && stops.at(-1) !== place) stops.push(place);
  };
  add(job.legs[0]?.originAddress ?? null);
  for (const leg of job.legs) add(leg.destinationAddress);
  if (stops.length === 0) return null;
  if (stops.length > 3) return [stops[0], stops[1], '…', stops.at(-1)].join(' → ');
  return stops.join(' → ');
}

/** A slot's vehicle as lists show it; a driver's job and a manager's list row both carry this much. */
export function vehicleName(slot: JobSummaryType['vehicles'][number]): string {
  const v = slot.vehicle;
  if (!v) return slot.categoryName ?? 'Vehicle to be assigned';
  return [v.registrationNumber, v.nickname].filter(Boolean).join(' · ') || 'Vehicle';
}

function Line({ icon, children, testId }: { icon: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Group gap={8} wrap="nowrap" align="flex-start" data-testid={testId}>
      <span style={{ display: 'inline-flex', flexShrink: 0, marginTop: 1 }}>{icon}</span>
      <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/** Time, route and vehicles of a job: the lines every driver card shows. */
export function JobSummary({ job }: { job: Pick<DriverJob, 'legs' | 'vehicles'> }) {
  const route = routeOf(job);
  const first = job.legs[0];
  return (
    <Stack gap={6}>
      <Line icon={<IconClock size={18} aria-hidden="true" />} testId="job-time">
        {first?.departureTime ?? '--:--'}
        {job.legs.at(-1)?.arrivalTime ? ` – ${job.legs.at(-1)?.arrivalTime}` : ''}
      </Line>
      {route && (
        <Line icon={<IconRoute size={18} aria-hidden="true" />} testId="job-route">
          {route}
        </Line>
      )}
      {job.vehicles.map((slot) => (
        <Line key={slot.id} icon={<IconBus size={18} aria-hidden="true" />} testId="job-vehicle">
          {vehicleName(slot)}
        </Line>
      ))}
    </Stack>
  );
}
