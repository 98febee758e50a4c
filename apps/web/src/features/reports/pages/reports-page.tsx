import {
  CLEAR_OF_BUS_LABELS,
  EMERGENCY_STATUS_LABELS,
  type Formatters,
  FUEL_ISSUE_LABELS,
  INCIDENT_STATUS_LABELS,
  type IncidentStatus,
  isDestructiveSeverity,
  OVERALL_STATUS_COLORS,
  OVERALL_STATUS_LABELS,
  type OverallStatus,
  type ReportTab,
  UNKNOWN_DRIVER,
  wordsOf,
} from '@dms/domain';
import {
  Badge,
  Button,
  Group,
  Select,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListPager } from '../../../components/list-pager';
import { QueryState } from '../../../components/query-state';
import { useFormatters } from '../../../lib/use-formatters';
import { exportUrl, type ReportFilters, type ReportRows, useReport } from '../api';
import { OverridesReport } from '../components/overrides-report';
import { ReportDetailDialog } from '../components/report-detail-dialog';
import { SkippedEndOfShift } from '../components/skipped-end-of-shift';

const PAGE_SIZE = 25;

interface Column<T> {
  header: string;
  cell: (row: T, format: Formatters) => ReactNode;
}

interface TabDef<K extends ReportTab> {
  label: string;
  columns: Column<ReportRows[K]>[];
  statuses?: { value: string; label: string }[];
  statusLabel?: string;
  empty: string;
  emptyFiltered: string;
}

const driver = (r: { driverName: string | null }) => r.driverName ?? UNKNOWN_DRIVER;
const yesNo = (v: 0 | 1) => (v === 1 ? 'Yes' : 'No');
const statusBadge = (status: OverallStatus | null) =>
  status ? (
    <Badge color={OVERALL_STATUS_COLORS[status]} variant="light" style={{ minWidth: 'max-content' }}>
      {OVERALL_STATUS_LABELS[status]}
    </Badge>
  ) : (
    '—'
  );

const REVIEW_COLORS = { submitted: 'blue', under_review: 'yellow', resolved: 'green' } as const;
const reviewBadge = (status: IncidentStatus) => (
  <Badge color={REVIEW_COLORS[status]} variant="light" style={{ minWidth: 'max-content' }}>
    {INCIDENT_STATUS_LABELS[status]}
  </Badge>
);

