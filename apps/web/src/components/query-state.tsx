import { Alert, Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * The loading, error and empty states every list shares (settings lists, the driver's job cards,
 * the manager's job list, reports); renders `children` once there is something to show.
 */
export function QueryState({
  query,
  isEmpty,
  empty,
  skeletonRows = 5,
  skeletonHeight = 44,
  errorTitle = 'Could not load this list',
  errorMessage = 'Check your connection and try again.',
  children,
}: {
  query: QueryLike;
  isEmpty: boolean;
  /** What an empty list shows: a sentence and, usually, the add action. */
  empty: ReactNode;
  skeletonRows?: number;
  /** Table rows by default; taller for cards. */
  skeletonHeight?: number;
  errorTitle?: string;
  /** What the error says under its title; null for the Try again button alone. */
  errorMessage?: ReactNode | null;
  children: ReactNode;
}) {
  if (query.isPending) {
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading" data-testid="list-loading">
        {Array.from({ length: skeletonRows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} height={skeletonHeight} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    const retry = (
      <Button size="xs" variant="light" color="red" onClick={() => query.refetch()}>
        Try again
      </Button>
    );
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} aria-hidden="true" />}
        title={errorTitle}
        data-testid="list-error"
      >
        {errorMessage === null ? (
          retry
        ) : (
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{errorMessage}</Text>
            {retry}
          </Stack>
        )}
      </Alert>
    );
  }
  if (isEmpty) {
    return (
      <Paper withBorder p="xl" radius="md" data-testid="list-empty">
        <Stack align="center" gap="sm">
          {typeof empty === 'string' ? (
            <Text c="dimmed" ta="center">
              {empty}
            </Text>
          ) : (
            empty
          )}
        </Stack>
      </Paper>
    );
  }
  return <>{children}</>;
}
