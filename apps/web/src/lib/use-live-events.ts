import { type Query, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/** Which cached reads each live event makes stale (by the first part of their query key). */
const STALE_ON: Record<string, readonly string[]> = {
  'jobs.changed': ['jobs', 'job-offers', 'dispatch'],
  'offers.changed': ['job-offers', 'jobs', 'dispatch'],
  'requests.changed': ['jobs', 'dispatch'],
  'terminals.changed': ['terminals', 'drivers'],
  'attention.changed': ['attention'],
};

type Handler = (data: Record<string, string>) => void;
const handlers = new Map<string, Set<Handler>>();

/** Runs `handler` for each live event of `type` while the component is mounted (e.g. an alert banner). */
export function useLiveEventHandler(type: string, handler: Handler): void {
  useEffect(() => {
    const set = handlers.get(type) ?? new Set<Handler>();
    set.add(handler);
    handlers.set(type, set);
    return () => {
      set.delete(handler);
    };
  }, [type, handler]);
}

const firstKeyPart = (query: Query) => {
  const first = query.queryKey[0];
  return typeof first === 'string' ? first : '';
};

/**
 * Keeps the signed-in screens current (DESIGN.md "live updates"): GET /api/events streams ids of
 * what changed, and the reads they concern are refetched. EventSource reconnects by itself and
 * sends the last event id, so nothing is missed across a dropped connection.
 */
export function useLiveEvents(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events', { withCredentials: true });
    source.onmessage = (message) => {
      let data: Record<string, string>;
      try {
        data = JSON.parse(message.data) as Record<string, string>;
      } catch {
        return;
      }
      const type = data.type ?? '';
      for (const handler of handlers.get(type) ?? []) handler(data);
      const areas = STALE_ON[type];
      if (!areas) return;
      void queryClient.invalidateQueries({
        predicate: (query) => {
          const key = firstKeyPart(query);
          return areas.some((area) => key === area || key.startsWith(`/api/${area}`));
        },
      });
    };
    return () => source.close();
  }, [enabled, queryClient]);
}
