import { JOB_STATUS_LABELS, JOB_STATUSES, type JobStatus, type JobSummary } from '@dms/domain';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconDots,
  IconFileDownload,
  IconPencil,
  IconPlus,
  IconRefresh,
  IconSend,
  IconSettings,
  IconTrash,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { JobStatusBadge } from '../../../components/driver-job/job-status-badge';
import { vehicleName } from '../../../components/driver-job/job-summary';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import {
  DRIVER_OPTIONS_PATH,
  JOBS_PATH,
  type JobListParams,
  jobSheetPdfUrl,
  quotePdfUrl,
  useDeleteJob,
  useDriverOptions,
  useJob,
  useJobs,
  usePublishJob,
} from '../api';
import { JobDetailDialog } from '../components/job-detail-dialog';
import { JobFormDialog } from '../components/job-form-dialog';
import { JOBS_PAGE_SIZE } from '../first-page';

const PAGE_SIZE = JOBS_PAGE_SIZE;
const PERIODS = [
  { value: 'all', label: 'All Jobs' },
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'This Week' },
  { value: 'month', label: 'This Month' },
  { value: 'custom', label: 'Custom Range' },
] as const;

const driverName = (d: { firstName: string | null; lastName: string | null }) =>
  [d.firstName, d.lastName].filter(Boolean).join(' ') || 'Driver';

type Confirm = { kind: 'publish' | 'delete'; job: JobSummary } | null;

