import type {
  CreateInspectionQuestionInput,
  DeleteOrDeactivateResult,
  EmergencyType,
  EmergencyTypeInput,
  InspectionQuestion,
  InspectionType,
  UpdateEmergencyTypeInput,
  UpdateInspectionQuestionInput,
} from '@dms/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

// Inspection questions and emergency types as managers configure them (spec 2 §2.7 Ops forms, §7.4).

const QUESTIONS = '/api/inspection-questions';
const EMERGENCY_TYPES = '/api/emergency-types';

/** The editor's list: one type, inactive questions included, by sort order. */
export const inspectionQuestionsQueryKey = (type: InspectionType) =>
  [QUESTIONS, { type, includeInactive: 1 }] as const;
export const emergencyTypesQueryKey = [EMERGENCY_TYPES, { includeInactive: 1 }] as const;

const itemPath = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

export function useInspectionQuestions(type: InspectionType) {
  return useQuery<InspectionQuestion[]>({ queryKey: inspectionQuestionsQueryKey(type) });
}

function useInvalidate(prefix: string) {
  const queryClient = useQueryClient();
  // Every list under the path: the editor's and the terminal's (active questions only).
  return () => queryClient.invalidateQueries({ queryKey: [prefix] });
}

export function useCreateInspectionQuestion() {
  const invalidate = useInvalidate(QUESTIONS);
  return useMutation({
    mutationFn: (input: CreateInspectionQuestionInput) =>
      apiJson<InspectionQuestion>('POST', QUESTIONS, input),
    onSuccess: invalidate,
  });
}

export function useUpdateInspectionQuestion() {
  const invalidate = useInvalidate(QUESTIONS);
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateInspectionQuestionInput }) =>
      apiJson<InspectionQuestion>('PUT', itemPath(QUESTIONS, id), changes),
    onSuccess: invalidate,
  });
}

export function useDeleteInspectionQuestion() {
  const invalidate = useInvalidate(QUESTIONS);
  return useMutation({
    mutationFn: (id: string) => apiJson<DeleteOrDeactivateResult>('DELETE', itemPath(QUESTIONS, id)),
    onSuccess: invalidate,
  });
}

export function useEmergencyTypes() {
  return useQuery<EmergencyType[]>({ queryKey: emergencyTypesQueryKey });
}

export function useCreateEmergencyType() {
  const invalidate = useInvalidate(EMERGENCY_TYPES);
  return useMutation({
    mutationFn: (input: EmergencyTypeInput) => apiJson<EmergencyType>('POST', EMERGENCY_TYPES, input),
    onSuccess: invalidate,
  });
}

export function useUpdateEmergencyType() {
  const invalidate = useInvalidate(EMERGENCY_TYPES);
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateEmergencyTypeInput }) =>
      apiJson<EmergencyType>('PUT', itemPath(EMERGENCY_TYPES, id), changes),
    onSuccess: invalidate,
  });
}

export function useDeleteEmergencyType() {
  const invalidate = useInvalidate(EMERGENCY_TYPES);
  return useMutation({
    mutationFn: (id: string) => apiJson<DeleteOrDeactivateResult>('DELETE', itemPath(EMERGENCY_TYPES, id)),
    onSuccess: invalidate,
  });
}
