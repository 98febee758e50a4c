import { dateInZone, JOB_STATUS_LABELS, type JobStatus, seriesInWords } from '@dms/domain';
import { Badge, Button, Collapse, Divider, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryState } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api-client';
import { useAppSettings } from '../../../lib/app-settings';
import { showToast } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import { useEndSeries, useJobSeries } from '../api';

/** Statuses an occurrence can no longer be taken back from: ending the series leaves them alone. */
const SETTLED: readonly JobStatus[] = ['in_progress', 'completed', 'cancelled'];

/**
 * "Part of a series" in a job's detail (issue 27, ADR 36): the rule in words, every date with its job
 * (or not created yet, past the horizon), the list narrowed to the series, and End series.
 */
export function JobSeriesPanel({
  seriesId,
  onShowInList,
}: {
  seriesId: string;
  onShowInList: (seriesId: string) => void;
}) {
  const format = useFormatters();
  const query = useJobSeries(seriesId);
  const end = useEndSeries();
  const [datesOpen, setDatesOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const series = query.data;
  const today = dateInZone(new Date(), useAppSettings().settings.timeZone);
  const jobOf = new Map((series?.jobs ?? []).map((j) => [j.id, j]));
  // What ending cancels: the dates after today not yet under way.
  const toCancel = (series?.jobs ?? []).filter(
    (j) => j.serviceDate && j.serviceDate > today && !SETTLED.includes(j.status),
  ).length;
  const created = (series?.dates ?? []).filter((d) => d.jobId).length;

  return (
    <>
      <Divider />
      <Stack gap="xs" data-testid="job-series">
        <Group gap="xs">
          <IconRepeat size={18} aria-hidden="true" />
          <Title order={3} size="h5">
            Part of a series
          </Title>
          {series?.endedAt && (
            <Badge color="gray" variant="light">
              Ended
            </Badge>
          )}
        </Group>
        <QueryState
          query={query}
          isEmpty={false}
          empty={null}
          skeletonRows={1}
          skeletonHeight={40}
          errorTitle="Could not load the series"
          errorMessage={null}
        >
          {series && (
            <Stack gap="xs">
              <Text size="sm" data-testid="series-rule">
                {seriesInWords(series, format.serviceDate)}
              </Text>
              <Text size="sm" c="dimmed">
                {created === series.dates.length
                  ? `All ${created} dates are created`
                  : `${created} of ${series.dates.length} dates created so far; the rest as they come within the horizon`}
              </Text>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => setDatesOpen((o) => !o)}
                  aria-expanded={datesOpen}
                  aria-controls="series-dates"
                >
                  {datesOpen ? 'Hide dates' : 'Show all dates'}
                </Button>
                <Button size="xs" variant="default" onClick={() => onShowInList(seriesId)}>
                  Show in job list
                </Button>
                {!series.endedAt && (
                  <Button size="xs" variant="light" color="red" onClick={() => setConfirming(true)}>
                    End series
                  </Button>
                )}
              </Group>
              <Collapse expanded={datesOpen} id="series-dates">
                <Table aria-label="Dates of the series" withRowBorders={false} verticalSpacing={2}>
                  <Table.Tbody>
                    {series.dates.map((d) => {
                      const job = d.jobId ? jobOf.get(d.jobId) : undefined;
                      return (
                        <Table.Tr key={d.date} data-testid="series-date">
                          <Table.Td>
                            <Text size="sm">{format.serviceDate(d.date)}</Text>
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm" c={job ? undefined : 'dimmed'}>
                              {job ? job.jobNumber : 'Not created yet'}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            {job && (
                              <Text size="sm" c="dimmed">
                                {JOB_STATUS_LABELS[job.status]}
                              </Text>
                            )}
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Collapse>
            </Stack>
          )}
        </QueryState>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="End this series?"
        message={
          toCancel > 0
            ? `No more dates will be created, and the ${toCancel} job${toCancel === 1 ? '' : 's'} after today that ${toCancel === 1 ? 'has' : 'have'} not started will be cancelled. Earlier jobs stay as they are.`
            : 'No more dates will be created. Jobs already created stay as they are.'
        }
        confirmLabel="End series"
        confirmColor="red"
        loading={end.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          end.mutate(seriesId, {
            onSuccess: (r) => {
              setConfirming(false);
              showToast({
                title: 'Series ended',
                message:
                  r.cancelled > 0
                    ? `${r.cancelled} future job${r.cancelled === 1 ? '' : 's'} cancelled.`
                    : 'No future jobs to cancel.',
                tone: 'success',
              });
            },
            onError: (e) => {
              setConfirming(false);
              showToast({
                title: 'The series was not ended',
                message: errorMessage(e, 'Try again.'),
                tone: 'error',
              });
            },
          })
        }
      />
    </>
  );
}
