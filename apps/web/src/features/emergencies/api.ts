import { useQuery } from '@tanstack/react-query';

export interface EmergencyAlertSummary {
  id: string;
  status: string;
  alertDate: string;
  location: string | null;
  description: string | null;
  typeName: string;
  severity: string;
  driverName: string;
  vehicle: string | null;
}

/** GET /api/emergency-alerts/{id}: what the managers' banner shows. */
export function useEmergencyAlert(id: string) {
  return useQuery<EmergencyAlertSummary>({ queryKey: ['/api/emergency-alerts', id] });
}
