import { Button } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { RowActions } from './row-actions';

export interface ReactivatableRowHandlers<T> {
  onEdit: (item: T) => void;
  onDelete: (item: T) => void;
  onReactivate: (item: T) => void;
  /** The item whose reactivation is on its way. */
  reactivatingId: string | null;
}

/** Edit, and Delete while active or a 'Reactivate' button once deactivated (ops forms lists). */
export function ReactivatableRowActions<T extends { id: string; isActive: number }>({
  item,
  name,
  onEdit,
  onDelete,
  onReactivate,
  reactivatingId,
}: ReactivatableRowHandlers<T> & { item: T; name: string }) {
  const active = item.isActive === 1;
  return (
    <RowActions name={name} onEdit={() => onEdit(item)} onDelete={active ? () => onDelete(item) : undefined}>
      {active ? null : (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRestore size={14} aria-hidden="true" />}
          onClick={() => onReactivate(item)}
          loading={reactivatingId === item.id}
          aria-label={`Reactivate ${name}`}
        >
          Reactivate
        </Button>
      )}
    </RowActions>
  );
}
