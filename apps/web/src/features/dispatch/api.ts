import type { DispatchDay } from '@dms/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

// The dispatch board (issue 16): one request per day. The key starts with the API path, so the
// default query function reads GET /api/dispatch?date=YYYY-MM-DD.

export const DISPATCH_PATH = '/api/dispatch';

/** One service date of the board; the previous day stays on screen (dimmed) while the next loads. */
export function useDispatchDay(date: string) {
  return useQuery<DispatchDay>({ queryKey: [DISPATCH_PATH, { date }], placeholderData: keepPreviousData });
}
