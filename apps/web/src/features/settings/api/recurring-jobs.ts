import type { SchoolTerm, SchoolTermInput, SeriesSettings } from '@dms/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

// Settings → Recurring Jobs (issue 27, ADR 36): the horizon, the default holiday region, school terms.

export const seriesSettingsQueryKey = ['/api/settings/recurring-jobs'] as const;
export const schoolTermsQueryKey = ['/api/settings/school-terms'] as const;

export function useSeriesSettings(enabled = true) {
  return useQuery<SeriesSettings>({ queryKey: seriesSettingsQueryKey, enabled, refetchOnMount: 'always' });
}

export function useUpdateSeriesSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SeriesSettings) =>
      apiJson<SeriesSettings>('PUT', '/api/settings/recurring-jobs', input),
    onSuccess: (saved) => queryClient.setQueryData(seriesSettingsQueryKey, saved),
  });
}

export function useSchoolTerms(enabled = true) {
  return useQuery<SchoolTerm[]>({ queryKey: schoolTermsQueryKey, enabled, refetchOnMount: 'always' });
}

export function useSaveSchoolTerm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: SchoolTermInput }) =>
      id
        ? apiJson<SchoolTerm>('PUT', `/api/settings/school-terms/${id}`, input)
        : apiJson<SchoolTerm>('POST', '/api/settings/school-terms', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: schoolTermsQueryKey }),
  });
}

export function useDeleteSchoolTerm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<{ message: string }>('DELETE', `/api/settings/school-terms/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: schoolTermsQueryKey }),
  });
}
