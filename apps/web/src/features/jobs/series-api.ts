import type {
  JobEditScope,
  JobInput,
  JobSaveResult,
  JobSeries,
  JobSeriesInput,
  SeriesJob,
  SeriesPreviewInput,
  SeriesSettings,
} from '@dms/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/api-client';
import { JOBS_PATH } from './first-page';

// Recurring jobs (issue 27, ADR 36): the job form's preview, creating a series and saving an
// occurrence for "this" or "this and following".

export const SERIES_PATH = '/api/job-series';

/**
 * The operator's series settings as the form reads them (its default holiday region). The Settings
 * screen edits them; features stay apart, and the path is the cache key both share.
 */
export function useSeriesDefaults(enabled = true) {
  return useQuery<SeriesSettings>({
    queryKey: ['/api/settings/recurring-jobs'],
    enabled,
    refetchOnMount: 'always',
  });
}

/** The dates a rule gives after its exclusions; null while the form has no complete rule. */
export function useSeriesPreview(input: SeriesPreviewInput | null) {
  return useQuery<{ dates: string[] }>({
    queryKey: [`${SERIES_PATH}/preview`, input],
    queryFn: () => apiJson('POST', `${SERIES_PATH}/preview`, input),
    enabled: input !== null,
    retry: false,
  });
}

/** Jobs, lists and staffing are stale after a series write (the keys start with the jobs path). */
function useInvalidateJobs() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(JOBS_PATH),
    });
}

export function useCreateSeries() {
  const invalidate = useInvalidateJobs();
  return useMutation({
    mutationFn: (input: JobSeriesInput) =>
      apiJson<{ series: JobSeries; jobs: SeriesJob[] }>('POST', SERIES_PATH, input),
    onSettled: invalidate,
  });
}

/** PUT /api/jobs/{id}?scope=: an occurrence alone, or it and every later one of its series. */
export function useUpdateJobInScope() {
  const invalidate = useInvalidateJobs();
  return useMutation({
    mutationFn: ({ id, input, scope }: { id: string; input: JobInput; scope: JobEditScope }) =>
      apiJson<JobSaveResult>('PUT', `${JOBS_PATH}/${id}?scope=${scope}`, input),
    onSettled: invalidate,
  });
}
