import { type AvailableJob, availableJobsSummary, countText, slotsAvailableText } from '@dms/domain';
import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DriverJobDetailDialog } from '../../../components/driver-job/driver-job-detail-dialog';
import { serviceDateLabel } from '../../../components/driver-job/format';
import { JobSummary } from '../../../components/driver-job/job-summary';
import { QueryState } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import { useAvailableJobs, useRequestJob } from '../api';

function AvailableJobCard({
  job,
  onView,
  onRequest,
}: {
  job: AvailableJob;
  onView: (job: AvailableJob) => void;
  onRequest: (job: AvailableJob) => void;
}) {
  const format = useFormatters();
  return (
    <Card padding="md" data-testid="available-job-card">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {job.title ?? 'Untitled job'}
            </Title>
            <Text size="sm">{serviceDateLabel(format, job.serviceDate)}</Text>
          </Stack>
          <Badge color="green" variant="light" style={{ flexShrink: 0 }} data-testid="open-slots">
            {slotsAvailableText(job.openSlots)}
          </Badge>
        </Group>
        <JobSummary job={{ ...job, vehicles: [] }} />
        {job.offer && (
          <Text size="sm" fw={600} data-testid="held-offer">
            This job is offered to you
            {job.offer.expiresAt ? `: answer by ${format.dateTime(job.offer.expiresAt)}` : ''}.
          </Text>
        )}
        <Group gap="sm" justify="flex-end">
          <Button variant="subtle" onClick={() => onView(job)}>
            View Details
          </Button>
          {job.offer ? (
            <Button component={Link} to="/job-offers" data-testid="answer-offer">
              Answer Your Offer
            </Button>
          ) : job.requested ? (
            <Badge color="blue" variant="outline" size="lg" data-testid="requested">
              Requested
            </Badge>
          ) : (
            <Button onClick={() => onRequest(job)}>Request This Job</Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function uniqueById<T extends { id: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.id) && seen.add(item.id));
}

/** Available Jobs (spec 2 §2.5): published jobs with open driver positions, to request. */
export function AvailableJobsPage() {
  const format = useFormatters();
  const query = useAvailableJobs();
  const request = useRequestJob();
  const [viewing, setViewing] = useState<AvailableJob | null>(null);
  const [requesting, setRequesting] = useState<AvailableJob | null>(null);
  const [message, setMessage] = useState('');
  // A job can move between pages while they load (one taken, one published): each shows once.
  const jobs = uniqueById(query.data?.pages.flatMap((p) => p.items) ?? []);
  const last = query.data?.pages.at(-1);
  const total = last?.total;
  const shownTotal = last?.totalIsLowerBound ? countText(last.total, true) : total;

  const send = () => {
    if (!requesting) return;
    request.mutate(
      { jobId: requesting.id, message },
      {
        onSuccess: () => {
          setRequesting(null);
          setMessage('');
          showToast({
            title: 'Request Sent',
            message: 'Your job request has been sent to management for review.',
            tone: 'success',
          });
        },
        onError: (error) =>
          showToast({
            title: 'Failed to send request',
            message: errorMessage(error, 'Please try again.'),
            tone: 'error',
          }),
      },
    );
  };

  return (
    <Stack gap="md" maw={760}>
      {total !== undefined && (
        <Text data-testid="available-summary">{availableJobsSummary(total, last?.totalIsLowerBound)}</Text>
      )}
      <QueryState
        skeletonRows={3}
        skeletonHeight={112}
        // A later page that fails keeps the cards shown; the alert under them says so.
        query={{
          isPending: query.isPending,
          isError: query.isError && !query.isFetchNextPageError,
          refetch: query.refetch,
        }}
        isEmpty={jobs.length === 0}
        empty="No jobs have open driver positions right now."
        errorTitle="Could not load the available jobs"
      >
        <Stack gap="sm">
          {jobs.map((job) => (
            <AvailableJobCard key={job.id} job={job} onView={setViewing} onRequest={setRequesting} />
          ))}
          {query.isFetchNextPageError && (
            <Alert
              color="red"
              title="Could not load more jobs"
              icon={<IconAlertTriangle aria-hidden="true" />}
            >
              Check your connection and try again.
            </Alert>
          )}
          {total !== undefined && (
            <Group justify="space-between" align="center" gap="sm">
              <Text size="sm" c="dimmed" data-testid="available-shown">
                Showing {jobs.length} of {shownTotal}
              </Text>
              {query.hasNextPage && (
                <Button
                  variant="light"
                  onClick={() => void query.fetchNextPage()}
                  loading={query.isFetchingNextPage}
                  data-testid="load-more-jobs"
                >
                  {query.isFetchNextPageError ? 'Try again' : 'Load more'}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </QueryState>
      <DriverJobDetailDialog
        job={viewing}
        onClose={() => setViewing(null)}
        vehiclesHeading="Open positions"
        footer={
          viewing && !viewing.requested && !viewing.offer ? (
            <Button
              onClick={() => {
                setRequesting(viewing);
                setViewing(null);
              }}
            >
              Request This Job
            </Button>
          ) : null
        }
      />
      <Modal
        opened={requesting !== null}
        onClose={() => (request.isPending ? undefined : setRequesting(null))}
        title="Request This Job"
        centered
        data-testid="request-job-dialog"
      >
        <Stack gap="md">
          <Text size="sm">
            {requesting?.title ?? 'Untitled job'}, {serviceDateLabel(format, requesting?.serviceDate ?? null)}
          </Text>
          <Textarea
            label="Message to the office"
            description="Optional: why you are a good fit, or when you are free."
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            maxLength={2000}
            autosize
            minRows={3}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setRequesting(null)} disabled={request.isPending}>
              Cancel
            </Button>
            <Button onClick={send} loading={request.isPending}>
              Send Request
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
