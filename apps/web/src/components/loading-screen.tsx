import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** Centred spinner while the session, portal or a page chunk loads. */
export function LoadingScreen({ fullHeight = true }: { fullHeight?: boolean }) {
  return (
    <Center role="status" aria-live="polite" data-testid="loading-screen" mih={fullHeight ? '100dvh' : 240}>
      <Loader size="lg" />
      <VisuallyHidden>Loading…</VisuallyHidden>
    </Center>
  );
}
