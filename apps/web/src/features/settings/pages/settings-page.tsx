import { Alert, Box, Group, Loader, NavLink, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Suspense } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { findSettingsPanel, SETTINGS_SECTIONS } from '../settings-sections';

/** /settings/:sub/:page? — the settings navigation beside the panel on screen. */
export function SettingsPage() {
  const { sub = 'general', page } = useParams();
  const path = page ? `${sub}/${page}` : sub;
  const current = findSettingsPanel(path);
  const compact = useMediaQuery('(max-width: 62em)');
  const navigate = useNavigate();

  const nav = compact ? (
    <Select
      label="Settings section"
      value={current?.path ?? null}
      onChange={(value) => value && navigate(`/settings/${value}`)}
      data={SETTINGS_SECTIONS.map((section) => ({
        group: section.label,
        items: section.panels.map((p) => ({ value: p.path, label: p.label })),
      }))}
      allowDeselect={false}
      data-testid="settings-nav-select"
    />
  ) : (
    <Box component="nav" aria-label="Settings" w={230} style={{ flexShrink: 0 }} data-testid="settings-nav">
      <Stack gap="md">
        {SETTINGS_SECTIONS.map((section) => (
          <Stack key={section.label} gap={2}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm">
              {section.label}
            </Text>
            {section.panels.map((p) => (
              <NavLink
                key={p.path}
                component={Link}
                to={`/settings/${p.path}`}
                label={p.label}
                leftSection={<p.icon size={18} aria-hidden="true" />}
                active={current?.path === p.path}
                aria-current={current?.path === p.path ? 'page' : undefined}
                variant="light"
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              />
            ))}
          </Stack>
        ))}
      </Stack>
    </Box>
  );

  return (
    <Group align="flex-start" gap="xl" wrap={compact ? 'wrap' : 'nowrap'}>
      <Box w={compact ? '100%' : undefined}>{nav}</Box>
      <Box style={{ flex: 1, minWidth: 0 }} w={compact ? '100%' : undefined}>
        {current ? (
          <Suspense
            fallback={
              <Group justify="center" py="xl">
                <Loader role="status" aria-label="Loading settings panel" />
              </Group>
            }
          >
            <current.Component />
          </Suspense>
        ) : (
          <Alert color="yellow" title="Settings page not found" data-testid="settings-unknown">
            There is no settings page at this address. Choose a section from the list.
          </Alert>
        )}
      </Box>
    </Group>
  );
}
