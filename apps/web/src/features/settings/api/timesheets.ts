import type { CorrectShiftInput, TimesheetShift, TimesheetSummary } from '@dms/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, queryKeyToPath } from '../../../lib/api-client';

// Timesheets (spec 2 §2.7, §7.3): the shifts of a range of days, corrections, and the CSV.

const SHIFTS_PATH = '/api/shifts/all';
const SUMMARY_PATH = '/api/shifts/summary';

export interface TimesheetParams {
  startDate: string;
  endDate: string;
  driverId?: string;
}

/** The shifts of a range; `enabled` false for the views that show only totals. */
export function useTimesheet(params: TimesheetParams, enabled = true) {
  return useQuery<TimesheetShift[]>({
    queryKey: [SHIFTS_PATH, params],
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
    enabled,
  });
}

/** Totals per driver and day: what the timesheet opens on (issue 28). */
export function useTimesheetSummary(params: TimesheetParams, enabled = true) {
  return useQuery<TimesheetSummary>({
    queryKey: [SUMMARY_PATH, params],
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
    enabled,
  });
}

export function timesheetExportUrl(params: TimesheetParams): string {
  return queryKeyToPath(['/api/shifts/export', { ...params }]);
}

export function useCorrectShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: CorrectShiftInput }) =>
      apiJson<{ message: string }>('POST', `/api/shifts/${id}/corrections`, input),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [SHIFTS_PATH] }),
        queryClient.invalidateQueries({ queryKey: [SUMMARY_PATH] }),
      ]),
  });
}
