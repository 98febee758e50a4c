import { OVERRIDE_KIND_LABELS, overrideDetailsText, UNKNOWN_DRIVER } from '@dms/domain';
import { Badge, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { QueryState } from '../../../components/query-state';
import { useFormatters } from '../../../lib/use-formatters';
import { useJobOverrides } from '../api';

/**
 * What was allowed on this job although a check refused it (issue 26, ADR 34): the rule, who it was
 * about, the reason, who allowed it and when. Shown only when the job has any, or while it loads.
 */
export function JobOverridesPanel({ jobId }: { jobId: string }) {
  const format = useFormatters();
  const query = useJobOverrides(jobId);
  const items = query.data?.items ?? [];
  if (query.isSuccess && items.length === 0) return null;
  return (
    <>
      <Divider />
      <Stack gap="xs" data-testid="job-overrides">
        <Title order={3} size="h5">
          Overrides
        </Title>
        <QueryState
          query={query}
          isEmpty={items.length === 0}
          empty={null}
          skeletonRows={1}
          skeletonHeight={56}
          errorTitle="Could not load this job's overrides"
          errorMessage={null}
        >
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Overrides">
            {items.map((o) => (
              <Paper key={o.id} component="li" withBorder p="sm" radius="sm" data-testid="job-override">
                <Group gap="xs" justify="space-between" wrap="wrap">
                  <Group gap="xs" wrap="wrap">
                    <Badge color={o.kind === 'hours' ? 'orange' : 'red'} variant="light">
                      {OVERRIDE_KIND_LABELS[o.kind]}
                    </Badge>
                    <Text size="sm" fw={600}>
                      {[o.driverId ? (o.driverName ?? UNKNOWN_DRIVER) : null, o.vehicle]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {format.reportDateTime(o.at)} · {o.allowedByName ?? 'Unknown manager'}
                  </Text>
                </Group>
                <Stack gap={2} mt={6} component="ul" m={0} pl="md">
                  {o.problems.map((p) => (
                    <Text key={`${p.label}-${p.text}`} component="li" size="sm">
                      <Text span fw={600} size="sm">
                        {p.label}:
                      </Text>{' '}
                      {p.text}
                    </Text>
                  ))}
                  {overrideDetailsText(o.details, format.serviceDate) && (
                    <Text component="li" size="sm" data-testid="override-details">
                      {overrideDetailsText(o.details, format.serviceDate)}
                    </Text>
                  )}
                </Stack>
                <Text size="sm" mt={6} style={{ overflowWrap: 'anywhere' }}>
                  <Text span c="dimmed" size="sm">
                    Reason:
                  </Text>{' '}
                  {o.reason}
                </Text>
              </Paper>
            ))}
          </Stack>
        </QueryState>
      </Stack>
    </>
  );
}
