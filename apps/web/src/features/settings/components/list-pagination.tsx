import { Group, Pagination, Text } from '@mantine/core';

/** 'Showing 1–20 of 43 vehicles' and the page buttons (only when there is more than one page). */
export function ListPagination({
  total,
  page,
  pageSize,
  onChange,
  noun,
}: {
  total: number;
  page: number;
  pageSize: number;
  onChange: (page: number) => void;
  /** Plural, e.g. 'vehicles'. */
  noun: string;
}) {
  if (total === 0) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" align="center" wrap="wrap" gap="sm" mt="md">
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="list-summary">
        {pages > 1 ? `Showing ${first}–${last} of ${total} ${noun}` : `${total} ${noun}`}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={onChange}
          size="sm"
          getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
          getControlProps={(control) => ({
            'aria-label':
              control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : `${control} page`,
          })}
        />
      )}
    </Group>
  );
}
