import type {
  AddressSuggestionPage,
  Contact,
  CreateInvoiceInput,
  Customer,
  Depot,
  Driver,
  Invoice,
  Job,
  JobChecks,
  JobClashQuery,
  JobInput,
  JobInvoices,
  JobListRow,
  JobSaveResult,
  JobSeriesDetail,
  JobStaffing,
  JobStatus,
  JobSummary,
  OverrideRow,
  QuoteLink,
  SendQuoteLinkInput,
  SendQuoteLinkResult,
  TermsTemplate,
  Vehicle,
  VehicleCategory,
} from '@dms/domain';
import { jobSummaryFromRow } from '@dms/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/api-client';

// Job management (spec 2 §2.2-2.4, §7.1): the manager's reads and writes. Keys start with the API
// path, so that live events (lib/use-live-events.ts) refresh them.

import { JOBS_PATH, JOBS_SHAPE } from './first-page';

export { JOBS_PATH };

export interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}

export interface JobListParams {
  period?: 'today' | 'week' | 'month';
  from?: string;
  to?: string;
  driverId?: string;
  /** Quotes the customer viewed and has not answered (issue 24). */
  quote?: 'viewed_unanswered';
  status?: JobStatus;
  search?: string;
  /** The occurrences of one recurring series (issue 27). */
  seriesId?: string;
  limit: number;
  offset: number;
}

/** A page of the manager's list; past the count's bound the total is a lower bound (ADR 38). */
export type JobPage = Page<JobSummary> & { totalIsLowerBound: boolean };

/** A page as the API sends it to the list screen: rows of cells (ADR 40). */
type JobRowPage = Page<JobListRow> & { totalIsLowerBound: boolean };

// Module-level, so the query keeps the summaries it made while the page's data is the same.
const summariesOf = (page: JobRowPage): JobPage => ({ ...page, items: page.items.map(jobSummaryFromRow) });

/** The manager's list: a page of summaries, read as rows (the whole job is useJob). */
export function useJobs(params: JobListParams) {
  return useQuery<JobRowPage, Error, JobPage>({
    queryKey: [JOBS_PATH, { ...params, shape: JOBS_SHAPE }],
    placeholderData: keepPreviousData,
    select: summariesOf,
  });
}

export function useJob(id: string | null) {
  return useQuery<Job>({ queryKey: [JOBS_PATH, id ?? ''], enabled: Boolean(id), refetchOnMount: 'always' });
}

/** Every job read (list, detail, staffing) is stale after a write. */
function useJobMutation<V, T>(mutationFn: (v: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      queryClient.invalidateQueries({
        predicate: (q) =>
          typeof q.queryKey[0] === 'string' &&
          (q.queryKey[0].startsWith(JOBS_PATH) || q.queryKey[0] === '/api/customers'),
      }),
  });
}

export const JOB_SERIES_PATH = '/api/job-series';

/** A series: its rule, every date after the exclusions (with the job once created) and its jobs. */
export function useJobSeries(id: string | null) {
  return useQuery<JobSeriesDetail>({ queryKey: [JOB_SERIES_PATH, id ?? ''], enabled: Boolean(id) });
}

/** Ends a series: its occurrences after today that have not started are cancelled. */
export function useEndSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<{ cancelled: number }>('POST', `${JOB_SERIES_PATH}/${id}/end`),
    onSettled: () =>
      queryClient.invalidateQueries({
        predicate: (q) =>
          typeof q.queryKey[0] === 'string' &&
          (q.queryKey[0].startsWith(JOBS_PATH) || q.queryKey[0] === JOB_SERIES_PATH),
      }),
  });
}

export function useCreateJob() {
  return useJobMutation((input: JobInput) => apiJson<JobSaveResult>('POST', JOBS_PATH, input));
}

export function useUpdateJob() {
  return useJobMutation(({ id, input }: { id: string; input: JobInput }) =>
    apiJson<JobSaveResult>('PUT', `${JOBS_PATH}/${id}`, input),
  );
}

