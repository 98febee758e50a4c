import { Stack, Text, Title } from '@mantine/core';

/** Title and purpose of an auth screen that a later release builds, inside the branded card. */
export function AuthCardPlaceholder({ title, description }: { title: string; description: string }) {
  return (
    <Stack gap={4} ta="center" data-testid="placeholder-page">
      <Title order={2} fz="h3">
        {title}
      </Title>
      <Text c="dimmed" size="sm">
        {description}
      </Text>
    </Stack>
  );
}