const TABS: { [K in ReportTab]: TabDef<K> } = {
  'pre-departure': {
    label: 'Pre-Departure',
    columns: [
      { header: 'Date & Time', cell: (r, f) => f.reportDateTime(r.inspectionDate) },
      { header: 'Driver', cell: driver },
      { header: 'Vehicle', cell: (r) => r.vehicle ?? '—' },
      { header: 'Status', cell: (r) => statusBadge(r.overallStatus) },
      { header: 'Damage Reported', cell: (r) => yesNo(r.damageReported) },
      { header: 'Review', cell: (r) => reviewBadge(r.reviewStatus) },
    ],
    statuses: [
      { value: 'pass', label: 'Pass' },
      { value: 'pass_with_notes', label: 'Pass w/ Notes' },
      { value: 'fail', label: 'Fail' },
    ],
    statusLabel: 'All Status',
    empty: 'No inspections submitted yet',
    emptyFiltered: 'No inspections match your filters',
  },
  'end-of-shift': {
    label: 'End of Shift',
    columns: [
      { header: 'Date/Time', cell: (r, f) => f.reportDateTime(r.inspectionDate) },
      { header: 'Driver', cell: driver },
      { header: 'Vehicle', cell: (r) => r.vehicle ?? '—' },
      { header: 'Damage Found', cell: (r) => yesNo(r.bodyDamageFound || r.interiorDamageFound ? 1 : 0) },
      { header: 'Bus Clean', cell: (r) => yesNo(r.busClean) },
      { header: 'Clear of Bus', cell: (r) => (r.clearOfBus ? CLEAR_OF_BUS_LABELS[r.clearOfBus] : '—') },
      { header: 'Review', cell: (r) => reviewBadge(r.reviewStatus) },
    ],
    empty: 'No end-of-shift inspections submitted yet',
    emptyFiltered: 'No end-of-shift inspections match your filters',
  },
  'fuel-logs': {
    label: 'Fuel Logs',
    columns: [
      { header: 'Date/Time', cell: (r, f) => f.reportDateTime(r.fuelDate) },
      { header: 'Driver', cell: driver },
      { header: 'Vehicle', cell: (r) => r.vehicle ?? '—' },
      { header: 'Odometer (km)', cell: (r, f) => f.number(r.odometerReading) },
      { header: 'Litres', cell: (r, f) => f.decimal(r.litersAdded, 2) },
      { header: 'Fuel Type', cell: (r) => r.fuelType },
      { header: 'Location', cell: (r) => r.location ?? '—' },
      {
        header: 'Check',
        cell: (r) =>
          r.plausibilityFlags.length > 0 ? (
            <Badge
              color="orange"
              variant="light"
              style={{ minWidth: 'max-content' }}
              title={r.plausibilityFlags.map((x) => FUEL_ISSUE_LABELS[x]).join('; ')}
              data-testid="fuel-flag"
            >
              Flagged
            </Badge>
          ) : (
            '—'
          ),
      },
    ],
    empty: 'No fuel logs submitted yet',
    emptyFiltered: 'No fuel logs match your filters',
  },
  emergencies: {
    label: 'Emergencies',
    columns: [
      { header: 'Date/Time', cell: (r, f) => f.reportDateTime(r.alertDate) },
      { header: 'Driver', cell: driver },
      {
        header: 'Emergency Type',
        cell: (r) => (
          <Group gap={6} wrap="nowrap">
            <Text size="sm">{r.typeName}</Text>
            {isDestructiveSeverity(r.severity) && (
              <Badge color="red" variant="light" size="sm">
                {r.severity}
              </Badge>
            )}
          </Group>
        ),
      },
      { header: 'Location', cell: (r) => r.location ?? '—' },
      {
        header: 'Status',
        cell: (r) => (
          <Badge color={r.status === 'active' ? 'red' : 'green'} variant="light">
            {EMERGENCY_STATUS_LABELS[r.status as 'active'] ?? r.status}
          </Badge>
        ),
      },
    ],
    statuses: [
      { value: 'active', label: 'Active' },
      { value: 'resolved', label: 'Resolved' },
    ],
    statusLabel: 'All Status',
    empty: 'No emergency alerts submitted',
    emptyFiltered: 'No emergency alerts match your filters',
  },
  incidents: {
    label: 'Incidents',
    columns: [
      { header: 'Date/Time', cell: (r, f) => f.reportDateTime(r.incidentDate) },
      { header: 'Driver', cell: driver },
      { header: 'Type', cell: (r) => wordsOf(r.incidentType) },
      { header: 'Location', cell: (r) => r.location },
      { header: 'Injuries', cell: (r) => yesNo(r.injuriesReported) },
      { header: 'Police', cell: (r) => yesNo(r.policeNotified) },
      {
        header: 'Status',
        cell: (r) => (
          <Badge
            color={r.status === 'resolved' ? 'green' : r.status === 'under_review' ? 'yellow' : 'blue'}
            variant="light"
          >
            {INCIDENT_STATUS_LABELS[r.status as 'submitted'] ?? r.status}
          </Badge>
        ),
      },
    ],
    statuses: [
      { value: 'submitted', label: 'Submitted' },
      { value: 'under_review', label: 'Under Review' },
      { value: 'resolved', label: 'Resolved' },
    ],
    statusLabel: 'All Status',
    empty: 'No incident reports submitted',
    emptyFiltered: 'No incident reports match your filters',
  },
};

