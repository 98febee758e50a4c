import { dateInZone, dueState } from '@dms/domain';
import { Badge } from '@mantine/core';
import { useAppSettings } from '../lib/app-settings';
import { useFormatters } from '../lib/use-formatters';

const COLORS = { ok: 'green', due_soon: 'yellow', overdue: 'red' } as const;
const WORDS = { ok: 'until', due_soon: 'due', overdue: 'expired' } as const;

// Shared by the Compliance tabs (Settings) and the driver's My Documents page.

/** 'Registration until 12 Dec 2026' (green), due within 30 days (yellow), expired (red), or not recorded. */
export function DueBadge({ label, date }: { label: string; date: string | null }) {
  const f = useFormatters();
  const { timeZone } = useAppSettings().settings;
  if (!date) {
    return (
      <Badge color="gray" variant="light">
        {label}: not recorded
      </Badge>
    );
  }
  const state = dueState(date, dateInZone(new Date(), timeZone), 30);
  return (
    <Badge color={COLORS[state]} variant="light">
      {label} {WORDS[state]} {f.serviceDate(date)}
    </Badge>
  );
}
