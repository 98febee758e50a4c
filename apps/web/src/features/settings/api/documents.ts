import type {
  DeleteOrDeactivateResult,
  DocumentSettings,
  DocumentSettingsInput,
  QuoteLinkSettings,
  TermsTemplate,
  TermsTemplateInput,
  UpdateTermsTemplateInput,
} from '@dms/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { deleteLogo } from './logos';

// Quote template settings and terms templates (spec 2 §2.7 Documents, §7.3, §7.5).

export const documentSettingsQueryKey = ['/api/document-settings'] as const;
export const termsTemplatesQueryKey = ['/api/terms-templates'] as const;

/** GET /api/document-settings: the stored values with the defaults of spec 2 §9, and the version. */
export function useDocumentSettings() {
  // Always fetched again when a screen opens: the form starts from the stored record.
  return useQuery<DocumentSettings>({ queryKey: documentSettingsQueryKey, refetchOnMount: 'always' });
}

/** PUT /api/document-settings; the cache takes the saved answer. */
export function useUpdateDocumentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DocumentSettingsInput) =>
      apiJson<DocumentSettings>('PUT', documentSettingsQueryKey[0], input),
    onSuccess: (saved) => queryClient.setQueryData(documentSettingsQueryKey, saved),
  });
}

/** DELETE /api/logos/delete {target:'document'}. */
export function useDeleteDocumentLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteLogo('document'),
    onSuccess: (result) => {
      const current = queryClient.getQueryData<DocumentSettings>(documentSettingsQueryKey);
      if (current) {
        queryClient.setQueryData<DocumentSettings>(documentSettingsQueryKey, {
          ...current,
          logoUrl: null,
          version: result.version,
        });
      } else {
        void queryClient.invalidateQueries({ queryKey: documentSettingsQueryKey });
      }
    },
  });
}

/** GET /api/terms-templates: the active templates, the default first. */
export function useTermsTemplates() {
  return useQuery<TermsTemplate[]>({ queryKey: termsTemplatesQueryKey });
}

function useInvalidateTerms() {
  const queryClient = useQueryClient();
  // The list and GET /api/terms-templates/default (the job form's starting text) share the prefix.
  return () => queryClient.invalidateQueries({ queryKey: termsTemplatesQueryKey });
}

/** POST /api/terms-templates (content is HTML; the server sanitises it). */
export function useCreateTermsTemplate() {
  const invalidate = useInvalidateTerms();
  return useMutation({
    mutationFn: (input: TermsTemplateInput) =>
      apiJson<TermsTemplate>('POST', termsTemplatesQueryKey[0], input),
    onSuccess: invalidate,
  });
}

/** PATCH /api/terms-templates/:id with only the fields that changed. */
export function useUpdateTermsTemplate() {
  const invalidate = useInvalidateTerms();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateTermsTemplateInput }) =>
      apiJson<TermsTemplate>('PATCH', `${termsTemplatesQueryKey[0]}/${encodeURIComponent(id)}`, changes),
    onSuccess: invalidate,
  });
}

/** DELETE /api/terms-templates/:id (deactivated instead when jobs were written with it). */
export function useDeleteTermsTemplate() {
  const invalidate = useInvalidateTerms();
  return useMutation({
    mutationFn: (id: string) =>
      apiJson<DeleteOrDeactivateResult>('DELETE', `${termsTemplatesQueryKey[0]}/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}

// How long a quote link mailed to a customer works (issue 24).
export const quoteLinkSettingsQueryKey = ['/api/quote-link-settings'] as const;

export function useQuoteLinkSettings() {
  return useQuery<QuoteLinkSettings>({ queryKey: quoteLinkSettingsQueryKey, refetchOnMount: 'always' });
}

export function useUpdateQuoteLinkSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: QuoteLinkSettings) =>
      apiJson<QuoteLinkSettings>('PUT', quoteLinkSettingsQueryKey[0], input),
    onSuccess: (saved) => queryClient.setQueryData(quoteLinkSettingsQueryKey, saved),
  });
}
