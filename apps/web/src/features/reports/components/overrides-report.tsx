import {
  OVERRIDE_KIND_LABELS,
  OVERRIDE_KINDS,
  type OverrideKind,
  type OverrideRow,
  overrideDetailsText,
  UNKNOWN_DRIVER,
} from '@dms/domain';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { useFormatters } from '../../../lib/use-formatters';
import { type OverrideFilters, overridesExportUrl, useOverrideFilterOptions, useOverrides } from '../api';

const PAGE_SIZE = 25;

const personName = (d: { firstName: string | null; lastName: string | null; email: string }) =>
  [d.firstName, d.lastName].filter(Boolean).join(' ') || d.email;
const vehicleLabel = (v: { registrationNumber: string | null; nickname: string | null }) =>
  [v.registrationNumber, v.nickname].filter(Boolean).join(' · ') || 'Vehicle';

function JobLink({ row }: { row: OverrideRow }) {
  if (!row.jobId)
    return (
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {row.jobNumber ?? '—'}
      </Text>
    );
  return (
    // The manager's job list opens a job's detail from ?job=.
    <Anchor
      component={Link}
      to={`/?job=${encodeURIComponent(row.jobId)}`}
      size="sm"
      fw={600}
      style={{ whiteSpace: 'nowrap' }}
      aria-label={`Open job ${row.jobNumber ?? ''}`}
    >
      {row.jobNumber}
    </Anchor>
  );
}

const kindBadge = (row: OverrideRow) => (
  <Badge color={row.kind === 'hours' ? 'orange' : 'red'} variant="light" size="sm">
    {OVERRIDE_KIND_LABELS[row.kind]}
  </Badge>
);

/** At phone width a row is a card: the reason and what the check said stay readable without scrolling. */
function OverrideCard({ row }: { row: OverrideRow }) {
  const format = useFormatters();
  return (
    <Card withBorder padding="sm" component="li" data-testid="report-row">
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={0}>
          <JobLink row={row} />
          <Text size="xs" c="dimmed">
            {row.jobId ? (row.jobTitle ?? '') : 'Job deleted'}
          </Text>
        </Stack>
        {kindBadge(row)}
      </Group>
      <Text size="sm" mt={6}>
        {[row.driverId ? (row.driverName ?? UNKNOWN_DRIVER) : null, row.vehicle].filter(Boolean).join(' · ')}
      </Text>
      <Box mt={6}>
        <Problems row={row} />
      </Box>
      <Text size="sm" mt={6} style={{ overflowWrap: 'anywhere' }}>
        <Text span c="dimmed" size="sm">
          Reason:
        </Text>{' '}
        {row.reason}
      </Text>
      <Text size="xs" c="dimmed" mt={6}>
        {format.reportDateTime(row.at)} · {row.allowedByName ?? 'Unknown manager'}
      </Text>
    </Card>
  );
}

function Problems({ row }: { row: OverrideRow }) {
  const format = useFormatters();
  const details = overrideDetailsText(row.details, format.serviceDate);
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {row.rule}
      </Text>
      {row.problems.map((p) => (
        <Text key={`${p.label}-${p.text}`} size="xs" c="dimmed">
          {row.kind === 'hours' ? `${p.label}: ${p.text}` : p.text}
        </Text>
      ))}
      {details && (
        <Text size="xs" data-testid="override-details">
          {details}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The audit trail (issue 26, ADR 34): every allocation a manager allowed although the hours check or
 * a compliance check refused it, newest first, with the reason; filtered and exported on the server.
 */
export function OverridesReport() {
  const format = useFormatters();
  const phone = useMediaQuery('(max-width: 48em)');
  const { drivers, vehicles } = useOverrideFilterOptions();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [driverId, setDriverId] = useState<string | null>(null);
  const [vehicleId, setVehicleId] = useState<string | null>(null);
  const [kind, setKind] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const filters: OverrideFilters = {
    from: from || undefined,
    to: to || undefined,
    driverId: driverId ?? undefined,
    vehicleId: vehicleId ?? undefined,
    kind: (kind as OverrideKind | null) ?? undefined,
  };
  const filtered = Object.values(filters).some(Boolean);
  const query = useOverrides(filters, page, PAGE_SIZE);
  const rows = query.data?.items ?? [];
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
        <Select
          label="Driver"
          placeholder="All drivers"
          searchable
          clearable
          data={(drivers.data?.items ?? []).map((d) => ({ value: d.id, label: personName(d) }))}
          value={driverId}
          onChange={resetPage(setDriverId)}
          w={220}
        />
        <Select
          label="Vehicle"
          placeholder="All vehicles"
          searchable
          clearable
          data={(vehicles.data?.items ?? []).map((v) => ({ value: v.id, label: vehicleLabel(v) }))}
          value={vehicleId}
          onChange={resetPage(setVehicleId)}
          w={200}
        />
        <Select
          label="Kind"
          placeholder="All kinds"
          clearable
          data={OVERRIDE_KINDS.map((k) => ({ value: k, label: OVERRIDE_KIND_LABELS[k] }))}
          value={kind}
          onChange={resetPage(setKind)}
          w={170}
        />
        <Button
          component="a"
          href={overridesExportUrl(filters)}
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
        empty={
          filtered
            ? 'No overrides match your filters'
            : 'No overrides yet: every allocation passed its checks'
        }
        errorTitle="Could not load this report"
        errorMessage={null}
      >
        {phone ? (
          <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Overrides">
            {rows.map((row) => (
              <OverrideCard key={row.id} row={row} />
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={960}>
            <Table aria-label="Overrides" highlightOnHover data-testid="report-table" verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date/Time</Table.Th>
                  <Table.Th>Job</Table.Th>
                  <Table.Th>Driver</Table.Th>
                  <Table.Th>Vehicle</Table.Th>
                  <Table.Th>Rule</Table.Th>
                  <Table.Th>Reason</Table.Th>
                  <Table.Th>Allowed by</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id} data-testid="report-row" style={{ verticalAlign: 'top' }}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Stack gap={4} align="flex-start">
                        <Text size="sm">{format.reportDateTime(row.at)}</Text>
                        {kindBadge(row)}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <JobLink row={row} />
                      <Text size="xs" c="dimmed">
                        {row.jobId ? (row.jobTitle ?? '') : 'Job deleted'}
                      </Text>
                    </Table.Td>
                    <Table.Td>{row.driverId ? (row.driverName ?? UNKNOWN_DRIVER) : '—'}</Table.Td>
                    <Table.Td>{row.vehicle ?? '—'}</Table.Td>
                    <Table.Td maw={320}>
                      <Problems row={row} />
                    </Table.Td>
                    <Table.Td maw={260} style={{ overflowWrap: 'anywhere' }}>
                      {row.reason}
                    </Table.Td>
                    <Table.Td>{row.allowedByName ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {query.data?.total ?? 0} in all
          </Text>
          {(query.data?.total ?? 0) > PAGE_SIZE && (
            <Pagination
              total={Math.ceil((query.data?.total ?? 0) / PAGE_SIZE)}
              value={page}
              onChange={setPage}
              size="sm"
            />
          )}
        </Group>
      </QueryState>
    </Stack>
  );
}
