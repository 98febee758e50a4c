import type { AppSettings, Terminal, TerminalEnrolment } from '@dms/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { appSettingsQueryKey } from '../../../lib/app-settings';

// Terminals in settings (ADR 15): the depot devices allowed to take driver PINs.

const TERMINALS_PATH = '/api/terminals';

export function useTerminals() {
  return useQuery<Terminal[]>({ queryKey: [TERMINALS_PATH] });
}

function useTerminalMutation<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [TERMINALS_PATH] }),
  });
}

/** Answers the new terminal with its one-time enrolment code. */
export function useCreateTerminal() {
  return useTerminalMutation((name: string) => apiJson<TerminalEnrolment>('POST', TERMINALS_PATH, { name }));
}

export function useNewEnrolmentCode() {
  return useTerminalMutation((id: string) =>
    apiJson<TerminalEnrolment>('POST', `${TERMINALS_PATH}/${id}/enrolment-code`),
  );
}

export function useRevokeTerminal() {
  return useTerminalMutation((id: string) =>
    apiJson<{ message: string }>('DELETE', `${TERMINALS_PATH}/${id}`),
  );
}

/** Clears a terminal's wrong PINs: it takes PINs again at once. */
export function useResetTerminalPins() {
  return useTerminalMutation((id: string) =>
    apiJson<{ message: string }>('POST', `${TERMINALS_PATH}/${id}/reset-pins`),
  );
}

/** PUT /api/settings/terminals: minutes without a touch before a driver is signed out. */
export function useSaveTerminalSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (terminalIdleMinutes: number) =>
      apiJson<AppSettings>('PUT', '/api/settings/terminals', { terminalIdleMinutes }),
    onSuccess: (settings) => queryClient.setQueryData(appSettingsQueryKey, settings),
  });
}
