import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

/** A search box that reports its text 300 ms after typing stops (the list is searched on the server). */
export function SearchInput({
  label,
  placeholder,
  onSearch,
}: {
  /** Accessible name, e.g. 'Search vehicles'. */
  label: string;
  placeholder?: string;
  onSearch: (text: string) => void;
}) {
  const [value, setValue] = useState('');
  const report = useDebouncedCallback((text: string) => onSearch(text.trim()), 300);
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder ?? label}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      value={value}
      onChange={(event) => {
        setValue(event.currentTarget.value);
        report(event.currentTarget.value);
      }}
      rightSection={
        value ? (
          <CloseButton
            aria-label="Clear search"
            onClick={() => {
              setValue('');
              onSearch('');
            }}
          />
        ) : null
      }
      maw={360}
      w="100%"
    />
  );
}
