// The charts' styles travel with this lazily loaded tab, like the editor's (rich-text-editor-tiptap):
// the sign-in and terminal pages never download them.
import '@mantine/charts/styles.css';
import {
  addDays,
  DEFAULT_FLEET_WEEKS,
  type DriverHoursWeek,
  dateInZone,
  type FleetChart,
  type FuelEconomyRow,
  fleetRangeProblem,
  type InspectionWeek,
  mondayOf,
  type OpenDefectsRow,
} from '@dms/domain';
import { BarChart, LineChart } from '@mantine/charts';
import { Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { useFormatters } from '../../../lib/use-formatters';
import { type FleetRange, fleetExportUrl, useFleetChart } from '../api';
import { FleetChartCard } from './fleet-chart-card';

const PRESETS = [4, DEFAULT_FLEET_WEEKS, 26, 52] as const;
const CHART_HEIGHT = 240;
/** Bars a per-vehicle chart draws; the table and the CSV have them all. */
const CHART_VEHICLES = 10;

/** '7 Sep': a week's Monday on an axis, in the operator's language. */
function useWeekLabel() {
  const { locale } = useFormatters().operator;
  return useMemo(() => {
    const f = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    return (date: string) => f.format(new Date(`${date}T00:00:00Z`));
  }, [locale]);
}

/** A measure with a fixed number of decimals ('34.0', '1,236.50'), so that a column lines up. */
function useFixed() {
  const { locale } = useFormatters().operator;
  return useMemo(() => {
    const formats = new Map<number, Intl.NumberFormat>();
    return (value: number, digits: number) => {
      let f = formats.get(digits);
      if (!f) {
        f = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
        formats.set(digits, f);
      }
      return f.format(value);
    };
  }, [locale]);
}

function presetRange(weeks: number, today: string): FleetRange {
  return { from: addDays(mondayOf(today), -7 * (weeks - 1)), to: today };
}

/** Bars, one per vehicle, tall enough for their names. */
const vehicleChartHeight = (n: number) => Math.max(120, 40 + n * 34);

function FuelEconomyCard({ range }: { range: FleetRange }) {
  const format = useFormatters();
  const fixed = useFixed();
  const query = useFleetChart('fuel-economy', range);
  const rows = query.data?.items ?? [];
  const drawn = rows.filter((r) => r.litresPer100Km !== null).slice(0, CHART_VEHICLES);
  return (
    <FleetChartCard<FuelEconomyRow>
      testId="fleet-fuel-economy"
      title="Fuel per 100 km"
      description="Litres per 100 km by vehicle, from fuel logs and their odometer readings. Worst first."
      query={query}
      rows={rows}
      rowKey={(r) => r.vehicleId}
      empty="No fuel logs in this range"
      exportHref={fleetExportUrl('fuel-economy', range)}
      columns={[
        { header: 'Vehicle', cell: (r) => r.vehicle },
        { header: 'Fills', cell: (r) => format.number(r.fills), numeric: true },
        { header: 'Litres', cell: (r) => fixed(r.litres, 2), numeric: true },
        {
          header: 'Distance (km)',
          cell: (r) => (r.distanceKm === null ? '—' : format.number(r.distanceKm)),
          numeric: true,
        },
        {
          header: 'L/100 km',
          cell: (r) => (r.litresPer100Km === null ? 'No distance' : fixed(r.litresPer100Km, 1)),
          numeric: true,
        },
      ]}
      chart={
        drawn.length === 0 ? (
          <Text size="sm" c="dimmed" py="md" ta="center">
            Each vehicle needs two odometer readings in the range for a figure.
          </Text>
        ) : (
          <BarChart
            h={vehicleChartHeight(drawn.length)}
            data={drawn}
            dataKey="vehicle"
            orientation="vertical"
            series={[{ name: 'litresPer100Km', label: 'L/100 km', color: 'blue.7' }]}
            maxBarWidth={28}
            valueFormatter={(v) => format.number(v, 1)}
            yAxisProps={{ width: 130 }}
            gridAxis="y"
            accessibilityLayer={false}
          />
        )
      }
      note={
        rows.length > drawn.length && (
          <Text size="xs" c="dimmed">
            {query.data?.truncated
              ? `The ${query.data.limit} worst of ${format.number(query.data.total)} vehicles. `
              : ''}
            {`The chart shows the ${drawn.length} worst with a figure; the table and the CSV list all ${rows.length}.`}
          </Text>
        )
      }
    />
  );
}

function InspectionFailRateCard({ range }: { range: FleetRange }) {
  const format = useFormatters();
  const weekLabel = useWeekLabel();
  const fixed = useFixed();
  const query = useFleetChart('inspection-fail-rate', range);
  const weeks = query.data?.weeks ?? [];
  const percent = (rate: number | null) => (rate === null ? null : Math.round(rate * 1000) / 10);
  return (
    <FleetChartCard<InspectionWeek>
      testId="fleet-inspection-fail-rate"
      title="Inspection fail rate"
      description="Pre-departure and end-of-shift forms with a failed check, per week (Monday start)."
      query={query}
      rows={weeks}
      rowKey={(w) => w.weekStart}
      empty="No inspections in this range"
      exportHref={fleetExportUrl('inspection-fail-rate', range)}
      columns={[
        { header: 'Week of', cell: (w) => format.serviceDate(w.weekStart) },
        { header: 'Forms', cell: (w) => format.number(w.forms), numeric: true },
        { header: 'Failed', cell: (w) => format.number(w.failed), numeric: true },
        {
          header: 'Fail rate',
          cell: (w) => (w.failRate === null ? '—' : `${fixed(percent(w.failRate)!, 1)}%`),
          numeric: true,
        },
      ]}
      chart={
        <LineChart
          h={CHART_HEIGHT}
          data={weeks.map((w) => ({
            week: weekLabel(w.weekStart),
            rate: percent(w.failRate),
          }))}
          dataKey="week"
          series={[{ name: 'rate', label: 'Fail rate', color: 'red.8' }]}
          valueFormatter={(v) => `${format.number(v, 1)}%`}
          // Up to the next 10% above the worst week: low rates stay readable.
          yAxisProps={{
            domain: [0, (max: number) => Math.min(100, Math.max(10, Math.ceil(max / 10) * 10))],
            width: 48,
          }}
          connectNulls={false}
          curveType="linear"
          accessibilityLayer={false}
        />
      }
      note={
        weeks.some((w) => w.forms === 0) && (
          <Text size="xs" c="dimmed">
            A gap is a week without inspections.
          </Text>
        )
      }
    />
  );
}

function DriverHoursCard({ range }: { range: FleetRange }) {
  const format = useFormatters();
  const weekLabel = useWeekLabel();
  const fixed = useFixed();
  const query = useFleetChart('driver-hours', range);
  const weeks = query.data?.weeks ?? [];
  return (
    <FleetChartCard<DriverHoursWeek>
      testId="fleet-driver-hours"
      title="Driver hours"
      description="Hours of completed shifts per week (Monday start), all drivers together."
      query={query}
      rows={weeks}
      rowKey={(w) => w.weekStart}
      empty="No completed shifts in this range"
      exportHref={fleetExportUrl('driver-hours', range)}
      columns={[
        { header: 'Week of', cell: (w) => format.serviceDate(w.weekStart) },
        { header: 'Shifts', cell: (w) => format.number(w.shifts), numeric: true },
        { header: 'Hours', cell: (w) => fixed(w.hours, 1), numeric: true },
      ]}
      chart={
        <BarChart
          h={CHART_HEIGHT}
          data={weeks.map((w) => ({ week: weekLabel(w.weekStart), hours: w.hours }))}
          dataKey="week"
          series={[{ name: 'hours', label: 'Hours', color: 'teal.8' }]}
          valueFormatter={(v) => `${format.number(v, 1)} h`}
          yAxisProps={{ width: 48 }}
          gridAxis="y"
          accessibilityLayer={false}
        />
      }
    />
  );
}

function OpenDefectsCard({ range }: { range: FleetRange }) {
  const format = useFormatters();
  const query = useFleetChart('open-defects', range);
  const rows = query.data?.items ?? [];
  const drawn = rows.slice(0, CHART_VEHICLES);
  return (
    <FleetChartCard<OpenDefectsRow>
      testId="fleet-open-defects"
      title="Open defects"
      description="Defects not cleared by the end of the range, by vehicle. Most first."
      query={query}
      rows={rows}
      rowKey={(r) => r.vehicleId}
      empty="No open defects at the end of this range"
      exportHref={fleetExportUrl('open-defects', range)}
      columns={[
        { header: 'Vehicle', cell: (r) => r.vehicle },
        { header: 'Open defects', cell: (r) => format.number(r.openDefects), numeric: true },
        { header: 'Oldest reported', cell: (r) => format.dateTime(r.oldestReportedAt) },
      ]}
      chart={
        <BarChart
          h={vehicleChartHeight(drawn.length)}
          data={drawn}
          dataKey="vehicle"
          orientation="vertical"
          series={[{ name: 'openDefects', label: 'Open defects', color: 'orange.9' }]}
          maxBarWidth={28}
          valueFormatter={(v) => format.number(v)}
          xAxisProps={{ allowDecimals: false }}
          yAxisProps={{ width: 130 }}
          gridAxis="y"
          accessibilityLayer={false}
        />
      }
      note={
        rows.length > drawn.length && (
          <Text size="xs" c="dimmed">
            {query.data?.truncated
              ? `The ${query.data.limit} of ${format.number(query.data.total)} vehicles with the most. `
              : ''}
            {`The chart shows ${drawn.length}; the table and the CSV list all ${rows.length}.`}
          </Text>
        )
      }
    />
  );
}

const CARDS: Record<FleetChart, (p: { range: FleetRange }) => ReactNode> = {
  'fuel-economy': FuelEconomyCard,
  'inspection-fail-rate': InspectionFailRateCard,
  'driver-hours': DriverHoursCard,
  'open-defects': OpenDefectsCard,
};

/** Reports → Fleet Overview (issue 16): a range and four charts over it. */
export function FleetOverview() {
  const format = useFormatters();
  const today = dateInZone(new Date(), format.operator.timeZone);
  const [preset, setPreset] = useState<string>(String(DEFAULT_FLEET_WEEKS));
  const [draft, setDraft] = useState<FleetRange>(() => presetRange(DEFAULT_FLEET_WEEKS, today));
  const problem = fleetRangeProblem(draft.from, draft.to);
  // The charts keep the last good range while the one being typed is not.
  const [range, setRange] = useState<FleetRange>(draft);
  const edit = (next: FleetRange) => {
    setDraft(next);
    if (!fleetRangeProblem(next.from, next.to)) setRange(next);
  };

  return (
    <Stack gap="md" pt="md">
      <Group gap="sm" align="flex-start" wrap="wrap">
        <Select
          label="Range"
          data={[
            ...PRESETS.map((w) => ({ value: String(w), label: `Last ${w} weeks` })),
            { value: 'custom', label: 'Custom' },
          ]}
          value={preset}
          onChange={(value) => {
            if (!value) return;
            setPreset(value);
            if (value !== 'custom') edit(presetRange(Number(value), today));
          }}
          allowDeselect={false}
          w={170}
        />
        <TextInput
          type="date"
          label="From"
          value={draft.from}
          max={draft.to || undefined}
          onChange={(e) => {
            setPreset('custom');
            edit({ ...draft, from: e.currentTarget.value });
          }}
          error={problem?.path === 'from' ? problem.message : undefined}
          w={170}
        />
        <TextInput
          type="date"
          label="To"
          value={draft.to}
          min={draft.from || undefined}
          onChange={(e) => {
            setPreset('custom');
            edit({ ...draft, to: e.currentTarget.value });
          }}
          error={problem?.path === 'to' ? problem.message : undefined}
          w={170}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {(Object.keys(CARDS) as FleetChart[]).map((chart) => {
          const Card = CARDS[chart];
          return <Card key={chart} range={range} />;
        })}
      </SimpleGrid>
    </Stack>
  );
}
