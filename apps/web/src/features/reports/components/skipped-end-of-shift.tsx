import { countText, UNKNOWN_DRIVER } from '@dms/domain';
import { Badge, Group, Paper, Table, Text, Title } from '@mantine/core';
import { QueryState } from '../../../components/query-state';
import { useFormatters } from '../../../lib/use-formatters';
import { type ReportFilters, useSkippedEndOfShift } from '../api';

/**
 * The End of Shift tab's other half (ADR 27): shifts that ended with no end-of-shift inspection. Only
 * a shift without a job may; the office still sees each one.
 */
export function SkippedEndOfShift({ filters }: { filters: ReportFilters }) {
  const format = useFormatters();
  const query = useSkippedEndOfShift(filters);
  const items = query.data?.items ?? [];
  // The count stops at its bound on a large operator's data (ADR 42): say so rather than a wrong figure.
  const total = countText(query.data?.total ?? 0, query.data?.totalIsLowerBound ?? false);
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="skipped-eos"
      data-testid="skipped-eos"
    >
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h5" id="skipped-eos">
          Shifts ended without the inspection
        </Title>
        <Badge color={items.length > 0 ? 'orange' : 'gray'} variant="light">
          {total}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        Allowed only when the driver had no job that day; the driver chose to skip the check.
      </Text>
      <QueryState
        query={query}
        skeletonRows={2}
        isEmpty={items.length === 0}
        empty="No shift ended without its end-of-shift inspection"
        errorTitle="Could not load the skipped inspections"
      >
        {/* Three short columns fit a phone: no scrolling region (it would need a keyboard stop). */}
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Ended</Table.Th>
              <Table.Th>Driver</Table.Th>
              <Table.Th>Vehicle</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((s) => (
              <Table.Tr key={s.id} data-testid="skipped-eos-row">
                <Table.Td>{format.reportDateTime(s.endTime)}</Table.Td>
                <Table.Td>{s.driverName ?? UNKNOWN_DRIVER}</Table.Td>
                <Table.Td>{s.vehicle ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {(query.data?.total ?? 0) > items.length && (
          <Text size="sm" c="dimmed">
            Showing the newest {items.length} of {total}. Narrow the dates to see others.
          </Text>
        )}
      </QueryState>
    </Paper>
  );
}
