import { Text, type TextProps } from '@mantine/core';

/** What a list shows for a value that was never filled in. */
export const DASH = '—';

/** A value, or `missing` (a dash unless told) in dimmed text when there is none. */
export function OptionalText({
  value,
  missing = DASH,
  ...props
}: { value: string | null | undefined; missing?: string } & TextProps) {
  return (
    <Text size="sm" {...props} c={value ? props.c : 'dimmed'}>
      {value || missing}
    </Text>
  );
}
