import { Badge } from '@mantine/core';

/** Marks a row or card that was deactivated (or archived) rather than deleted. */
export function InactiveBadge({ label = 'Inactive' }: { label?: string }) {
  return (
    <Badge
      color="gray"
      variant="outline"
      size="sm"
      radius="sm"
      style={{ textTransform: 'none', minWidth: 'max-content' }}
    >
      {label}
    </Badge>
  );
}
