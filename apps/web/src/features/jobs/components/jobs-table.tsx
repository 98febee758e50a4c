import { type JobSummary, QUOTE_LINK_STATUS_COLORS, QUOTE_LINK_STATUS_LABELS } from '@dms/domain';
import {
  ActionIcon,
  Anchor,
  Badge,
  Card,
  Group,
  Menu,
  Pagination,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconDots,
  IconFileDownload,
  IconFileInvoice,
  IconMailForward,
  IconPencil,
  IconRepeat,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { JobStatusBadge } from '../../../components/driver-job/job-status-badge';
import { vehicleName } from '../../../components/driver-job/job-summary';
import { useFormatters } from '../../../lib/use-formatters';
import { INVOICEABLE_STATUSES, jobSheetPdfUrl, quotePdfUrl } from '../api';
import { driverName } from '../names';
import { StartTimeCell } from './start-time-cell';

/** What a row's actions ask the page to do. */
export interface JobRowActions {
  onOpen: (job: JobSummary) => void;
  onEdit: (job: JobSummary) => void;
  onPublish: (job: JobSummary) => void;
  onDelete: (job: JobSummary) => void;
  /** Drafts the job's final invoice and opens it (issue 25). */
  onInvoice: (job: JobSummary) => void;
  /** A quoted job: mail the customer a link to accept it online (issue 24). */
  onSendQuote: (job: JobSummary) => void;
  /** An occurrence: list only its series (issue 27). */
  onShowSeries: (job: JobSummary) => void;
}

/**
 * A page of the manager's job list (spec 2 §2.2): the columns, a row's actions, and the count with
 * the pages. Clicking a row opens the job.
 */
export function JobsTable({
  jobs,
  total,
  totalIsLowerBound = false,
  page,
  pageSize,
  onPageChange,
  ...actions
}: JobRowActions & {
  jobs: JobSummary[];
  total: number;
  /** More jobs match than were counted: the total reads "1,000+" (ADR 38). */
  totalIsLowerBound?: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}) {
  const format = useFormatters();
  const phone = useMediaQuery('(max-width: 48em)');
  // Past the count's bound the last page is unknown (ADR 38): the pages up to the bound are shown and
  // one more, so "next" goes on; the count looks as far again from each page reached.
  const pages = Math.ceil(total / pageSize) + (totalIsLowerBound ? 1 : 0);
  const pager = (
    <Group justify="space-between">
      <Text size="sm" c="dimmed" data-testid="jobs-count">
        {jobCount(total, totalIsLowerBound)}
      </Text>
      {pages > 1 && <Pagination total={pages} value={page} onChange={onPageChange} size="sm" />}
    </Group>
  );
  if (phone) {
    return (
      <>
        <Stack gap="sm" data-testid="job-cards">
          {jobs.map((job) => (
            <JobCard key={job.id} job={job} {...actions} />
          ))}
        </Stack>
        {pager}
      </>
    );
  }
  return (
    <>
      <Table.ScrollContainer minWidth={1100}>
        <Table aria-label="Jobs" highlightOnHover data-testid="jobs-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Job Details</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Time</Table.Th>
              <Table.Th>Customer</Table.Th>
              <Table.Th>Vehicle(s)</Table.Th>
              <Table.Th>Driver(s)</Table.Th>
              <Table.Th>Start Time</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Updated</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {jobs.map((job) => (
              <Table.Tr
                key={job.id}
                onClick={() => actions.onOpen(job)}
                style={{ cursor: 'pointer' }}
                data-testid="job-row"
              >
                <Table.Td>
                  <Stack gap={2}>
                    <JobMarks job={job} />
                    <Anchor
                      component="button"
                      type="button"
                      fw={600}
                      size="sm"
                      ta="left"
                      onClick={(e) => {
                        e.stopPropagation();
                        actions.onOpen(job);
                      }}
                    >
                      {job.title ?? 'Untitled Draft'}
                    </Anchor>
                    <Group gap={4}>
                      {job.legs.slice(0, 3).map((l, i) => (
                        <Badge
                          // biome-ignore lint/suspicious/noArrayIndexKey: a row's legs carry no ids (ADR 38)
                          key={i}
                          variant="light"
                          color="gray"
                          size="xs"
                          style={{ textTransform: 'none', maxWidth: 260 }}
                        >
                          {l.originAddress ?? '?'} → {l.destinationAddress ?? '?'}
                        </Badge>
                      ))}
                    </Group>
                  </Stack>
                </Table.Td>
                <Table.Td>{job.serviceDate ? format.serviceDate(job.serviceDate) : '—'}</Table.Td>
                <Table.Td>{job.legs[0]?.departureTime ?? '--:--'}</Table.Td>
                <Table.Td>
                  {job.customer ? (
                    <Stack gap={0}>
                      <Text size="sm">{job.customer.companyName}</Text>
                      <Text size="xs" c="dimmed">
                        {job.customer.phone}
                      </Text>
                    </Stack>
                  ) : (
                    <Text size="sm" c="dimmed">
                      No customer assigned
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    {job.vehicles.map((s, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a row's slots carry no ids (ADR 38)
                      <Text key={i} size="sm">
                        {vehicleName(s)}
                      </Text>
                    ))}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    {job.vehicles.map((s, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a row's slots carry no ids (ADR 38)
                      <Text key={i} size="sm" c={s.driver ? undefined : 'dimmed'}>
                        {s.driver ? driverName(s.driver) : `Unassigned Driver ${i + 1}`}
                      </Text>
                    ))}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <StartTimeCell job={job} />
                </Table.Td>
                <Table.Td ta="right" data-testid="job-total">
                  <Text size="sm">{format.jobMoney(job.totalPrice, job.currency)}</Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={4} align="flex-start">
                    <JobStatusBadge status={job.status} />
                    <QuoteLinkBadge job={job} />
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{format.relative(job.updatedAt)}</Text>
                </Table.Td>
                <Table.Td onClick={(e) => e.stopPropagation()}>
                  <RowMenu job={job} {...actions} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pager}
    </>
  );
}

/** "1 job", "240 jobs", or "1,000+ jobs" when the count stopped at its bound. */
export function jobCount(total: number, isLowerBound: boolean): string {
  const n = total.toLocaleString('en');
  return isLowerBound ? `${n}+ jobs` : `${n} job${total === 1 ? '' : 's'}`;
}

/**
 * A job at phone width (issue 29): the table's columns as a card, as the driver screens show jobs.
 * Tapping the title opens the job; the menu holds the same actions as a row's.
 */
function JobCard({ job, ...actions }: JobRowActions & { job: JobSummary }) {
  const format = useFormatters();
  const drivers = job.vehicles.map((s, i) =>
    s.driver ? driverName(s.driver) : `Unassigned Driver ${i + 1}`,
  );
  return (
    <Card padding="md" withBorder data-testid="job-card">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <JobMarks job={job} />
            <Anchor
              component="button"
              type="button"
              fw={600}
              ta="left"
              style={{ overflowWrap: 'anywhere' }}
              onClick={() => actions.onOpen(job)}
            >
              {job.title ?? 'Untitled Draft'}
            </Anchor>
          </Stack>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            <JobStatusBadge status={job.status} />
            <RowMenu job={job} {...actions} />
          </Group>
        </Group>
        <QuoteLinkBadge job={job} />
        <Text size="sm">
          {job.serviceDate ? format.serviceDate(job.serviceDate) : 'No date'}
          {job.legs[0]?.departureTime ? ` · ${job.legs[0].departureTime}` : ''}
        </Text>
        {job.legs[0] && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {job.legs[0].originAddress ?? '?'} → {job.legs.at(-1)?.destinationAddress ?? '?'}
          </Text>
        )}
        <Text size="sm" c={job.customer ? undefined : 'dimmed'}>
          {job.customer?.companyName ?? 'No customer assigned'}
        </Text>
        {job.vehicles.length > 0 && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {job.vehicles.map((s, i) => `${vehicleName(s)}: ${drivers[i]}`).join(' · ')}
          </Text>
        )}
        <Group justify="space-between" align="flex-end" wrap="nowrap">
          <Group gap={6} align="flex-start" wrap="nowrap">
            <Text size="sm" c="dimmed">
              Start
            </Text>
            <StartTimeCell job={job} />
          </Group>
          <Text size="sm" fw={600} data-testid="job-total">
            {format.jobMoney(job.totalPrice, job.currency)}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}

/** The customer's online quote: sent, viewed, accepted, declined or expired, and when (issue 24). */
function QuoteLinkBadge({ job }: { job: JobSummary }) {
  const format = useFormatters();
  if (!job.quoteLink) return null;
  return (
    <Badge
      size="xs"
      variant="light"
      color={QUOTE_LINK_STATUS_COLORS[job.quoteLink.status]}
      title={format.dateTime(job.quoteLink.at)}
      data-testid="job-quote-link"
    >
      Quote {QUOTE_LINK_STATUS_LABELS[job.quoteLink.status].toLowerCase()} {format.relative(job.quoteLink.at)}
    </Badge>
  );
}

/** The number and what stands out about a job: updated since drivers saw it, requests, part of a series. */
function JobMarks({ job }: { job: JobSummary }) {
  return (
    <Group gap={6}>
      <Text size="xs" c="dimmed">
        {job.jobNumber}
      </Text>
      {job.hasUpdates === 1 && (
        <Badge color="orange" size="xs" variant="filled" data-testid="job-updated">
          Updated
        </Badge>
      )}
      {job.pendingRequests > 0 && (
        <Badge color="grape" size="xs" variant="light">
          {job.pendingRequests} request{job.pendingRequests === 1 ? '' : 's'}
        </Badge>
      )}
      {job.seriesId && (
        <Badge
          color="teal"
          size="xs"
          variant="light"
          leftSection={<IconRepeat size={10} aria-hidden="true" />}
          data-testid="series-badge"
          aria-label="Part of a series"
        >
          Series
        </Badge>
      )}
    </Group>
  );
}

/** A row's actions (spec 2 §2.2): Publish for drafts, the two PDFs, Edit and Delete. */
function RowMenu({
  job,
  onEdit,
  onPublish,
  onDelete,
  onInvoice,
  onSendQuote,
  onShowSeries,
}: JobRowActions & { job: JobSummary }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`Actions for ${job.jobNumber}`}>
          <IconDots size={18} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {job.status === 'draft' && (
          <Menu.Item leftSection={<IconSend size={16} aria-hidden="true" />} onClick={() => onPublish(job)}>
            Publish
          </Menu.Item>
        )}
        {job.status === 'quoted' && (
          <Menu.Item
            leftSection={<IconMailForward size={16} aria-hidden="true" />}
            onClick={() => onSendQuote(job)}
          >
            Send quote
          </Menu.Item>
        )}
        <Menu.Item
          component="a"
          href={quotePdfUrl(job.id)}
          download
          leftSection={<IconFileDownload size={16} aria-hidden="true" />}
        >
          Quote PDF
        </Menu.Item>
        <Menu.Item
          component="a"
          href={jobSheetPdfUrl(job.id)}
          download
          leftSection={<IconFileDownload size={16} aria-hidden="true" />}
        >
          Job Sheet PDF
        </Menu.Item>
        {INVOICEABLE_STATUSES.includes(job.status) && (
          <Menu.Item
            leftSection={<IconFileInvoice size={16} aria-hidden="true" />}
            onClick={() => onInvoice(job)}
          >
            Create invoice
          </Menu.Item>
        )}
        {job.seriesId && (
          <Menu.Item
            leftSection={<IconRepeat size={16} aria-hidden="true" />}
            onClick={() => onShowSeries(job)}
          >
            Show series
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={() => onEdit(job)}>
          Edit
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={16} aria-hidden="true" />}
          onClick={() => onDelete(job)}
        >
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
