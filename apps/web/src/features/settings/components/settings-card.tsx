import { Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { OptionalText } from './optional-text';

/** A card of a settings grid (customers, subcontractors): an article named after what it shows. */
export function SettingsCard({
  name,
  children,
  ...data
}: { name: string; children: ReactNode } & Record<`data-${string}`, string | boolean | undefined>) {
  return (
    <Card padding="md" component="article" aria-label={name} {...data}>
      <Stack gap="sm" h="100%">
        {children}
      </Stack>
    </Card>
  );
}

/** The name of the card (dimmed when inactive) with its badges on the right. */
export function CardHeader({
  name,
  inactive,
  badges,
}: {
  name: string;
  inactive: boolean;
  badges: ReactNode;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
      <Text fw={650} style={{ minWidth: 0, overflowWrap: 'anywhere' }} c={inactive ? 'dimmed' : undefined}>
        {name}
      </Text>
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
        {badges}
      </Group>
    </Group>
  );
}

/** One detail with its icon; a missing value shows `missing`, dimmed. */
export function DetailLine({
  icon,
  value,
  missing,
}: {
  icon: ReactNode;
  value: string | null;
  missing: string;
}) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text c="dimmed" lh={0} mt={3} aria-hidden="true">
        {icon}
      </Text>
      <OptionalText
        value={value}
        missing={missing}
        style={{ minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
      />
    </Group>
  );
}

/** The foot of the card: its main button on the left, the row actions on the right. */
export function CardFooter({ children }: { children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" mt="auto" gap="xs">
      {children}
    </Group>
  );
}
