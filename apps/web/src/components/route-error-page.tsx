import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown when a route fails to render or its code cannot be loaded (for example after a deploy). */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack align="center" gap="md" ta="center" maw={480}>
        <Title order={1} fz="h2">
          Something went wrong
        </Title>
        <Text c="dimmed">The page could not be shown. Reloading usually helps.</Text>
        {detail ? (
          <Text size="sm" c="dimmed" ff="monospace">
            {detail}
          </Text>
        ) : null}
        <Button onClick={() => window.location.reload()}>Reload page</Button>
      </Stack>
    </Center>
  );
}
