import {
  canChooseDriver,
  type DispatchBar,
  type DispatchDay,
  DRIVER_NEEDS_VEHICLE_MESSAGE,
  type JobSaveResult,
} from '@dms/domain';
import { useCallback, useState } from 'react';
import {
  type AllocationRefusal,
  allocationRefusal,
  reasonsFor,
} from '../../components/allocation-reason-dialog';
import { errorMessage } from '../../lib/api-client';
import { showToast } from '../../lib/toast';
import { type Allocation, useAllocateSlot } from './api';
import { vehicleLabel } from './board-rows';

// What the board does with a drop or a menu choice: save it, say what happened (with any clash or
// defect), keep it for one undo, and ask for one reason when it breaks the hours or compliance checks.

export interface BoardMove {
  bar: DispatchBar;
  to: Allocation;
  /** 'JOB-0012 moved to DSP-002', said when it is saved and offered for undo. */
  summary: string;
}

export interface LastMove {
  bar: Pick<DispatchBar, 'jobId' | 'slotId' | 'jobNumber'>;
  from: Allocation;
  to: Allocation;
  summary: string;
}

interface Refusal {
  refusal: AllocationRefusal;
  retry: (reason: string) => void;
}

interface Reasons {
  hoursOverrideReason?: string;
  complianceOverrideReason?: string;
}

/** 'DSP-002 is also on JOB-0009 (08:00–10:00)', for each clash the move brings. */
function clashNotes(saved: JobSaveResult, to: Allocation): string[] {
  return saved.clashes
    .filter((c) => (c.kind === 'vehicle' ? c.vehicleId === to.vehicleId : c.driverId === to.driverId))
    .map(
      (c) =>
        `${c.name} is also on ${c.otherJobNumber}${c.otherStart ? ` (${c.otherStart}–${c.otherEnd ?? c.otherStart})` : ''}`,
    );
}

export function useSlotMoves(day: DispatchDay | undefined) {
  const allocate = useAllocateSlot();
  const [last, setLast] = useState<LastMove | null>(null);
  const [refused, setRefused] = useState<Refusal | null>(null);

  const vehicleName = useCallback(
    (id: string | null) => {
      const v = id ? day?.vehicles.find((x) => x.id === id) : undefined;
      return v ? vehicleLabel(v) : 'Unallocated';
    },
    [day],
  );
  const driverName = useCallback(
    (id: string | null) =>
      (id &&
        (day?.freeDrivers.find((d) => d.id === id)?.name ??
          day?.bars.find((b) => b.driverId === id)?.driverName)) ||
      null,
    [day],
  );

  const save = (
    bar: LastMove['bar'],
    from: Allocation,
    to: Allocation,
    onSaved: (saved: JobSaveResult) => void,
    reasons: Reasons = {},
  ) => {
    if (!day) return;
    allocate.mutate(
      {
        date: day.date,
        jobId: bar.jobId,
        slotId: bar.slotId,
        ...to,
        was: from,
        driverName: driverName(to.driverId),
        ...reasons,
      },
      {
        onSuccess: (saved) => {
          setRefused(null);
          onSaved(saved);
        },
        onError: (error) => {
          // Hours and compliance are refused in one answer and answered with one reason (ADR 33).
          const refusal = allocationRefusal(error);
          if (refusal) {
            setRefused({
              refusal,
              retry: (why) => save(bar, from, to, onSaved, { ...reasons, ...reasonsFor(refusal, why) }),
            });
            return;
          }
          setRefused(null);
          showToast({
            tone: 'error',
            title: `${bar.jobNumber} was not changed`,
            message: errorMessage(error, 'Try again.'),
          });
        },
      },
    );
  };

  const move = ({ bar, to, summary }: BoardMove) => {
    const from = { vehicleId: bar.vehicleId, driverId: bar.driverId };
    if (from.vehicleId === to.vehicleId && from.driverId === to.driverId) return;
    if (to.driverId && !canChooseDriver(to)) {
      showToast({
        tone: 'error',
        title: `${bar.jobNumber} has no vehicle yet`,
        message: DRIVER_NEEDS_VEHICLE_MESSAGE,
      });
      return;
    }
    save(bar, from, to, (saved) => {
      setLast({ bar, from, to, summary });
      const defect =
        to.vehicleId !== from.vehicleId ? day?.vehicles.find((v) => v.id === to.vehicleId)?.openDefect : null;
      const notes = [
        ...clashNotes(saved, to),
        ...(defect ? [`${vehicleName(to.vehicleId)} has an open defect: ${defect.summary}`] : []),
      ];
      showToast(
        notes.length > 0
          ? { tone: 'warning', title: `${summary}, with a warning`, message: notes.join('. ') }
          : { tone: 'success', title: summary },
      );
    });
  };

  const undo = () => {
    if (!last || allocate.isPending) return;
    save(last.bar, last.to, last.from, () => {
      setLast(null);
      showToast({ tone: 'success', title: `Undone: ${last.summary}` });
    });
  };

  return {
    move,
    undo,
    last,
    busy: allocate.isPending,
    refused,
    cancelRefusal: () => setRefused(null),
    vehicleName,
    driverName,
  };
}
