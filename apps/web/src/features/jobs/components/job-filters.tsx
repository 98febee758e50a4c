import { JOB_STATUS_LABELS, JOB_STATUSES, repeatInWords } from '@dms/domain';
import { Button, CloseButton, Group, Paper, Select, Text, TextInput } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { useFormatters } from '../../../lib/use-formatters';
import { useDriverOptions, useJobSeries } from '../api';
import { isFiltered, JOB_PERIODS, periodOf } from '../job-list-filters';
import { driverName } from '../names';

/**
 * The job list's filters (spec 2 §2.2): time period (with a custom range), driver, status and
 * search. They are read from the address and changed there; the search is typed here and reaches
 * the address once typing pauses.
 */
export function JobFilters({
  params,
  search,
  onSearchChange,
  onChange,
  onClear,
}: {
  params: URLSearchParams;
  search: string;
  onSearchChange: (search: string) => void;
  onChange: (changes: Record<string, string | null>) => void;
  onClear: () => void;
}) {
  const drivers = useDriverOptions();
  const period = periodOf(params);
  return (
    <Paper withBorder p="sm" radius="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Time period"
          data={JOB_PERIODS.map((p) => ({ value: p.value, label: p.label }))}
          value={period}
          allowDeselect={false}
          onChange={(v) => onChange({ period: v === 'all' ? null : v, from: null, to: null })}
          w={160}
        />
        {period === 'custom' && (
          <>
            <TextInput
              type="date"
              label="From"
              value={params.get('from') ?? ''}
              onChange={(e) => onChange({ from: e.currentTarget.value || null })}
              w={165}
            />
            <TextInput
              type="date"
              label="To"
              value={params.get('to') ?? ''}
              onChange={(e) => onChange({ to: e.currentTarget.value || null })}
              w={165}
            />
          </>
        )}
        <Select
          label="Driver"
          placeholder="All Drivers"
          searchable
          clearable
          data={(drivers.data?.items ?? []).map((d) => ({ value: d.id, label: driverName(d) }))}
          value={params.get('driver')}
          onChange={(v) => onChange({ driver: v })}
          w={200}
        />
        <Select
          label="Status"
          placeholder="All"
          clearable
          data={JOB_STATUSES.map((s) => ({ value: s, label: JOB_STATUS_LABELS[s] }))}
          value={params.get('status')}
          onChange={(v) => onChange({ status: v })}
          w={160}
        />
        <Select
          label="Online quote"
          placeholder="Any"
          clearable
          data={[{ value: 'viewed_unanswered', label: 'Viewed, not answered' }]}
          value={params.get('quote')}
          onChange={(v) => onChange({ quote: v })}
          w={190}
          data-testid="quote-filter"
        />
        <TextInput
          label="Search"
          placeholder="Number, title, customer, place"
          value={search}
          onChange={(e) => onSearchChange(e.currentTarget.value)}
          w={240}
        />
        <Button variant="subtle" onClick={onClear} disabled={!isFiltered(params)}>
          Clear Filters
        </Button>
      </Group>
      {params.get('series') && (
        <SeriesChip seriesId={params.get('series') ?? ''} onClear={() => onChange({ series: null })} />
      )}
    </Paper>
  );
}

/** The list shows one series' occurrences (a row's "Show series"): which, and a way back to all jobs. */
function SeriesChip({ seriesId, onClear }: { seriesId: string; onClear: () => void }) {
  const series = useJobSeries(seriesId);
  const format = useFormatters();
  const label = series.data
    ? `${repeatInWords(series.data.rrule)} from ${format.serviceDate(series.data.startDate)}`
    : 'one series';
  return (
    <Group gap={4} mt="sm" wrap="nowrap" align="center" data-testid="series-filter">
      <Paper withBorder radius="sm" px="xs" py={4} style={{ minWidth: 0 }}>
        <Group gap={6} wrap="nowrap" align="center">
          <IconRepeat size={14} aria-hidden="true" style={{ flexShrink: 0 }} />
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Series: {label}
          </Text>
        </Group>
      </Paper>
      <CloseButton size="sm" aria-label="Show all jobs, not only this series" onClick={onClear} />
    </Group>
  );
}
