import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';

interface BoundaryProps {
  children: ReactNode;
  /** The page's address: going to another page clears the error. */
  resetKey: string;
}

/** Catches what a page throws while rendering, and a page chunk that cannot be loaded. */
export class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; resetKey: string }> {
  override state = { error: undefined as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { error: undefined, resetKey: props.resetKey };
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteErrorPage error={this.state.error} />;
  }
}

/** Shown when a route fails to render or its code cannot be loaded (for example after a deploy). */
export function RouteErrorPage({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : undefined;
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
