import type { ComplianceDuePage, ComplianceKind, ComplianceScans, DriverCompliance } from '@dms/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeyToPath } from '../../lib/api-client';

// The Compliance page (issue 26): records due soon or overdue, vehicles and drivers.

export const DUE_PATH = '/api/compliance/due';
export const DUE_PAGE_SIZE = 50;

export interface DueFilters {
  days: number;
  subject?: 'vehicle' | 'driver';
  kind?: ComplianceKind;
}

export function useComplianceDue(filters: DueFilters, page: number) {
  return useQuery<ComplianceDuePage>({
    queryKey: [DUE_PATH, { ...filters, limit: DUE_PAGE_SIZE, offset: (page - 1) * DUE_PAGE_SIZE }],
    placeholderData: keepPreviousData,
    // Dates move on: a visit to the page shows today's list.
    refetchOnMount: 'always',
  });
}

/** The CSV of every filtered row: the browser downloads it. */
export function dueExportUrl(filters: DueFilters): string {
  return queryKeyToPath([`${DUE_PATH}/export`, { ...filters }]);
}

/** The signed-in driver's own records (My Documents, driver portal). */
export const MY_DOCUMENTS_PATH = '/api/compliance/mine';

export function useMyDocuments() {
  return useQuery<DriverCompliance>({
    queryKey: [MY_DOCUMENTS_PATH],
    // The office may have entered a renewal since the last visit.
    refetchOnMount: 'always',
  });
}

/** The scans of the driver's own records (My Documents' View scan links). */
export function useMyScans() {
  return useQuery<ComplianceScans>({ queryKey: ['/api/compliance/mine/scans'], refetchOnMount: 'always' });
}
