import { countText, pageCount } from '@dms/domain';
import { Group, Pagination, Text } from '@mantine/core';

/**
 * A list's count and pages under its table. A long list counts only up to a bound past the page
 * (ADR 42): it says "1,000+ in all", and its pager offers one page past those counted, whose answer
 * counts further.
 */
export function ListPager({
  total,
  isLowerBound = false,
  pageSize,
  page,
  onChange,
}: {
  total: number;
  isLowerBound?: boolean;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
}) {
  const pages = pageCount(total, pageSize, isLowerBound);
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {countText(total, isLowerBound)} in all
      </Text>
      {pages > 1 && <Pagination total={pages} value={page} onChange={onChange} size="sm" />}
    </Group>
  );
}
