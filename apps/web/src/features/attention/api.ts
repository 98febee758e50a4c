import type { AttentionItem, AttentionList } from '@dms/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/api-client';

// The managers' attention list (ADR 28). The key starts with the API path: the 'attention.changed'
// live event refreshes it on every manager's screen.

export const ATTENTION_PATH = '/api/attention';

export function useAttention(enabled = true) {
  return useQuery<AttentionList>({ queryKey: [ATTENTION_PATH], enabled });
}

export function useAcknowledgeAttention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<AttentionItem>('POST', `${ATTENTION_PATH}/${id}/acknowledge`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ATTENTION_PATH] }),
  });
}
