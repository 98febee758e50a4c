import { ATTENTION_KIND_LABELS, type AttentionItem, type AttentionKind } from '@dms/domain';
import { Badge, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconClockExclamation,
  type IconProps,
  IconTool,
  IconUrgent,
} from '@tabler/icons-react';
import { type ComponentType, useId, useState } from 'react';
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

/** How many items the home screen draws before "Show more": every serious one is drawn whatever this is. */
export const PREVIEW_ITEMS = 8;

/**
 * The items drawn before the manager asks for more: every serious item (an emergency is never behind
 * a button), then the newest others up to PREVIEW_ITEMS in all, in the list's own order. A busy
 * morning's dozens of late clock-ins would otherwise push the jobs below the fold, and drawing all
 * fifty was most of the home screen's main-thread time at volume (bench/NOTES.md §17).
 */
export function previewOf(items: readonly AttentionItem[]): readonly AttentionItem[] {
  let room = Math.max(0, PREVIEW_ITEMS - items.filter((i) => i.serious).length);
  return items.filter((i) => i.serious || room-- > 0);
}

/**
 * What needs the manager's attention, on the home screen (issue 29): incidents, defects, emergencies
 * and drivers not clocked in, live for every manager until one acknowledges each.
 */
export function AttentionPanel() {
  const query = useAttention();
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const items = query.data?.items ?? [];
  const open = query.data?.open ?? 0;
  const serious = items.some((i) => i.serious);
  const preview = previewOf(items);
  const shown = expanded ? items : preview;
  const hidden = items.length - shown.length;
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
          {open > shown.length && (
            <Text size="xs" c="dimmed" data-testid="attention-showing">
              Showing {shown.length === items.length ? 'the newest ' : ''}
              {shown.length} of {open}
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
            <>
              <ul
                id={listId}
                aria-label="Items needing attention"
                style={{ listStyle: 'none', margin: 0, padding: 0 }}
              >
                {shown.map((item) => (
                  <li key={item.id}>
                    <AttentionRow item={item} />
                  </li>
                ))}
              </ul>
              {preview.length < items.length && (
                <Button
                  variant="subtle"
                  size="xs"
                  aria-expanded={expanded}
                  aria-controls={listId}
                  onClick={() => setExpanded((e) => !e)}
                  data-testid="attention-more"
                >
                  {expanded ? 'Show fewer' : `Show ${hidden} more`}
                </Button>
              )}
            </>
          )}
        </QueryState>
      </Stack>
    </Card>
  );
}
