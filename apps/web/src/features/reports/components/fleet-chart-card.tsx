import { Box, Button, Group, Paper, Stack, Switch, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { QueryState } from '../../../components/query-state';

export interface FleetTableColumn<R> {
  header: string;
  cell: (row: R) => ReactNode;
  /** Numbers line up on the right. */
  numeric?: boolean;
}

/**
 * One Fleet Overview chart: title, the chart, the same numbers as a real table (visible on demand,
 * always there for screen readers), a CSV of them, and the loading, error and empty states.
 */
export function FleetChartCard<R>({
  testId,
  title,
  description,
  query,
  rows,
  rowKey,
  columns,
  empty,
  exportHref,
  note,
  chart,
}: {
  testId: string;
  title: string;
  description: string;
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  rows: R[];
  rowKey: (row: R) => string;
  columns: FleetTableColumn<R>[];
  empty: string;
  exportHref: string;
  /** A line under the chart (what was left out, what a blank means). */
  note?: ReactNode;
  chart: ReactNode;
}) {
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();
  const table = (
    <Table data-testid="fleet-table" striped miw={360}>
      <Table.Caption>{title}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c.header} ta={c.numeric ? 'right' : undefined}>
              {c.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)}>
            {columns.map((c) => (
              <Table.Td key={c.header} ta={c.numeric ? 'right' : undefined}>
                {c.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId} data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2} miw={0} style={{ flex: '1 1 14rem' }}>
            <Title order={2} fz="h4" id={headingId}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </Stack>
          <Group gap="sm" wrap="nowrap">
            <Switch
              label="Show table"
              checked={showTable && rows.length > 0}
              onChange={(e) => setShowTable(e.currentTarget.checked)}
              disabled={rows.length === 0}
            />
            <Button
              component="a"
              href={exportHref}
              download
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} aria-hidden="true" />}
              aria-label={`Download ${title} as CSV`}
            >
              CSV
            </Button>
          </Group>
        </Group>
        <QueryState
          query={query}
          isEmpty={rows.length === 0}
          empty={empty}
          skeletonRows={1}
          skeletonHeight={240}
          errorTitle={`Could not load ${title}`}
        >
          {showTable ? (
            // A narrow screen scrolls the table sideways: the region takes the focus for the arrow keys.
            <Box role="region" aria-label={`${title} table`} tabIndex={0} style={{ overflowX: 'auto' }}>
              {table}
            </Box>
          ) : (
            <>
              {/* The table says it all to a screen reader; the drawing would only repeat it. */}
              <div aria-hidden="true">{chart}</div>
              <VisuallyHidden>{table}</VisuallyHidden>
            </>
          )}
          {note}
        </QueryState>
      </Stack>
    </Paper>
  );
}