export function useDeleteJob() {
  return useJobMutation((id: string) => apiJson<{ message: string }>('DELETE', `${JOBS_PATH}/${id}`));
}

export function usePublishJob() {
  return useJobMutation((id: string) => apiJson<JobSaveResult>('POST', `${JOBS_PATH}/${id}/publish`));
}

export function useChangeJobStatus() {
  return useJobMutation(({ id, status }: { id: string; status: JobStatus }) =>
    apiJson<Job>('PATCH', `${JOBS_PATH}/${id}/status`, { status }),
  );
}

export function useMarkJobSeen() {
  return useJobMutation((id: string) =>
    apiJson<{ message: string }>('POST', `${JOBS_PATH}/${id}/clear-updates`),
  );
}

/** What the form has now, checked for vehicles and drivers already out at an overlapping time. */
/** Clashes with other jobs, and drivers the job would put over the hours rules (dispatch safety). */
export function useJobClashes(query: JobClashQuery | null) {
  return useQuery<JobChecks>({
    queryKey: ['/api/jobs/clashes', query],
    queryFn: () => apiJson<JobChecks>('POST', '/api/jobs/clashes', query),
    enabled: query !== null,
    staleTime: 10_000,
  });
}

// ---- offers and requests (ADR 14)

export function useJobStaffing(id: string | null) {
  return useQuery<JobStaffing>({
    queryKey: [JOBS_PATH, id ?? '', 'staffing'],
    enabled: Boolean(id),
    refetchOnMount: 'always',
  });
}

export function useDecideRequest() {
  return useJobMutation(
    ({
      id,
      status,
      hoursOverrideReason,
      complianceOverrideReason,
    }: {
      id: string;
      status: 'approved' | 'rejected';
      hoursOverrideReason?: string;
      complianceOverrideReason?: string;
    }) =>
      apiJson('PATCH', `/api/job-requests/${id}`, { status, hoursOverrideReason, complianceOverrideReason }),
  );
}

export function useOfferSlot() {
  return useJobMutation(
    ({
      jobId,
      slotId,
      driverId,
      message,
      hoursOverrideReason,
      complianceOverrideReason,
    }: {
      jobId: string;
      slotId: string;
      driverId: string;
      message?: string;
      hoursOverrideReason?: string;
      complianceOverrideReason?: string;
    }) =>
      apiJson('POST', `${JOBS_PATH}/${jobId}/offers`, {
        slotId,
        driverId,
        message,
        hoursOverrideReason,
        complianceOverrideReason,
      }),
  );
}

// ---- what the form chooses from (the keys are named so that tests can give the answers)

export const customerSearchKey = (term: string) => ['/api/customers/search', { search: term, limit: 10 }];

