import type {
  DriverJob,
  EmergencyType,
  EndShiftInput,
  InspectionKind,
  InspectionQuestion,
  LapsedVehiclesResult,
  Shift,
  StartShiftInput,
  TerminalDriver,
  Vehicle,
} from '@dms/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiRequest, readJson } from '../../lib/api-client';

// The depot terminal's calls (spec 1 §7; ADR 15).

const DEVICE_PATH = '/api/terminal/device';

/** Whether this browser is an enrolled terminal (the keypad), or needs a manager's code first. */
export function useTerminalDevice() {
  return useQuery<{ enrolled: boolean; name: string | null }>({ queryKey: [DEVICE_PATH] });
}

export function useEnrolDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiJson<{ enrolled: boolean; name: string | null }>('POST', '/api/terminal/enrol', { code }),
    onSuccess: (device) => queryClient.setQueryData([DEVICE_PATH], device),
  });
}

/** POST /api/terminal/login with the PIN as driverNumber (spec 1 §7). */
export function useTerminalLogin() {
  return useMutation({
    mutationFn: (driverNumber: string) =>
      apiJson<TerminalDriver>('POST', '/api/terminal/login', { driverNumber }),
    // A wrong PIN is the terminal's own message, not a signed-out portal session.
    meta: { handles401: true },
  });
}

export function useTerminalLogout() {
  return useMutation({ mutationFn: () => apiJson<{ message: string }>('POST', '/api/terminal/logout') });
}

// ---- shift, jobs and the data the forms need

export function useActiveShift() {
  return useQuery<Shift | null>({ queryKey: ['/api/shifts/active'] });
}

export function useTerminalJobs(tab: 'today' | 'upcoming') {
  return useQuery<{ items: DriverJob[]; total: number }>({
    queryKey: ['/api/jobs', { terminal: 1, period: tab, limit: 200 }],
  });
}

/** Company-owned, active vehicles only (spec 1 §2: the vehicle dialog). */
export function useClockInVehicles(enabled: boolean) {
  return useQuery<{ items: Vehicle[] }>({
    queryKey: ['/api/vehicles', { type: 'company_owned', limit: 200 }],
    enabled,
    // Fresh at every clock-in: a defect opened or cleared since must show.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** Vehicles whose registration or insurance has lapsed today: the picker refuses them (issue 26). */
export function useLapsedVehicles(enabled: boolean) {
  return useQuery<LapsedVehiclesResult>({
    queryKey: ['/api/shifts/lapsed-vehicles'],
    enabled,
    // Fresh at every clock-in: a registration renewed in the office since must show.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useInspectionQuestions(type: InspectionKind, enabled: boolean) {
  return useQuery<InspectionQuestion[]>({ queryKey: ['/api/inspection-questions', { type }], enabled });
}

export function useEmergencyTypes(enabled: boolean) {
  return useQuery<EmergencyType[]>({ queryKey: ['/api/emergency-types'], enabled });
}

/** A write with the device's key for it: a retry of the same attempt is answered, not repeated. */
async function keyedPost<T>(url: string, body: unknown, key: string): Promise<T> {
  return readJson<T>(await apiRequest('POST', url, body, { headers: { 'Idempotency-Key': key } }));
}

export function useStartShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: StartShiftInput; key: string }) =>
      keyedPost<{ shift: Shift }>('/api/shifts/start', body, key),
    onSuccess: (result) => {
      queryClient.setQueryData(['/api/shifts/active'], result.shift);
      // The stored shift also says whether it serves a school job (the clear-of-bus check).
      void queryClient.invalidateQueries({ queryKey: ['/api/shifts/active'] });
    },
  });
}

export function useEndShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shiftId, key, body }: { shiftId: string; key: string; body?: EndShiftInput }) =>
      keyedPost<Shift>(`/api/shifts/end/${shiftId}`, body ?? {}, key),
    onSuccess: () => queryClient.setQueryData(['/api/shifts/active'], null),
  });
}

export function useClearTerminalJobUpdates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) =>
      apiJson<{ message: string }>('POST', `/api/jobs/${jobId}/clear-updates?terminal=1`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['/api/jobs'] }),
  });
}