/** The manager home (spec 2 §2.2): the job list with its filters, actions and dialogs. */
export function ManagerDashboardPage() {
  const format = useFormatters();
  const [params, setParams] = useSearchParams();
  const period = (params.get('period') ?? 'all') as (typeof PERIODS)[number]['value'];
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  // `?job=<id>` opens a job's details (the dispatch board links here).
  const [detailId, setDetailId] = useState<string | null>(() => params.get('job'));
  const [editing, setEditing] = useState<JobSummary | null>(null);
  const [creating, setCreating] = useState(false);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const queryClient = useQueryClient();
  const drivers = useDriverOptions();
  const publish = usePublishJob();
  const remove = useDeleteJob();

  // Filters live in the URL: a reload or a shared link shows the same list.
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the typed search only
  useEffect(() => {
    if ((params.get('search') ?? '') !== debouncedSearch) update({ search: debouncedSearch || null });
  }, [debouncedSearch]);

  const listParams: JobListParams = {
    ...(period === 'today' || period === 'week' || period === 'month' ? { period } : {}),
    ...(period === 'custom'
      ? { from: params.get('from') ?? undefined, to: params.get('to') ?? undefined }
      : {}),
    driverId: params.get('driver') ?? undefined,
    status: (params.get('status') as JobStatus | null) ?? undefined,
    search: params.get('search') ?? undefined,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  };
  const query = useJobs(listParams);
  const jobs = query.data?.items ?? [];
  const editingFresh = useJob(editing?.id ?? null);

  const confirmAction = () => {
    if (!confirm) return;
    const { kind, job } = confirm;
    const mutation = kind === 'publish' ? publish : remove;
    mutation.mutate(job.id, {
      onSuccess: () => {
        setConfirm(null);
        if (kind === 'delete' && detailId === job.id) setDetailId(null);
        showToast({
          title: kind === 'publish' ? 'Job published successfully' : 'Job deleted successfully',
          tone: 'success',
        });
      },
      onError: (error) => {
        setConfirm(null);
        showToast({
          title: kind === 'publish' ? 'Failed to publish job' : 'Failed to delete job',
          message: errorMessage(error, kind === 'publish' ? 'Failed to publish job' : 'Failed to delete job'),
          tone: 'error',
        });
      },
    });
  };

  const filtered = period !== 'all' || params.has('driver') || params.has('status') || params.has('search');

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Anchor component={Link} to="/settings" size="sm">
          <Group gap={4}>
            <IconSettings size={16} aria-hidden="true" />
            System Settings
          </Group>
        </Anchor>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden="true" />}
            onClick={async () => {
              await queryClient.invalidateQueries({
                predicate: (q) => q.queryKey[0] === JOBS_PATH || q.queryKey[0] === DRIVER_OPTIONS_PATH,
              });
              showToast({ title: 'Refreshed', message: 'Job data has been updated.', tone: 'success' });
            }}
          >
            Refresh Status
          </Button>
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setCreating(true)}>
            New Job
          </Button>
        </Group>
      </Group>

      <Paper withBorder p="sm" radius="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Time period"
            data={PERIODS.map((p) => ({ value: p.value, label: p.label }))}
            value={period}
            allowDeselect={false}
            onChange={(v) => update({ period: v === 'all' ? null : v, from: null, to: null })}
            w={160}
          />
          {period === 'custom' && (
            <>
              <TextInput
                type="date"
                label="From"
                value={params.get('from') ?? ''}
                onChange={(e) => update({ from: e.currentTarget.value || null })}
                w={165}
              />
              <TextInput
                type="date"
                label="To"
                value={params.get('to') ?? ''}
                onChange={(e) => update({ to: e.currentTarget.value || null })}
                w={165}
              />
            </>
          )}
          <Select
            label="Driver"
            placeholder="All Drivers"
            searchable
            clearable
            data={(drivers.data?.items ?? []).map((d) => ({ value: d.id, label: driverName(d) }))}
            value={params.get('driver')}
            onChange={(v) => update({ driver: v })}
            w={200}
          />
          <Select
            label="Status"
            placeholder="All"
            clearable
            data={JOB_STATUSES.map((s) => ({ value: s, label: JOB_STATUS_LABELS[s] }))}
            value={params.get('status')}
            onChange={(v) => update({ status: v })}
            w={160}
          />
          <TextInput
            label="Search"
            placeholder="Number, title, customer, place"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={240}
          />
          <Button
            variant="subtle"
            onClick={() => {
              setSearch('');
              setParams(new URLSearchParams(), { replace: true });
            }}
            disabled={!filtered}
          >
            Clear Filters
          </Button>
        </Group>
      </Paper>

      {query.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading" data-testid="list-loading">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} height={52} radius="sm" />
          ))}
        </Stack>
      ) : query.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden="true" />}
          title="Could not load the jobs"
        >
          <Button size="xs" color="red" variant="light" onClick={() => query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : jobs.length === 0 ? (
        <Paper withBorder p="xl" radius="md" data-testid="list-empty">
          <Text c="dimmed" ta="center">
            No jobs found matching your filters.
          </Text>
        </Paper>
      ) : (
        <>
          <Table.ScrollContainer minWidth={1100}>
            <Table aria-label="Jobs" highlightOnHover data-testid="jobs-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Job Details</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th>Vehicle(s)</Table.Th>
                  <Table.Th>Driver(s)</Table.Th>
                  <Table.Th>Start Time</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Updated</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {jobs.map((job) => (
                  <Table.Tr
                    key={job.id}
                    onClick={() => setDetailId(job.id)}
                    style={{ cursor: 'pointer' }}
                    data-testid="job-row"
                  >
                    <Table.Td>
                      <Stack gap={2}>
                        <Group gap={6}>
                          <Text size="xs" c="dimmed">
                            {job.jobNumber}
                          </Text>
                          {job.hasUpdates === 1 && (
                            <Badge color="orange" size="xs" variant="filled" data-testid="job-updated">
                              Updated
                            </Badge>
                          )}
                          {job.pendingRequests > 0 && (
                            <Badge color="grape" size="xs" variant="light">
                              {job.pendingRequests} request{job.pendingRequests === 1 ? '' : 's'}
                            </Badge>
                          )}
                        </Group>
                        <Anchor
                          component="button"
                          type="button"
                          fw={600}
                          size="sm"
                          ta="left"
                          onClick={(e) => {
                            e.stopPropagation();
                            setDetailId(job.id);
                          }}
                        >
                          {job.title ?? 'Untitled Draft'}
                        </Anchor>
                        <Group gap={4}>
                          {job.legs.slice(0, 3).map((l) => (
                            <Badge
                              key={l.id}
                              variant="light"
                              color="gray"
                              size="xs"
                              style={{ textTransform: 'none', maxWidth: 260 }}
                            >
                              {l.originAddress ?? '?'} → {l.destinationAddress ?? '?'}
                            </Badge>
                          ))}
                        </Group>
                      </Stack>
                    </Table.Td>
                    <Table.Td>{job.serviceDate ? format.serviceDate(job.serviceDate) : '—'}</Table.Td>
                    <Table.Td>{job.legs[0]?.departureTime ?? '--:--'}</Table.Td>
                    <Table.Td>
                      {job.customer ? (
                        <Stack gap={0}>
                          <Text size="sm">{job.customer.companyName}</Text>
                          <Text size="xs" c="dimmed">
                            {job.customer.phone}
                          </Text>
                        </Stack>
                      ) : (
                        <Text size="sm" c="dimmed">
                          No customer assigned
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={0}>
                        {job.vehicles.map((s) => (
                          <Text key={s.id} size="sm">
                            {vehicleName(s)}
                          </Text>
                        ))}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={0}>
                        {job.vehicles.map((s, i) => (
                          <Text key={s.id} size="sm" c={s.driver ? undefined : 'dimmed'}>
                            {s.driver ? driverName(s.driver) : `Unassigned Driver ${i + 1}`}
                          </Text>
                        ))}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        Coming soon
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" data-testid="job-total">
                      <Text size="sm">{format.jobMoney(job.totalPrice, job.currency)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <JobStatusBadge status={job.status} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{format.relative(job.updatedAt)}</Text>
                    </Table.Td>
                    <Table.Td onClick={(e) => e.stopPropagation()}>
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon variant="subtle" aria-label={`Actions for ${job.jobNumber}`}>
                            <IconDots size={18} aria-hidden="true" />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          {job.status === 'draft' && (
                            <Menu.Item
                              leftSection={<IconSend size={16} aria-hidden="true" />}
                              onClick={() => setConfirm({ kind: 'publish', job })}
                            >
                              Publish
                            </Menu.Item>
                          )}
                          <Menu.Item
                            component="a"
                            href={quotePdfUrl(job.id)}
                            download
                            leftSection={<IconFileDownload size={16} aria-hidden="true" />}
                          >
                            Quote PDF
                          </Menu.Item>
                          <Menu.Item
                            component="a"
                            href={jobSheetPdfUrl(job.id)}
                            download
                            leftSection={<IconFileDownload size={16} aria-hidden="true" />}
                          >
                            Job Sheet PDF
                          </Menu.Item>
                          <Menu.Item
                            leftSection={<IconPencil size={16} aria-hidden="true" />}
                            onClick={() => setEditing(job)}
                          >
                            Edit
                          </Menu.Item>
                          <Menu.Item
                            color="red"
                            leftSection={<IconTrash size={16} aria-hidden="true" />}
                            onClick={() => setConfirm({ kind: 'delete', job })}
                          >
                            Delete
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {query.data?.total ?? 0} job{query.data?.total === 1 ? '' : 's'}
            </Text>
            {(query.data?.total ?? 0) > PAGE_SIZE && (
              <Pagination
                total={Math.ceil((query.data?.total ?? 0) / PAGE_SIZE)}
                value={page}
                onChange={(p) => update({ page: p > 1 ? String(p) : null })}
                size="sm"
              />
            )}
          </Group>
        </>
      )}

      <JobDetailDialog
        jobId={detailId}
        onClose={() => {
          setDetailId(null);
          if (params.has('job')) update({ job: null });
        }}
        onEdit={(job) => {
          setDetailId(null);
          setEditing(job);
        }}
      />
      <JobFormDialog opened={creating} job={null} onClose={() => setCreating(false)} />
      <JobFormDialog
        opened={editing !== null && Boolean(editingFresh.data)}
        job={editingFresh.data ?? null}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={confirm !== null}
        title={confirm?.kind === 'publish' ? 'Publish job' : 'Delete job'}
        message={
          confirm?.kind === 'publish'
            ? 'Are you sure you want to publish this job?'
            : 'Are you sure you want to delete this job?'
        }
        confirmLabel={confirm?.kind === 'publish' ? 'Publish' : 'Delete'}
        confirmColor={confirm?.kind === 'delete' ? 'red' : undefined}
        loading={publish.isPending || remove.isPending}
        onConfirm={confirmAction}
        onCancel={() => setConfirm(null)}
      />
    </Stack>
  );
}