export function useCustomerSearch(term: string, enabled: boolean) {
  return useQuery<{ items: { customer: Customer; contacts: Contact[] }[] }>({
    queryKey: customerSearchKey(term),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Where the job screens read their driver lists: names only (/api/drivers adds each driver's hours). */
export const DRIVER_OPTIONS_PATH = '/api/users';
export const DRIVER_OPTIONS_KEY = [DRIVER_OPTIONS_PATH, { role: 'driver', limit: 200 }];

/**
 * The drivers to choose from: GET /api/users filtered to the driver role. /api/drivers would do
 * the same, plus a week of hours for each, which cost the manager home half a second at volume
 * (bench/NOTES.md) and that no picker shows.
 */
export function useDriverOptions() {
  return useQuery<Page<Driver>>({ queryKey: DRIVER_OPTIONS_KEY });
}

export const VEHICLE_OPTIONS_KEY = ['/api/vehicles', { limit: 200 }];

/**
 * Read by the job form's sections, which mount only while the dialog is open: a closed job form asks
 * for nothing (the dashboard renders two, closed, on first load).
 */
export function useVehicleOptions() {
  return useQuery<Page<Vehicle>>({ queryKey: VEHICLE_OPTIONS_KEY });
}

export const CATEGORY_OPTIONS_KEY = ['/api/vehicle-categories-new', { limit: 200 }];

export function useCategoryOptions() {
  return useQuery<Page<VehicleCategory>>({ queryKey: CATEGORY_OPTIONS_KEY });
}

export const ADDRESS_SUGGESTIONS_PATH = '/api/address-suggestions';
export const addressSuggestionsKey = (search: string, customerId: string | null) => [
  ADDRESS_SUGGESTIONS_PATH,
  { search, customerId: customerId ?? '', limit: 10 },
];

/** Addresses for a leg, searched on the server (ADR 29); asked for only while a field's list is open. */
export function useAddressSuggestions(search: string, customerId: string | null, enabled: boolean) {
  return useQuery<AddressSuggestionPage>({
    queryKey: addressSuggestionsKey(search, customerId),
    enabled,
    placeholderData: keepPreviousData,
    // Other jobs add addresses while the form is open; a minute old is fresh enough for a suggestion.
    staleTime: 60_000,
  });
}

export function useDepotOptions() {
  return useQuery<Page<Depot>>({ queryKey: ['/api/depots', { limit: 200 }] });
}

export const TERMS_TEMPLATES_KEY = ['/api/terms-templates'];

export function useTermsTemplates(enabled = true) {
  return useQuery<TermsTemplate[]>({ queryKey: TERMS_TEMPLATES_KEY, enabled });
}

/** PDFs download through the browser, named by the job number (quote-J-00042.pdf, job-sheet-J-00042.pdf). */
export const quotePdfUrl = (id: string) => `${JOBS_PATH}/${id}/quote/pdf`;
export const jobSheetPdfUrl = (id: string) => `${JOBS_PATH}/${id}/jobsheet/pdf`;

// ---- invoices of a job (issue 25): the detail's panel and the list's "Create invoice"

export function useJobInvoices(jobId: string | null) {
  return useQuery<JobInvoices>({
    queryKey: [JOBS_PATH, jobId ?? '', 'invoices'],
    enabled: Boolean(jobId),
    refetchOnMount: 'always',
  });
}

export function useCreateJobInvoice() {
  return useJobMutation(({ jobId, input }: { jobId: string; input: CreateInvoiceInput }) =>
    apiJson<Invoice>('POST', `${JOBS_PATH}/${jobId}/invoices`, input),
  );
}

// ---- a job's overrides (issue 26, ADR 34): the audit trail on its detail

export function useJobOverrides(jobId: string | null) {
  return useQuery<{ items: OverrideRow[] }>({
    queryKey: [JOBS_PATH, jobId ?? '', 'overrides'],
    enabled: Boolean(jobId),
    refetchOnMount: 'always',
  });
}

/** Where an invoice opens: the Invoices page with its drawer. */
export const invoicePagePath = (invoiceId: string) => `/invoices?invoice=${encodeURIComponent(invoiceId)}`;

/** The statuses a job may be invoiced in (the server says the same). */
export const INVOICEABLE_STATUSES: readonly JobStatus[] = [
  'confirmed',
  'assigned',
  'in_progress',
  'completed',
];

// Quote links (issue 24): the customer's online quote, sent and followed from the job.

export const quoteLinkKey = (jobId: string) => [JOBS_PATH, jobId, 'quote-link'] as const;
export const signedQuotePdfUrl = (jobId: string) => `${JOBS_PATH}/${jobId}/quote-link/signed-pdf`;

export function useQuoteLink(jobId: string | null) {
  return useQuery<{ link: QuoteLink | null }>({
    queryKey: quoteLinkKey(jobId ?? ''),
    enabled: Boolean(jobId),
    refetchOnMount: 'always',
  });
}

export function useSendQuoteLink() {
  return useJobMutation(({ jobId, input }: { jobId: string; input: SendQuoteLinkInput }) =>
    apiJson<SendQuoteLinkResult>('POST', `${JOBS_PATH}/${jobId}/quote-link`, input),
  );
}

export function useRevokeQuoteLink() {
  return useJobMutation((jobId: string) => apiJson<undefined>('DELETE', `${JOBS_PATH}/${jobId}/quote-link`));
}
