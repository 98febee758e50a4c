import { Alert, Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Loading (card skeletons), error (with Try again) and empty states of the driver's card lists. */
export function JobListState({
  query,
  isEmpty,
  empty,
  errorTitle,
  children,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  isEmpty: boolean;
  empty: string;
  errorTitle: string;
  children: ReactNode;
}) {
  if (query.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading" data-testid="list-loading">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={112} radius="md" />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} aria-hidden="true" />}
        title={errorTitle}
        data-testid="list-error"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">Check your connection and try again.</Text>
          <Button size="xs" variant="light" color="red" onClick={() => query.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (isEmpty) {
    return (
      <Paper withBorder p="xl" radius="md" data-testid="list-empty">
        <Text c="dimmed" ta="center">
          {empty}
        </Text>
      </Paper>
    );
  }
  return <>{children}</>;
}
