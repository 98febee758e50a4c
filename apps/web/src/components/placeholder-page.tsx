import { Paper, Stack, Text, Title } from '@mantine/core';

export interface PlaceholderPageProps {
  title: string;
  description: string;
}

/** Stand-in for a screen that a later release builds: its title and purpose only. */
export function PlaceholderPage({ title, description }: PlaceholderPageProps) {
  return (
    <Stack gap="md" data-testid="placeholder-page">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Text c="dimmed">{description}</Text>
      </Stack>
      <Paper withBorder radius="md" p="xl">
        <Text c="dimmed" ta="center">
          This screen is not available yet.
        </Text>
      </Paper>
    </Stack>
  );
}
