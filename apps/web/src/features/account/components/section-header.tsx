import { Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The heading of an account settings card: icon, title and an optional line of explanation. */
export function SectionHeader({
  icon,
  title,
  description,
}: {
  icon: ReactNode;
  title: string;
  description?: string;
}) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" size="lg" radius="md" style={{ flexShrink: 0 }} aria-hidden="true">
        {icon}
      </ThemeIcon>
      <Stack gap={0} miw={0}>
        <Title order={2} fz="h4" lh={description ? 1.3 : '34px'}>
          {title}
        </Title>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}
