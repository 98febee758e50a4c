import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A card of a settings form: its title, a line of explanation, then the fields. */
export function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card padding="lg">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={3} size="h5">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}
