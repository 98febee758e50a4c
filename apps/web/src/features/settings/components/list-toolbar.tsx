import { Group, Switch } from '@mantine/core';
import type { ReactNode } from 'react';
import { SearchInput } from './search-input';

/** Search, extra filters and the 'Show inactive' toggle above a settings list. */
export function ListToolbar({
  searchLabel,
  searchPlaceholder,
  onSearch,
  filters,
  showInactive,
  onShowInactiveChange,
  inactiveLabel = 'Show inactive',
}: {
  searchLabel: string;
  searchPlaceholder?: string;
  onSearch: (text: string) => void;
  filters?: ReactNode;
  showInactive?: boolean;
  onShowInactiveChange?: (value: boolean) => void;
  inactiveLabel?: string;
}) {
  return (
    <Group justify="space-between" align="center" wrap="wrap" gap="sm" mb="md">
      <Group gap="sm" wrap="wrap" style={{ flex: '1 1 280px', minWidth: 0 }}>
        <SearchInput label={searchLabel} placeholder={searchPlaceholder} onSearch={onSearch} />
        {filters}
      </Group>
      {onShowInactiveChange && (
        <Switch
          label={inactiveLabel}
          checked={showInactive ?? false}
          onChange={(event) => onShowInactiveChange(event.currentTarget.checked)}
        />
      )}
    </Group>
  );
}