function ReportTabView<K extends ReportTab>({ tab }: { tab: K }) {
  const format = useFormatters();
  const def = TABS[tab] as TabDef<K>;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [opened, setOpen] = useState<ReportRows[K] | null>(null);
  const filters: ReportFilters = {
    search: debounced || undefined,
    from: from || undefined,
    to: to || undefined,
    status: status ?? undefined,
  };
  const filtered = Boolean(filters.search || filters.from || filters.to || filters.status);
  const query = useReport(tab, filters, page, PAGE_SIZE);
  const rows = (query.data?.items ?? []) as ReportRows[K][];
  // The dialog shows the row as the list reads it now: a review or a cleared defect shows at once.
  const open = opened ? (rows.find((r) => r.id === opened.id) ?? opened) : null;
  const resetPage =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  return (
    <Stack gap="md" pt="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Driver"
          placeholder="Search by driver name"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          onChange={(e) => resetPage(setSearch)(e.currentTarget.value)}
          w={240}
        />
        <TextInput
          type="date"
          label="From"
          value={from}
          onChange={(e) => resetPage(setFrom)(e.currentTarget.value)}
          w={170}
        />
        <TextInput
          type="date"
          label="To"
          value={to}
          onChange={(e) => resetPage(setTo)(e.currentTarget.value)}
          w={170}
        />
        {def.statuses && (
          <Select
            label="Status"
            placeholder={def.statusLabel}
            data={def.statuses}
            value={status}
            onChange={resetPage(setStatus)}
            clearable
            w={190}
          />
        )}
        <Button
          component="a"
          href={exportUrl(tab, filters)}
          download
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          ml="auto"
        >
          Export
        </Button>
      </Group>

      <QueryState
        query={query}
        isEmpty={rows.length === 0}
        empty={filtered ? def.emptyFiltered : def.empty}
        errorTitle="Could not load this report"
        errorMessage={null}
      >
        <Table.ScrollContainer minWidth={760}>
          <Table aria-label={def.label} highlightOnHover data-testid="report-table">
            <Table.Thead>
              <Table.Tr>
                {def.columns.map((c) => (
                  <Table.Th key={c.header}>{c.header}</Table.Th>
                ))}
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id} data-testid="report-row">
                  {def.columns.map((c) => (
                    <Table.Td key={c.header}>{c.cell(row, format)}</Table.Td>
                  ))}
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      onClick={() => setOpen(row)}
                      aria-label={`View details of ${driver(row)}'s report`}
                    >
                      View
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ListPager
          total={query.data?.total ?? 0}
          isLowerBound={query.data?.totalIsLowerBound}
          pageSize={PAGE_SIZE}
          page={page}
          onChange={setPage}
        />
      </QueryState>
      {tab === 'end-of-shift' && <SkippedEndOfShift filters={filters} />}
      <ReportDetailDialog tab={tab} report={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}

const ORDER: ReportTab[] = ['pre-departure', 'end-of-shift', 'fuel-logs', 'emergencies', 'incidents'];
const FLEET_TAB = 'fleet';
const OVERRIDES_TAB = 'overrides';

// The charts (recharts) download only when their tab is opened.
const FleetOverview = lazy(async () => ({
  default: (await import('../components/fleet-overview')).FleetOverview,
}));

/**
 * /reports (spec 2 §2.6): five tabs of forms, the Overrides audit trail (issue 26) and the Fleet
 * Overview charts (issue 16), each loaded when opened; Pre-Departure by default.
 */
export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') ?? '';
  const tab =
    (ORDER as string[]).includes(asked) || asked === FLEET_TAB || asked === OVERRIDES_TAB
      ? asked
      : 'pre-departure';
  return (
    <Tabs
      value={tab}
      onChange={(value) =>
        setParams(value && value !== 'pre-departure' ? { tab: value } : {}, { replace: true })
      }
      keepMounted={false}
    >
      <Tabs.List>
        {ORDER.map((t) => (
          <Tabs.Tab key={t} value={t}>
            {TABS[t].label}
          </Tabs.Tab>
        ))}
        <Tabs.Tab value={OVERRIDES_TAB}>Overrides</Tabs.Tab>
        <Tabs.Tab value={FLEET_TAB}>Fleet Overview</Tabs.Tab>
      </Tabs.List>
      {ORDER.map((t) => (
        <Tabs.Panel key={t} value={t}>
          <ReportTabView tab={t} />
        </Tabs.Panel>
      ))}
      <Tabs.Panel value={OVERRIDES_TAB}>
        <OverridesReport />
      </Tabs.Panel>
      <Tabs.Panel value={FLEET_TAB}>
        <Suspense
          fallback={
            <Stack
              gap="xs"
              pt="md"
              role="status"
              aria-busy="true"
              aria-label="Loading"
              data-testid="list-loading"
            >
              <Skeleton height={240} radius="md" />
            </Stack>
          }
        >
          <FleetOverview />
        </Suspense>
      </Tabs.Panel>
    </Tabs>
  );
}
