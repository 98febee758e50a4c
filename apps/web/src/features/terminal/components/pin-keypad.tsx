import { Box, Button, Group, SimpleGrid, Text, VisuallyHidden } from '@mantine/core';
import { useEffect } from 'react';

const PIN_LENGTH = 4;

/**
 * The terminal's 4-digit keypad (spec 1 §2): digits, Clear and Enter, large enough for a gloved
 * finger (64 px keys), and the same from a keyboard (digits, Backspace, Enter, Escape). Each key is
 * a button a screen reader names; the entry is announced as a count, never as the digits.
 */
export function PinKeypad({
  value,
  onChange,
  onSubmit,
  disabled = false,
}: {
  value: string;
  onChange: (value: string) => void;
  onSubmit: (pin: string) => void;
  disabled?: boolean;
}) {
  const press = (digit: string) => {
    if (disabled || value.length >= PIN_LENGTH) return;
    const next = value + digit;
    onChange(next);
    // It submits by itself at the fourth digit.
    if (next.length === PIN_LENGTH) onSubmit(next);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
      // Enter or Space on a focused key presses that key (the browser clicks it), not Enter as well.
      if (event.target instanceof HTMLButtonElement && (event.key === 'Enter' || event.key === ' ')) return;
      if (/^\d$/.test(event.key)) press(event.key);
      else if (event.key === 'Backspace') onChange(value.slice(0, -1));
      else if (event.key === 'Escape') onChange('');
      else if (event.key === 'Enter' && value.length === PIN_LENGTH && !disabled) onSubmit(value);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const key = (label: string) => (
    <Button
      key={label}
      size="xl"
      h={72}
      fz={28}
      variant="default"
      disabled={disabled}
      onClick={() => press(label)}
      data-testid={`key-${label}`}
    >
      {label}
    </Button>
  );

  return (
    <Box maw={360} mx="auto" w="100%">
      <Group justify="center" gap="md" mb="lg" aria-hidden="true" data-testid="pin-dots">
        {Array.from({ length: PIN_LENGTH }, (_, i) => (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: the four positions of the PIN
            key={i}
            w={22}
            h={22}
            style={{
              borderRadius: '50%',
              border: '2px solid var(--mantine-color-brand-filled)',
              background: i < value.length ? 'var(--mantine-color-brand-filled)' : 'transparent',
            }}
          />
        ))}
      </Group>
      <VisuallyHidden aria-live="polite" data-testid="pin-status">
        {`${value.length} of ${PIN_LENGTH} digits entered`}
      </VisuallyHidden>
      <SimpleGrid cols={3} spacing="sm" role="group" aria-label="PIN keypad">
        {['1', '2', '3', '4', '5', '6', '7', '8', '9'].map(key)}
        <Button
          size="xl"
          h={72}
          variant="light"
          color="gray"
          fz={20}
          px="xs"
          disabled={disabled || value.length === 0}
          onClick={() => onChange('')}
        >
          Clear
        </Button>
        {key('0')}
        <Button
          size="xl"
          h={72}
          fz={20}
          px="xs"
          disabled={disabled || value.length !== PIN_LENGTH}
          onClick={() => onSubmit(value)}
        >
          Enter
        </Button>
      </SimpleGrid>
      <Text ta="center" size="sm" c="dimmed" mt="lg">
        You can also type your PIN on a keyboard.
      </Text>
    </Box>
  );
}
