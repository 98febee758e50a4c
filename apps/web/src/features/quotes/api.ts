import type { AcceptQuoteInput, DeclineQuoteInput, PublicQuote } from '@dms/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiJson } from '../../lib/api-client';

// The customer's quote page (issue 24): no session, the token in the address is the key.

const base = (token: string) => `/api/public/quotes/${encodeURIComponent(token)}`;
export const publicQuoteKey = (token: string) => ['public-quote', token] as const;
export const publicQuotePdfUrl = (token: string) => `${base(token)}/pdf`;

/** Whom to call, from the one answer every bad link gets (404). */
export interface InvalidLinkAnswer {
  message: string;
  operator: { name: string; phone: string | null; email: string | null };
}

export function invalidLinkOf(error: unknown): InvalidLinkAnswer | null {
  if (!(error instanceof ApiError) || error.status !== 404) return null;
  try {
    const body = JSON.parse(error.bodyText) as Partial<InvalidLinkAnswer>;
    return body.operator && typeof body.message === 'string' ? (body as InvalidLinkAnswer) : null;
  } catch {
    return null;
  }
}

export function usePublicQuote(token: string) {
  return useQuery({
    queryKey: publicQuoteKey(token),
    queryFn: () => apiJson<PublicQuote>('GET', base(token)),
  });
}

export function useAcceptQuote(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AcceptQuoteInput) => apiJson<PublicQuote>('POST', `${base(token)}/accept`, input),
    onSuccess: (quote) => client.setQueryData(publicQuoteKey(token), quote),
  });
}

export function useDeclineQuote(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DeclineQuoteInput) => apiJson<PublicQuote>('POST', `${base(token)}/decline`, input),
    onSuccess: (quote) => client.setQueryData(publicQuoteKey(token), quote),
  });
}

/** After a 409 the page shows the quote's state as it now is (answered, or updated). */
export function useRefreshQuote(token: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: publicQuoteKey(token) });
}
