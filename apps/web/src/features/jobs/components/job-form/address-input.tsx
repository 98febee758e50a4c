import { ADDRESS_SOURCE_LABELS, ADDRESS_SOURCES, type AddressSuggestion } from '@dms/domain';
import { Autocomplete, Group, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useAddressSuggestions } from '../../api';

interface AddressInputProps {
  label: string;
  value: string;
  onChange: (address: string) => void;
  /** The job's customer: its address and earlier jobs come first. */
  customerId: string | null;
  /** An address the form knows before the server does (a new customer's, as typed). */
  localAddress?: string;
}

/**
 * A leg's address: typed freely, with suggestions from the server (ADR 29) grouped by where they come
 * from. The list is asked for only while it is open, a quarter second after the typing stops.
 */
export function AddressInput({ label, value, onChange, customerId, localAddress }: AddressInputProps) {
  const [open, setOpen] = useState(false);
  const [search] = useDebouncedValue(value.trim(), 250);
  const suggestions = useAddressSuggestions(search, customerId, open);

  const { data, byAddress } = useMemo(() => {
    const items: AddressSuggestion[] = [...(suggestions.data?.items ?? [])];
    const local = localAddress?.trim();
    const known = new Set(items.map((s) => s.address.toLowerCase()));
    if (local && !known.has(local.toLowerCase()) && local.toLowerCase().includes(search.toLowerCase())) {
      items.push({ address: local, source: 'customer', label: null, uses: 0 });
    }
    const groups = ADDRESS_SOURCES.map((source) => ({
      group: ADDRESS_SOURCE_LABELS[source],
      items: items.filter((s) => s.source === source).map((s) => s.address),
    })).filter((g) => g.items.length > 0);
    return { data: groups, byAddress: new Map(items.map((s) => [s.address, s])) };
  }, [suggestions.data, localAddress, search]);

  return (
    <Autocomplete
      label={label}
      value={value}
      onChange={onChange}
      data={data}
      // The server has searched already; the list shows what it answered, in its order.
      filter={({ options }) => options}
      onDropdownOpen={() => setOpen(true)}
      onDropdownClose={() => setOpen(false)}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={280}
      rightSection={
        open && suggestions.isFetching ? <Loader size="xs" aria-label="Finding addresses" /> : null
      }
      renderOption={({ option }) => {
        const s = byAddress.get(option.value);
        return (
          <Group gap={6} wrap="nowrap" justify="space-between" w="100%">
            <div style={{ minWidth: 0 }}>
              {s?.label && (
                <Text size="sm" fw={600} lh={1.3}>
                  {s.label}
                </Text>
              )}
              <Text size="sm" lh={1.3} c={s?.label ? 'dimmed' : undefined}>
                {option.value}
              </Text>
            </div>
            {s && s.uses > 1 && (
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {s.uses} uses
              </Text>
            )}
          </Group>
        );
      }}
    />
  );
}
