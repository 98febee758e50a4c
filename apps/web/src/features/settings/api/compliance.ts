import type {
  ComplianceVersion,
  DeleteResult,
  DocumentType,
  DocumentTypeInput,
  DriverCompliance,
  DriverComplianceInput,
  RecordServiceInput,
  VehicleCompliance,
  VehicleComplianceInput,
} from '@dms/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { invalidatePaths, type Page } from './list-page';

// Compliance records of a vehicle and a driver (issue 26), as the Compliance tabs show them.

export const DOCUMENT_TYPES_PATH = '/api/compliance/document-types';
const DUE_PATH = '/api/compliance/due';
const vehiclePath = (id: string) => `/api/vehicles/${id}/compliance`;
const driverPath = (id: string) => `/api/drivers/${id}/compliance`;

export function useVehicleCompliance(vehicleId: string) {
  return useQuery<VehicleCompliance>({ queryKey: [vehiclePath(vehicleId)] });
}

export function useSaveVehicleCompliance(vehicleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VehicleComplianceInput) =>
      apiJson<VehicleCompliance>('PUT', vehiclePath(vehicleId), input),
    onSuccess: (saved) => {
      queryClient.setQueryData([vehiclePath(vehicleId)], saved);
      void invalidatePaths(queryClient, [DUE_PATH]);
    },
  });
}

export function useRecordService(vehicleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RecordServiceInput) =>
      apiJson<VehicleCompliance>('POST', `/api/vehicles/${vehicleId}/services`, input),
    onSuccess: (saved) => {
      queryClient.setQueryData([vehiclePath(vehicleId)], saved);
      void invalidatePaths(queryClient, [DUE_PATH]);
    },
  });
}

export function useDriverCompliance(driverId: string) {
  return useQuery<DriverCompliance>({ queryKey: [driverPath(driverId)] });
}

export function useSaveDriverCompliance(driverId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DriverComplianceInput) =>
      apiJson<DriverCompliance>('PUT', driverPath(driverId), input),
    onSuccess: (saved) => {
      queryClient.setQueryData([driverPath(driverId)], saved);
      void invalidatePaths(queryClient, [DUE_PATH]);
    },
  });
}

export function useDocumentTypes() {
  return useQuery<DocumentType[]>({ queryKey: [DOCUMENT_TYPES_PATH] });
}

export function useSaveDocumentType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: DocumentTypeInput }) =>
      id
        ? apiJson<DocumentType>('PUT', `${DOCUMENT_TYPES_PATH}/${id}`, input)
        : apiJson<DocumentType>('POST', DOCUMENT_TYPES_PATH, input),
    // Drivers' records list every active type.
    onSuccess: () => invalidatePaths(queryClient, [DOCUMENT_TYPES_PATH, '/api/drivers']),
  });
}

/** Every saved version of a record, newest first (the History view: 200 saves is years of changes). */
export function useComplianceHistory(subject: 'vehicle' | 'driver', id: string, enabled: boolean) {
  const path = subject === 'vehicle' ? vehiclePath(id) : driverPath(id);
  return useQuery<Page<ComplianceVersion>>({
    queryKey: [`${path}/history`, { limit: 200 }],
    enabled,
    refetchOnMount: 'always',
  });
}

/** Deletes a type no driver recorded; the server retires one in use instead (and says so). */
export function useDeleteDocumentType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<DeleteResult>('DELETE', `${DOCUMENT_TYPES_PATH}/${id}`),
    onSuccess: () => invalidatePaths(queryClient, [DOCUMENT_TYPES_PATH, '/api/drivers']),
  });
}
