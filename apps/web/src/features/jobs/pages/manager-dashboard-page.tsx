import type { JobSummary } from '@dms/domain';
import { Anchor, Button, Group, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconRefresh, IconSettings } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryState } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import {
  DRIVER_OPTIONS_PATH,
  invoicePagePath,
  JOBS_PATH,
  useCreateJobInvoice,
  useDeleteJob,
  useJob,
  useJobs,
  usePublishJob,
} from '../api';
import { JobDetailDialog } from '../components/job-detail-dialog';
import { JobFilters } from '../components/job-filters';
import { JobFormDialog } from '../components/job-form-dialog';
import { JobsTable } from '../components/jobs-table';
import { SendQuoteDialog } from '../components/send-quote-dialog';
import { JOBS_PAGE_SIZE } from '../first-page';
import { offeredText } from '../job-form-state';
import { listParamsOf, pageOf, withFilters } from '../job-list-filters';

type Confirm = { kind: 'publish' | 'delete'; job: JobSummary } | null;

/** The manager home (spec 2 §2.2): the job list with its filters, actions and dialogs. */
export function ManagerDashboardPage() {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  // `?job=<id>` opens a job's details (the dispatch board links here).
  const [detailId, setDetailId] = useState<string | null>(() => params.get('job'));
  const [editing, setEditing] = useState<JobSummary | null>(null);
  const [creating, setCreating] = useState(false);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [sendingQuote, setSendingQuote] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const publish = usePublishJob();
  const remove = useDeleteJob();
  const createInvoice = useCreateJobInvoice();
  const navigate = useNavigate();
  const invoiceJob = (job: JobSummary) =>
    createInvoice.mutate(
      { jobId: job.id, input: { kind: 'final' } },
      {
        onSuccess: (inv) => {
          showToast({ title: `Draft invoice created for ${job.jobNumber}`, tone: 'success' });
          navigate(invoicePagePath(inv.id));
        },
        onError: (e) =>
          showToast({ title: 'No invoice created', message: errorMessage(e, ''), tone: 'error' }),
      },
    );

  // Filters live in the URL: a reload or a shared link shows the same list.
  const update = (changes: Record<string, string | null>) =>
    setParams(withFilters(params, changes), { replace: true });
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the typed search only
  useEffect(() => {
    if ((params.get('search') ?? '') !== debouncedSearch) update({ search: debouncedSearch || null });
  }, [debouncedSearch]);

  const query = useJobs(listParamsOf(params, JOBS_PAGE_SIZE));
  const jobs = query.data?.items ?? [];
  const editingFresh = useJob(editing?.id ?? null);

  const confirmAction = () => {
    if (!confirm) return;
    const { kind, job } = confirm;
    const mutation = kind === 'publish' ? publish : remove;
    mutation.mutate(job.id, {
      onSuccess: (result) => {
        setConfirm(null);
        if (kind === 'delete' && detailId === job.id) setDetailId(null);
        const offered = result && 'offeredTo' in result ? offeredText(result.offeredTo ?? []) : undefined;
        showToast({
          title: kind === 'publish' ? 'Job published successfully' : 'Job deleted successfully',
          message: offered,
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

      <JobFilters
        params={params}
        search={search}
        onSearchChange={setSearch}
        onChange={update}
        onClear={() => {
          setSearch('');
          setParams(new URLSearchParams(), { replace: true });
        }}
      />

      <QueryState
        query={query}
        isEmpty={jobs.length === 0}
        empty="No jobs found matching your filters."
        skeletonHeight={52}
        errorTitle="Could not load the jobs"
        errorMessage={null}
      >
        <JobsTable
          jobs={jobs}
          total={query.data?.total ?? 0}
          totalIsLowerBound={query.data?.totalIsLowerBound ?? false}
          page={page}
          pageSize={JOBS_PAGE_SIZE}
          onPageChange={(p) => update({ page: p > 1 ? String(p) : null })}
          onOpen={(job) => setDetailId(job.id)}
          onEdit={setEditing}
          onPublish={(job) => setConfirm({ kind: 'publish', job })}
          onDelete={(job) => setConfirm({ kind: 'delete', job })}
          onInvoice={invoiceJob}
          onSendQuote={(job) => setSendingQuote(job.id)}
          onShowSeries={(job) => update({ series: job.seriesId ?? null })}
        />
      </QueryState>

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
        onSendQuote={(job) => setSendingQuote(job.id)}
        onShowSeries={(seriesId) => {
          setDetailId(null);
          update({ series: seriesId, job: null });
        }}
      />
      <SendQuoteDialog jobId={sendingQuote} onClose={() => setSendingQuote(null)} />
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
