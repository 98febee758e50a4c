import type { CorrectShiftInput, TimesheetShift } from '@dms/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, queryKeyToPath } from '../../../lib/api-client';

// Timesheets (spec 2 §2.7, §7.3): the shifts of a range of days, corrections, and the CSV.

const SHIFTS_PATH = '/api/shifts/all';

export interface TimesheetParams {
  startDate: string;
  endDate: string;
  driverId?: string;
}

export function useTimesheet(params: TimesheetParams) {
  return useQuery<TimesheetShift[]>({
    queryKey: [SHIFTS_PATH, params],
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: [SHIFTS_PATH] }),
  });
}
