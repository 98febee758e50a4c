import { Badge, Tooltip, VisuallyHidden } from '@mantine/core';

/** A vehicle's open defect: a red badge, the summary in a tooltip (and for screen readers). */
export function DefectBadge({ summary }: { summary: string }) {
  return (
    <Tooltip label={summary} multiline maw={280}>
      <Badge
        color="red.9"
        variant="filled"
        size="xs"
        radius="sm"
        tabIndex={0}
        style={{ flex: 'none', cursor: 'help' }}
        data-testid="defect-badge"
      >
        Defect<VisuallyHidden>: {summary}</VisuallyHidden>
      </Badge>
    </Tooltip>
  );
}
