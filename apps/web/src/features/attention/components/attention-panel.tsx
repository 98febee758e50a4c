import { ATTENTION_KIND_LABELS, type AttentionItem, type AttentionKind } from '@dms/domain';
import { Badge, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconClockExclamation,
  type IconProps,
  IconTool,
  IconUrgent,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { QueryState } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import { useAcknowledgeAttention, useAttention } from '../api';

const ICONS: Record<AttentionKind, ComponentType<IconProps>> = {
  emergency: IconUrgent,
  incident: IconAlertTriangle,
  defect: IconTool,
  late_clock_in: IconClockExclamation,
};

function AttentionRow({ item }: { item: AttentionItem }) {
  const format = useFormatters();
  const acknowledge = useAcknowledgeAttention();
  const Icon = ICONS[item.kind];
  const color = item.serious ? 'red' : 'yellow';
  return (
    <Group
      justify="space-between"
      align="flex-start"
      wrap="wrap"
      gap="sm"
      py="xs"
      data-testid="attention-item"
      data-kind={item.kind}
    >
      {/* Beside its button on a laptop; above it on a phone, where the text needs the width. */}
      <Group align="flex-start" wrap="nowrap" gap="sm" style={{ minWidth: 0, flex: '1 1 260px' }}>
        <ThemeIcon color={color} variant="light" size="lg" radius="xl" aria-hidden="true">
          <Icon size={18} />
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Badge color={color} variant={item.serious ? 'filled' : 'light'} size="sm">
              {ATTENTION_KIND_LABELS[item.kind]}
            </Badge>
            <Text size="xs" c="dimmed">
              {format.dateTime(item.raisedAt)}
            </Text>
          </Group>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Text>
          {item.detail && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {item.detail}
            </Text>
          )}
        </Stack>
      </Group>
      <Button
        size="xs"
        variant="default"
        style={{ flexShrink: 0, marginInlineStart: 'auto' }}
        loading={acknowledge.isPending}
        aria-label={`Acknowledge: ${item.title}`}
        onClick={() =>
          acknowledge.mutate(item.id, {
            onSuccess: () => showToast({ title: 'Acknowledged', message: item.title, tone: 'success' }),
            onError: (error) =>
              showToast({
                title: 'Could not acknowledge',
                message: errorMessage(error, 'Please try again.'),
                tone: 'error',
              }),
          })
        }
      >
        Acknowledge
      </Button>
    </Group>
  );
}

/**
 * What needs the manager's attention, on the home screen (issue 29): incidents, defects, emergencies
 * and drivers not clocked in, live for every manager until one acknowledges each.
 */
export function AttentionPanel() {
  const query = useAttention();
  const items = query.data?.items ?? [];
  const open = query.data?.open ?? 0;
  const serious = items.some((i) => i.serious);
  return (
    <Card padding="md" withBorder data-testid="attention-panel" aria-labelledby="attention-heading">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Title order={2} size="h5" id="attention-heading">
              Needs attention
            </Title>
            {open > 0 && (
              <Badge color={serious ? 'red' : 'yellow'} variant="filled" data-testid="attention-count">
                {open}
              </Badge>
            )}
          </Group>
          {open > items.length && (
            <Text size="xs" c="dimmed">
              Showing the newest {items.length}
            </Text>
          )}
        </Group>
        <QueryState
          query={query}
          skeletonRows={2}
          isEmpty={false}
          empty={null}
          errorTitle="Could not load what needs attention"
          errorMessage={null}
        >
          {items.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="attention-empty">
              Nothing needs your attention right now.
            </Text>
          ) : (
            <ul aria-label="Items needing attention" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {items.map((item) => (
                <li key={item.id}>
                  <AttentionRow item={item} />
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </Stack>
    </Card>
  );
}
