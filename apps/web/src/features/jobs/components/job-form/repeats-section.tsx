import {
  HOLIDAY_REGION_LABELS,
  HOLIDAY_REGIONS,
  type HolidayRegion,
  SERIES_WEEKDAYS,
  type SeriesPreviewInput,
  type SeriesWeekday,
  weeklyRule,
} from '@dms/domain';
import {
  Alert,
  Badge,
  Button,
  Chip,
  CloseButton,
  Collapse,
  Group,
  List,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useFormatters } from '../../../../lib/use-formatters';
import { useSeriesDefaults, useSeriesPreview } from '../../series-api';
import { FormSection } from './form-section';

// "Repeats" of the job form (issue 27, ADR 36): only when creating a job. The rule is built by
// weeklyRule in packages/domain; the service date is the series' first date.

export interface RepeatsState {
  enabled: boolean;
  weekdays: SeriesWeekday[];
  interval: number | string;
  ends: 'until' | 'count';
  until: string;
  count: number | string;
  /** Extra dates left out. */
  dates: string[];
  /** 'default': the operator's region (Settings); 'none': no holiday left out. */
  holidays: HolidayRegion | 'default' | 'none';
  schoolTerms: 'ignore' | 'in' | 'out';
}

export const initialRepeats = (): RepeatsState => ({
  enabled: false,
  weekdays: ['MO', 'TU', 'WE', 'TH', 'FR'],
  interval: 1,
  ends: 'until',
  until: '',
  count: 10,
  dates: [],
  holidays: 'default',
  schoolTerms: 'ignore',
});

const DAY_LABELS: Record<SeriesWeekday, [string, string]> = {
  MO: ['Mon', 'Monday'],
  TU: ['Tue', 'Tuesday'],
  WE: ['Wed', 'Wednesday'],
  TH: ['Thu', 'Thursday'],
  FR: ['Fri', 'Friday'],
  SA: ['Sat', 'Saturday'],
  SU: ['Sun', 'Sunday'],
};

/** What the form's repeat says is wrong before anything is sent (keys are the section's fields). */
export function repeatsErrors(r: RepeatsState, start: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!r.enabled) return errors;
  if (r.weekdays.length === 0) errors.repeatWeekdays = 'Choose at least one day';
  const interval = Number(r.interval);
  if (!Number.isInteger(interval) || interval < 1 || interval > 52)
    errors.repeatInterval = 'Enter whole weeks from 1 to 52';
  if (r.ends === 'until') {
    if (!r.until) errors.repeatUntil = 'Give the last date of the series';
    else if (start && r.until < start)
      errors.repeatUntil = 'The end date must be on or after the service date';
  } else {
    const count = Number(r.count);
    if (!Number.isInteger(count) || count < 1 || count > 400)
      errors.repeatCount = 'Enter a number of jobs from 1 to 400';
  }
  return errors;
}

/** The recurrence and exclusions POST /api/job-series and its preview take; null while incomplete. */
export function seriesRequestOf(r: RepeatsState, start: string): SeriesPreviewInput | null {
  if (!r.enabled || !start || Object.keys(repeatsErrors(r, start)).length > 0) return null;
  return {
    recurrence: {
      rrule: weeklyRule(r.weekdays, Number(r.interval)),
      start,
      until: r.ends === 'until' ? r.until : null,
      count: r.ends === 'count' ? Number(r.count) : null,
    },
    exclude: {
      dates: r.dates,
      ...(r.holidays === 'default' ? {} : { holidaysRegion: r.holidays === 'none' ? null : r.holidays }),
      schoolTerms: r.schoolTerms === 'ignore' ? null : r.schoolTerms,
    },
  };
}

