import { Button, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { usePortal } from '../portal-context';
import { isDashboardPath, pageMetaFor } from './page-meta';

/**
 * Title and description of the current page, with the 'Dashboard' back button on every page but the
 * dashboard: to /dashboard in the driver portal, to / in the manager portal (spec 1 §2).
 */
export function PageHeader() {
  const { pathname } = useLocation();
  const { portal } = usePortal();
  const meta = pageMetaFor(pathname, portal);
  const showBack = !isDashboardPath(pathname);
  if (!meta && !showBack) return null;
  return (
    <Stack gap="xs" mb="lg" data-testid="page-header">
      {showBack ? (
        <Button
          component={Link}
          to={portal === 'driver' ? '/dashboard' : '/'}
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
          style={{ alignSelf: 'flex-start' }}
          ml={-8}
          data-testid="back-to-dashboard"
        >
          Dashboard
        </Button>
      ) : null}
      {meta ? (
        <Stack gap={2}>
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }} data-testid="page-title">
            {meta.title}
          </Title>
          <Text c="dimmed" size="sm" data-testid="page-description">
            {meta.description}
          </Text>
        </Stack>
      ) : null}
    </Stack>
  );
}
