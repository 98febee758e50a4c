import { Button, Stack, Text, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The 404 page for signed-in users (anonymous users are sent to /login instead). */
export function NotFoundPage() {
  return (
    <Stack align="center" gap="md" py={64} ta="center" data-testid="not-found-page">
      <Text fz={56} fw={800} c="dimmed" lh={1} aria-hidden="true">
        404
      </Text>
      <Title order={1} fz="h2">
        Page not found
      </Title>
      <Text c="dimmed" maw={420}>
        The page you are looking for does not exist or has moved. Check the address, or go back to your
        dashboard.
      </Text>
      <Button component={Link} to="/" leftSection={<IconHome size={18} aria-hidden="true" />}>
        Back to Dashboard
      </Button>
    </Stack>
  );
}
