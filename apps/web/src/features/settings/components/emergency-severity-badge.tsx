import { isDestructiveSeverity } from '@dms/domain';
import { Badge } from '@mantine/core';
import { IconAlertOctagon } from '@tabler/icons-react';

const LABELS: Record<string, string> = { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' };

/** DESIGN.md: severities low gray, medium yellow, high and critical red (destructive, spec 2 §9). */
export function severityColor(severity: string): string {
  if (isDestructiveSeverity(severity)) return 'red';
  return severity === 'medium' ? 'yellow' : 'gray';
}

export function EmergencySeverityBadge({ severity }: { severity: string }) {
  const destructive = isDestructiveSeverity(severity);
  const color = severityColor(severity);
  return (
    <Badge
      color={color}
      variant={destructive ? 'filled' : 'light'}
      leftSection={destructive ? <IconAlertOctagon size={12} aria-hidden="true" /> : null}
      data-testid="severity-badge"
      data-severity={severity}
      data-color={color}
    >
      {LABELS[severity] ?? severity}
    </Badge>
  );
}