export function RepeatsSection({
  repeats,
  onChange,
  start,
  errors,
}: {
  repeats: RepeatsState;
  onChange: (update: (r: RepeatsState) => RepeatsState) => void;
  /** The form's service date: the first date of the series. */
  start: string;
  errors: Record<string, string>;
}) {
  const set = <K extends keyof RepeatsState>(key: K, value: RepeatsState[K]) =>
    onChange((r) => ({ ...r, [key]: value }));
  const settings = useSeriesDefaults(repeats.enabled);
  const [extraDate, setExtraDate] = useState('');
  const fmt = useFormatters();
  const defaultRegion = settings.data ? HOLIDAY_REGION_LABELS[settings.data.holidaysRegion] : 'from Settings';
  const regionOptions = [
    { value: 'default', label: `Default (${defaultRegion})` },
    { value: 'none', label: 'None: work on public holidays' },
    ...HOLIDAY_REGIONS.map((r) => ({ value: r, label: HOLIDAY_REGION_LABELS[r] })),
  ];
  return (
    <FormSection title="Repeats">
      <Switch
        label="Repeats"
        description="Create a job on every chosen day (a school run, a weekday shuttle)"
        checked={repeats.enabled}
        onChange={(e) => set('enabled', e.currentTarget.checked)}
        data-testid="repeats-switch"
      />
      {repeats.enabled && (
        <Stack gap="sm" data-testid="repeats-fields">
          {!start && (
            <Text size="sm" c="dimmed">
              Choose the service date above: it is the first date of the series.
            </Text>
          )}
          <Stack gap={4} role="group" aria-label="Weekly on">
            <Text size="sm" fw={500} id="repeat-weekdays-label">
              Weekly on
            </Text>
            <Chip.Group
              multiple
              value={repeats.weekdays}
              onChange={(v) => set('weekdays', v as SeriesWeekday[])}
            >
              <Group gap={6}>
                {SERIES_WEEKDAYS.map((d) => (
                  <Chip key={d} value={d} size="sm" aria-label={DAY_LABELS[d][1]}>
                    {DAY_LABELS[d][0]}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            {errors.repeatWeekdays && (
              <Text size="xs" c="red" role="alert">
                {errors.repeatWeekdays}
              </Text>
            )}
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Every (weeks)"
              description="1 is every week, 2 every other week"
              min={1}
              max={52}
              allowDecimal={false}
              value={repeats.interval}
              onChange={(v) => set('interval', v)}
              error={errors.repeatInterval}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="repeat-ends-label">
                Ends
              </Text>
              <SegmentedControl
                aria-labelledby="repeat-ends-label"
                value={repeats.ends}
                onChange={(v) => set('ends', v as RepeatsState['ends'])}
                data={[
                  { value: 'until', label: 'On a date' },
                  { value: 'count', label: 'After a number of jobs' },
                ]}
              />
            </Stack>
          </SimpleGrid>
          {repeats.ends === 'until' ? (
            <TextInput
              type="date"
              label="Last date"
              value={repeats.until}
              onChange={(e) => set('until', e.currentTarget.value)}
              error={errors.repeatUntil}
            />
          ) : (
            <NumberInput
              label="Number of jobs"
              description="Counted after the days left out"
              min={1}
              max={400}
              allowDecimal={false}
              value={repeats.count}
              onChange={(v) => set('count', v)}
              error={errors.repeatCount}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Leave out public holidays of"
              data={regionOptions}
              allowDeselect={false}
              value={repeats.holidays}
              onChange={(v) => v && set('holidays', v as RepeatsState['holidays'])}
            />
            <Select
              label="School terms"
              description="The terms of Settings → Recurring Jobs"
              data={[
                { value: 'ignore', label: 'Ignore school terms' },
                { value: 'in', label: 'Only school days in term' },
                { value: 'out', label: 'Only days outside term' },
              ]}
              allowDeselect={false}
              value={repeats.schoolTerms}
              onChange={(v) => v && set('schoolTerms', v as RepeatsState['schoolTerms'])}
            />
          </SimpleGrid>
          <Stack gap={6}>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                type="date"
                label="Also leave out"
                value={extraDate}
                onChange={(e) => setExtraDate(e.currentTarget.value)}
                style={{ flex: 1 }}
              />
              <Button
                variant="light"
                disabled={!extraDate}
                onClick={() => {
                  if (!repeats.dates.includes(extraDate)) set('dates', [...repeats.dates, extraDate].sort());
                  setExtraDate('');
                }}
              >
                Leave out
              </Button>
            </Group>
            {repeats.dates.length > 0 && (
              <Group gap={6} aria-label="Dates left out" role="list">
                {repeats.dates.map((d) => (
                  <Badge
                    key={d}
                    role="listitem"
                    variant="light"
                    color="gray"
                    size="lg"
                    rightSection={
                      <CloseButton
                        size="xs"
                        aria-label={`Stop leaving out ${fmt.serviceDate(d)}`}
                        onClick={() =>
                          set(
                            'dates',
                            repeats.dates.filter((x) => x !== d),
                          )
                        }
                      />
                    }
                  >
                    {fmt.serviceDate(d)}
                  </Badge>
                ))}
              </Group>
            )}
          </Stack>
          <SeriesPreview repeats={repeats} start={start} />
        </Stack>
      )}
    </FormSection>
  );
}

/** The dates the rule gives, and the ones its exclusions leave out (the same rule without them). */
function SeriesPreview({ repeats, start }: { repeats: RepeatsState; start: string }) {
  const fmt = useFormatters();
  const [open, setOpen] = useState(false);
  const [request] = useDebouncedValue(seriesRequestOf(repeats, start), 400);
  const raw = request
    ? { recurrence: request.recurrence, exclude: { dates: [], holidaysRegion: null, schoolTerms: null } }
    : null;
  const preview = useSeriesPreview(request);
  const all = useSeriesPreview(raw);
  // 'Mon 2 Feb 2026': the weekday helps read a run of dates.
  const day = (d: string) => `${fmt.dayLabel(d, 'short').replace(',', '')} ${d.slice(0, 4)}`;
  if (!request) {
    return (
      <Text size="sm" c="dimmed" data-testid="series-preview">
        Choose the days and the end to see the dates.
      </Text>
    );
  }
  if (preview.isError) {
    const message =
      preview.error instanceof Error && 'serverMessage' in preview.error
        ? String((preview.error as { serverMessage?: string }).serverMessage ?? '')
        : '';
    return (
      <Alert color="red" variant="light" title="No preview" data-testid="series-preview">
        {message || 'The dates could not be worked out. Check the repeat.'}
      </Alert>
    );
  }
  const dates = preview.data?.dates ?? [];
  const last = dates[dates.length - 1] ?? '';
  const kept = new Set(dates);
  const leftOut = (all.data?.dates ?? []).filter((d) => d <= last && !kept.has(d));
  return (
    <Paper withBorder p="sm" radius="md" data-testid="series-preview" aria-live="polite">
      {preview.isPending ? (
        <Text size="sm" c="dimmed">
          Working out the dates…
        </Text>
      ) : dates.length === 0 ? (
        <Text size="sm" c="red">
          No date is left after the exclusions.
        </Text>
      ) : (
        <Stack gap={6}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" fw={600} data-testid="series-preview-summary">
              {dates.length} {dates.length === 1 ? 'date' : 'dates'} from {day(dates[0] ?? '')} to {day(last)}
            </Text>
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => setOpen((o) => !o)}
              aria-expanded={open}
            >
              {open ? 'Hide dates' : 'Show dates'}
            </Button>
          </Group>
          {leftOut.length > 0 && (
            <Text size="sm" c="dimmed" data-testid="series-left-out">
              Left out ({leftOut.length}): {leftOut.slice(0, 12).map(day).join(', ')}
              {leftOut.length > 12 ? ` and ${leftOut.length - 12} more` : ''}
            </Text>
          )}
          <Collapse expanded={open}>
            <List size="sm" spacing={2} data-testid="series-preview-dates" style={{ columns: '12rem' }}>
              {dates.map((d) => (
                <List.Item key={d}>{day(d)}</List.Item>
              ))}
            </List>
          </Collapse>
        </Stack>
      )}
    </Paper>
  );
}
