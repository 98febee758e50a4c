import { Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The heading of a card: icon, title and an optional line of explanation. `order` 2 for the cards of
 * a page (account), 3 for the sections under a panel heading (settings).
 */
export function SectionHeader({
  icon,
  title,
  description,
  order = 2,
}: {
  icon: ReactNode;
  title: string;
  description?: string;
  order?: 2 | 3;
}) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" size="lg" radius="md" style={{ flexShrink: 0 }} aria-hidden="true">
        {icon}
      </ThemeIcon>
      <Stack gap={order === 2 ? 0 : 2} miw={0}>
        {order === 2 ? (
          <Title order={2} fz="h4" lh={description ? 1.3 : '34px'}>
            {title}
          </Title>
        ) : (
          <Title order={3} size="h5">
            {title}
          </Title>
        )}
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}
