import type {
  EmergencyReport,
  EndOfShiftReport,
  FleetChart,
  FleetChartData,
  FuelLogReport,
  IncidentReportRow,
  InspectionAnswers,
  OverrideKind,
  OverrideRow,
  PreDepartureReport,
  ReportTab,
  SkippedEndOfShift,
} from '@dms/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, queryKeyToPath } from '../../lib/api-client';

// Reports (spec 2 §2.6, §7.4): each tab reads its list only when it is open.

export const REPORT_PATHS: Record<ReportTab, string> = {
  'pre-departure': '/api/inspections/pre-departure',
  'end-of-shift': '/api/inspections/end-of-shift',
  'fuel-logs': '/api/fuel-logs',
  emergencies: '/api/emergency-alerts',
  incidents: '/api/incident-reports',
};

export interface ReportRows {
  'pre-departure': PreDepartureReport;
  'end-of-shift': EndOfShiftReport;
  'fuel-logs': FuelLogReport;
  emergencies: EmergencyReport;
  incidents: IncidentReportRow;
}

export interface ReportFilters {
  search?: string;
  from?: string;
  to?: string;
  status?: string;
}

export interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
  /** Set when a long list stopped counting past its page (ADR 42). */
  totalIsLowerBound?: boolean;
}

/** A form's answers, read when its detail opens (ADR 37). */
export function useInspectionAnswers(tab: 'pre-departure' | 'end-of-shift', id: string) {
  return useQuery<InspectionAnswers>({
    queryKey: [REPORT_PATHS[tab], id, 'answers'],
    // The questions' wording can change; a form reopened later shows it as it is then.
    refetchOnMount: 'always',
  });
}

export function useReport<T extends ReportTab>(
  tab: T,
  filters: ReportFilters,
  page: number,
  pageSize: number,
) {
  return useQuery<Page<ReportRows[T]>>({
    queryKey: [REPORT_PATHS[tab], { ...filters, limit: pageSize, offset: (page - 1) * pageSize }],
    placeholderData: keepPreviousData,
    // Drivers submit all day: a tab shows what there is when it is opened.
    refetchOnMount: 'always',
  });
}

/** Shifts ended without their end-of-shift inspection (no job that day, ADR 27), within the filters. */
export function useSkippedEndOfShift(filters: ReportFilters) {
  return useQuery<Page<SkippedEndOfShift>>({
    queryKey: ['/api/reports/end-of-shift/skipped', { ...filters, status: undefined, limit: 50 }],
    refetchOnMount: 'always',
  });
}

/** The export's address: the browser downloads it (a streamed CSV of every filtered row). */
export function exportUrl(tab: ReportTab, filters: ReportFilters): string {
  return queryKeyToPath([`/api/reports/${tab}/export`, { ...filters }]);
}

function useReviewMutation<V>(mutationFn: (v: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      queryClient.invalidateQueries({
        predicate: (q) =>
          q.queryKey[0] === REPORT_PATHS.incidents || q.queryKey[0] === REPORT_PATHS.emergencies,
      }),
  });
}

/** The review of an inspection (ADR 27): the same steps as an incident's. */
export function useReviewInspection(tab: 'pre-departure' | 'end-of-shift') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, notes }: { id: string; status: 'under_review' | 'resolved'; notes: string }) =>
      apiJson('PATCH', `${REPORT_PATHS[tab]}/${id}`, { status, notes }),
    onSettled: () => queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === REPORT_PATHS[tab] }),
  });
}

/** Clears the defect an inspection raised, with the repair note (POST /api/vehicle-defects/{id}/clear). */
export function useClearFormDefect(tab: 'pre-departure' | 'end-of-shift') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, repairNote }: { id: string; repairNote: string }) =>
      apiJson('POST', `/api/vehicle-defects/${id}/clear`, { repairNote }),
    onSettled: () =>
      queryClient.invalidateQueries({
        predicate: (q) =>
          q.queryKey[0] === REPORT_PATHS[tab] ||
          q.queryKey[0] === '/api/vehicles' ||
          q.queryKey[0] === '/api/vehicle-defects',
      }),
  });
}

export function useReviewIncident() {
  return useReviewMutation(
    ({ id, status, notes }: { id: string; status: 'under_review' | 'resolved'; notes: string }) =>
      apiJson('PATCH', `${REPORT_PATHS.incidents}/${id}`, { status, notes }),
  );
}

export function useResolveEmergency() {
  return useReviewMutation(({ id, notes }: { id: string; notes: string }) =>
    apiJson('PATCH', `${REPORT_PATHS.emergencies}/${id}`, { status: 'resolved', notes }),
  );
}

// ---- Fleet Overview (issue 16): one query per chart, read when the tab is open.

export interface FleetRange {
  from: string;
  to: string;
}

export const fleetChartPath = (chart: FleetChart) => `/api/reports/fleet/${chart}`;

export function useFleetChart<C extends FleetChart>(chart: C, range: FleetRange) {
  return useQuery<FleetChartData[C]>({
    queryKey: [fleetChartPath(chart), { ...range }],
    // A new range keeps the old chart on screen until its numbers arrive.
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** The chart's numbers as CSV: the browser downloads it. */
export function fleetExportUrl(chart: FleetChart, range: FleetRange): string {
  return queryKeyToPath([`${fleetChartPath(chart)}/export`, { ...range }]);
}

// ---- Overrides (issue 26, ADR 34): hours and compliance overrides in one list.

export const OVERRIDES_PATH = '/api/reports/overrides';

export interface OverrideFilters {
  from?: string;
  to?: string;
  driverId?: string;
  vehicleId?: string;
  kind?: OverrideKind;
}

export function useOverrides(filters: OverrideFilters, page: number, pageSize: number) {
  return useQuery<Page<OverrideRow>>({
    queryKey: [OVERRIDES_PATH, { ...filters, limit: pageSize, offset: (page - 1) * pageSize }],
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

export function overridesExportUrl(filters: OverrideFilters): string {
  return queryKeyToPath([`${OVERRIDES_PATH}/export`, { ...filters }]);
}

/** The filters' choices: every driver and vehicle, inactive ones too, since old overrides name them. */
export function useOverrideFilterOptions() {
  const drivers = useQuery<
    Page<{ id: string; firstName: string | null; lastName: string | null; email: string }>
  >({
    queryKey: ['/api/users', { role: 'driver', limit: 200 }],
  });
  const vehicles = useQuery<Page<{ id: string; registrationNumber: string | null; nickname: string | null }>>(
    {
      queryKey: ['/api/vehicles', { limit: 200, includeInactive: '1' }],
    },
  );
  return { drivers, vehicles };
}
