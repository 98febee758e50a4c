import type { DriverJob } from '@dms/domain';
import { useState } from 'react';
import { useClearJobUpdates } from '../api';

/** The job whose details are open; opening one with hasUpdates = 1 clears the flag (spec 2 §2.5). */
export function useOpenJob() {
  const [job, setJob] = useState<DriverJob | null>(null);
  const clearUpdates = useClearJobUpdates();
  return {
    job,
    open: (next: DriverJob) => {
      setJob(next);
      if (next.hasUpdates === 1) {
        clearUpdates.mutate(next.id, {
          // Spec 2 §8: other clear-update errors are only logged.
          onError: (error) => console.warn('Failed to clear updates', error),
        });
      }
    },
    close: () => setJob(null),
  };
}
