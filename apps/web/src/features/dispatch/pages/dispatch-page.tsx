import { addDays, dateInZone, isCalendarDate } from '@dms/domain';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useFormatters } from '../../../lib/use-formatters';
import { useDispatchDay } from '../api';
import { boardGroups } from '../board-rows';
import { DispatchBoard } from '../components/dispatch-board';
import { DispatchList } from '../components/dispatch-list';

/** Phone width: a list per vehicle instead of the grid. */
const PHONE = '(max-width: 48em)';

function BoardSkeleton() {
  return (
    <Stack gap={6} aria-busy="true" aria-label="Loading the dispatch board" data-testid="list-loading">
      <Skeleton height={32} radius="sm" />
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <Skeleton key={i} height={44} radius="sm" />
      ))}
    </Stack>
  );
}

/** /dispatch (issue 16): one day of vehicles and their jobs; the day is kept in the address (?date=). */
export function DispatchPage() {
  const format = useFormatters();
  const [params, setParams] = useSearchParams();
  const today = dateInZone(new Date(), format.operator.timeZone);
  const asked = params.get('date') ?? '';
  const date = isCalendarDate(asked) ? asked : today;
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  const query = useDispatchDay(date);
  const day = query.data;
  const groups = useMemo(() => (day ? boardGroups(day) : []), [day]);
  const dateLabel = format.longServiceDate(date);

  const go = (next: string) => {
    if (isCalendarDate(next)) setParams({ date: next }, { replace: true });
  };

  const jobs = new Set(day?.bars.map((b) => b.jobId)).size;
  const clashes = day?.bars.filter((b) => b.clash).length ?? 0;
  const overHours = day?.bars.filter((b) => b.hours.length > 0).length ?? 0;
  const open = day?.bars.filter((b) => !b.driverId).length ?? 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Stack gap={2}>
          <Title order={2} fz="h3" data-testid="dispatch-date">
            {dateLabel}
          </Title>
          {day && day.date === date && day.bars.length > 0 && (
            <Text size="sm" data-testid="dispatch-summary">
              {jobs === 1 ? '1 job' : `${jobs} jobs`}
              {open > 0 && ` · ${open === 1 ? '1 slot' : `${open} slots`} without a driver`}
              {clashes > 0 && ` · ${clashes === 1 ? '1 clash' : `${clashes} clashes`}`}
              {overHours > 0 &&
                ` · ${overHours === 1 ? '1 driver hours warning' : `${overHours} driver hours warnings`}`}
            </Text>
          )}
        </Stack>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <ActionIcon size="lg" aria-label="Previous day" onClick={() => go(addDays(date, -1))}>
            <IconChevronLeft size={18} aria-hidden="true" />
          </ActionIcon>
          <Button variant="default" onClick={() => go(today)} disabled={date === today}>
            Today
          </Button>
          <ActionIcon size="lg" aria-label="Next day" onClick={() => go(addDays(date, 1))}>
            <IconChevronRight size={18} aria-hidden="true" />
          </ActionIcon>
          <TextInput
            type="date"
            aria-label="Date"
            value={date}
            onChange={(e) => go(e.currentTarget.value)}
            w={160}
            data-testid="dispatch-date-input"
          />
        </Group>
      </Group>

      {query.isPending ? (
        <BoardSkeleton />
      ) : query.isError && !day ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden="true" />}
          title="Could not load the dispatch board"
        >
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => query.refetch()}
            loading={query.isFetching}
          >
            Retry
          </Button>
        </Alert>
      ) : day && day.bars.length === 0 ? (
        <Paper withBorder p="xl" radius="md" data-testid="list-empty" aria-busy={query.isPlaceholderData}>
          <Text ta="center">No jobs on this day.</Text>
        </Paper>
      ) : (
        <div
          aria-busy={query.isPlaceholderData}
          style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
        >
          {phone ? (
            <DispatchList groups={groups} />
          ) : (
            day && <DispatchBoard date={day.date} dateLabel={dateLabel} groups={groups} />
          )}
        </div>
      )}
    </Stack>
  );
}
