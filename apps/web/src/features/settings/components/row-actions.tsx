import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconRestore, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Edit and Delete icon buttons of a row or card; `name` makes their accessible names unique. */
export function RowActions({
  name,
  onEdit,
  onDelete,
  deleteLabel = 'Delete',
  deleteIcon,
  children,
}: {
  name: string;
  onEdit?: () => void;
  onDelete?: () => void;
  deleteLabel?: string;
  /** Replaces the bin, e.g. an archive box. */
  deleteIcon?: ReactNode;
  /** Further actions, shown after Edit (e.g. Reactivate in place of Delete). */
  children?: ReactNode;
}) {
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      {onEdit && (
        <Tooltip label="Edit">
          <ActionIcon aria-label={`Edit ${name}`} onClick={onEdit} size="lg" variant="subtle" color="gray">
            <IconPencil size={18} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      )}
      {children}
      {onDelete && (
        <Tooltip label={deleteLabel}>
          <ActionIcon
            aria-label={`${deleteLabel} ${name}`}
            onClick={onDelete}
            size="lg"
            variant="subtle"
            color="red"
          >
            {deleteIcon ?? <IconTrash size={18} aria-hidden="true" />}
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/** The green Reactivate (or Restore) icon button shown in place of Delete on an inactive row or card. */
export function ReactivateAction({
  name,
  onClick,
  label = 'Reactivate',
}: {
  name: string;
  onClick: () => void;
  label?: string;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon aria-label={`${label} ${name}`} onClick={onClick} size="lg" variant="subtle" color="green">
        <IconRestore size={18} aria-hidden="true" />
      </ActionIcon>
    </Tooltip>
  );
}
