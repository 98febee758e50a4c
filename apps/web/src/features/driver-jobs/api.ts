import { AVAILABLE_JOBS_PAGE_SIZE, type AvailableJob, type DriverJob, type JobOffer } from '@dms/domain';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/api-client';

// The driver portal's reads and writes (spec 2 §2.5, §7.1, §7.2). Keys start with the API path, so
// that live events (lib/use-live-events.ts) refresh them.

const JOBS_PATH = '/api/jobs';
const OFFERS_PATH = '/api/job-offers';
const AVAILABLE_PATH = '/api/jobs/available';

export interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
  /** Set when a long list stopped counting past its page (ADR 42). */
  totalIsLowerBound?: boolean;
}

export type MyJobsTab = 'today' | 'upcoming';

/** A driver's own jobs, without prices; `mine=1` also for a manager who drives. */
export function useMyJobs(tab: MyJobsTab) {
  return useQuery<Page<DriverJob>>({
    queryKey: [JOBS_PATH, { mine: 1, period: tab, limit: 200 }],
  });
}

export function useJobOffers() {
  return useQuery<{ pending: JobOffer[]; previous: JobOffer[] }>({ queryKey: [OFFERS_PATH] });
}

/** The Job Offers tab's badge: offers waiting for an answer (refreshed by offers.changed). */
export function usePendingOfferCount(enabled = true) {
  return useQuery<{ pending: number }>({ queryKey: [`${OFFERS_PATH}/pending-count`], enabled });
}

/** Available Jobs, 20 at a time (ADR 37): the next page loads when the driver asks for more. */
export function useAvailableJobs() {
  return useInfiniteQuery({
    queryKey: [AVAILABLE_PATH, { limit: AVAILABLE_JOBS_PAGE_SIZE }],
    queryFn: ({ pageParam }) =>
      apiJson<Page<AvailableJob>>(
        'GET',
        `${AVAILABLE_PATH}?limit=${AVAILABLE_JOBS_PAGE_SIZE}&offset=${pageParam}`,
      ),
    initialPageParam: 0,
    getNextPageParam: (last) =>
      last.offset + last.items.length < last.total && last.items.length > 0
        ? last.offset + last.items.length
        : undefined,
  });
}

function useDriverMutation<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      queryClient.invalidateQueries({
        predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/job'),
      }),
  });
}

/** PATCH /api/job-offers/{id}: 'accepted' or 'rejected' (shown as Declined). */
export function useAnswerOffer() {
  return useDriverMutation(
    ({
      offerId,
      status,
      series = false,
    }: {
      offerId: string;
      status: 'accepted' | 'rejected';
      series?: boolean;
    }) =>
      // `series`: the same answer for every open offer of the job's series (issue 27).
      apiJson<JobOffer>('PATCH', `${OFFERS_PATH}/${offerId}`, { status, series }),
  );
}

export function useRequestJob() {
  return useDriverMutation(({ jobId, message }: { jobId: string; message: string }) =>
    apiJson<{ message: string }>('POST', `${JOBS_PATH}/${jobId}/request`, { message }),
  );
}

/** Opening a job with hasUpdates = 1 clears it (spec 2 §2.5); failures are only logged (spec 2 §8). */
export function useClearJobUpdates() {
  return useDriverMutation((jobId: string) =>
    apiJson<{ message: string }>('POST', `${JOBS_PATH}/${jobId}/clear-updates`),
  );
}
