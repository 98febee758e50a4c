import type { DispatchDay, JobSaveResult } from '@dms/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/api-client';

// The dispatch board (issue 16): one request per day. The key starts with the API path, so the
// default query function reads GET /api/dispatch?date=YYYY-MM-DD.

export const DISPATCH_PATH = '/api/dispatch';

const dayKey = (date: string) => [DISPATCH_PATH, { date }];

/** One service date of the board; the previous day stays on screen (dimmed) while the next loads. */
export function useDispatchDay(date: string) {
  return useQuery<DispatchDay>({ queryKey: dayKey(date), placeholderData: keepPreviousData });
}

export interface Allocation {
  vehicleId: string | null;
  driverId: string | null;
}

/** One slot's new vehicle and driver, and what the board saw on it (PATCH /api/jobs/{id}/slots/{slotId}). */
export interface SlotAllocation extends Allocation {
  date: string;
  jobId: string;
  slotId: string;
  was: Allocation;
  /** Shown on the bar until the server answers. */
  driverName: string | null;
  hoursOverrideReason?: string;
  complianceOverrideReason?: string;
}

/**
 * Saves a move from the board. The bar moves at once; a refusal puts it back. Afterwards every
 * job read and the board are refetched: the server works out clashes and hours again.
 */
export function useAllocateSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      jobId,
      slotId,
      vehicleId,
      driverId,
      was,
      hoursOverrideReason,
      complianceOverrideReason,
    }: SlotAllocation) =>
      apiJson<JobSaveResult>('PATCH', `/api/jobs/${jobId}/slots/${slotId}`, {
        vehicleId,
        driverId,
        was,
        ...(hoursOverrideReason ? { hoursOverrideReason } : {}),
        ...(complianceOverrideReason ? { complianceOverrideReason } : {}),
      }),
    onMutate: async (move) => {
      await queryClient.cancelQueries({ queryKey: dayKey(move.date) });
      const previous = queryClient.getQueryData<DispatchDay>(dayKey(move.date));
      if (previous) {
        queryClient.setQueryData<DispatchDay>(dayKey(move.date), {
          ...previous,
          bars: previous.bars.map((b) =>
            b.slotId === move.slotId
              ? { ...b, vehicleId: move.vehicleId, driverId: move.driverId, driverName: move.driverName }
              : b,
          ),
        });
      }
      return { previous };
    },
    onError: (_error, move, context) => {
      if (context?.previous) queryClient.setQueryData(dayKey(move.date), context.previous);
    },
    onSettled: () =>
      queryClient.invalidateQueries({
        predicate: (q) =>
          typeof q.queryKey[0] === 'string' &&
          (q.queryKey[0] === DISPATCH_PATH || q.queryKey[0].startsWith('/api/jobs')),
      }),
  });
}
