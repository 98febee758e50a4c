import { Badge } from '@mantine/core';

/** Marks a row or card that was deactivated (or archived) rather than deleted. */
export function InactiveBadge({
  label = 'Inactive',
  'data-testid': testId,
}: {
  label?: string;
  'data-testid'?: string;
}) {
  return (
    <Badge
      color="gray"
      variant="outline"
      size="sm"
      radius="sm"
      style={{ textTransform: 'none', minWidth: 'max-content' }}
      data-testid={testId}
    >
      {label}
    </Badge>
  );
}
