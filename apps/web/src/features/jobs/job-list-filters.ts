import type { JobStatus } from '@dms/domain';
import type { JobListParams } from './api';

// The manager's job list filters (spec 2 §2.2) live in the address, so that a reload or a shared
// link shows the same list: these read and change them there.

export const JOB_PERIODS = [
  { value: 'all', label: 'All Jobs' },
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'This Week' },
  { value: 'month', label: 'This Month' },
  { value: 'custom', label: 'Custom Range' },
] as const;
export type JobPeriod = (typeof JOB_PERIODS)[number]['value'];

export const periodOf = (params: URLSearchParams) => (params.get('period') ?? 'all') as JobPeriod;

/** The page shown, from 1; anything else reads as the first. */
export const pageOf = (params: URLSearchParams) => Math.max(1, Number(params.get('page') ?? '1') || 1);

/** What GET /api/jobs is asked for the filters and page in the address. */
export function listParamsOf(params: URLSearchParams, pageSize: number): JobListParams {
  const period = periodOf(params);
  return {
    ...(period === 'today' || period === 'week' || period === 'month' ? { period } : {}),
    ...(period === 'custom'
      ? { from: params.get('from') ?? undefined, to: params.get('to') ?? undefined }
      : {}),
    driverId: params.get('driver') ?? undefined,
    status: (params.get('status') as JobStatus | null) ?? undefined,
    ...(params.get('quote') === 'viewed_unanswered' ? { quote: 'viewed_unanswered' as const } : {}),
    search: params.get('search') ?? undefined,
    seriesId: params.get('series') ?? undefined,
    limit: pageSize,
    offset: (pageOf(params) - 1) * pageSize,
  };
}

/** Whether any filter narrows the list (Clear Filters has something to clear). */
export const isFiltered = (params: URLSearchParams) =>
  periodOf(params) !== 'all' ||
  params.has('driver') ||
  params.has('status') ||
  params.has('quote') ||
  params.has('search') ||
  params.has('series');

/** The address after changing filters: empty values go, and any change but the page's goes back to page 1. */
export function withFilters(
  params: URLSearchParams,
  changes: Record<string, string | null>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [k, v] of Object.entries(changes)) {
    if (v) next.set(k, v);
    else next.delete(k);
  }
  if (!('page' in changes)) next.delete('page');
  return next;
}
