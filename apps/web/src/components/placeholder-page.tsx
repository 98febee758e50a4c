import { Paper, Stack, Text, Title } from '@mantine/core';

export interface PlaceholderPageProps {
  title: string;
  description: string;
  /**
   * Show the title and description. Pages inside the signed-in shell pass false: the shell's page
   * header already shows them.
   */
  heading?: boolean;
}

/** Stand-in for a screen that a later release builds: its title and purpose only. */
export function PlaceholderPage({ title, description, heading = true }: PlaceholderPageProps) {
  return (
    <Stack gap="md" data-testid="placeholder-page" data-title={title}>
      {heading ? (
        <Stack gap={4}>
          <Title order={1} fz="h2">
            {title}
          </Title>
          <Text c="dimmed">{description}</Text>
        </Stack>
      ) : null}
      <Paper withBorder radius="md" p="xl">
        <Text c="dimmed" ta="center">
          This screen is not available yet.
        </Text>
      </Paper>
    </Stack>
  );
}
