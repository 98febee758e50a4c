import { Stack, Tabs } from '@mantine/core';
import { useState } from 'react';
import { DriverJobDetailDialog } from '../../../components/driver-job/driver-job-detail-dialog';
import { JobDays } from '../../../components/driver-job/job-days';
import { QueryState } from '../../../components/query-state';
import { type MyJobsTab, useMyJobs } from '../api';
import { useOpenJob } from '../components/use-open-job';

const EMPTY: Record<MyJobsTab, string> = {
  today: "You don't have any jobs scheduled for today.",
  upcoming: "You don't have any upcoming jobs scheduled.",
};

function MyJobsList({ tab, onOpen }: { tab: MyJobsTab; onOpen: ReturnType<typeof useOpenJob>['open'] }) {
  const query = useMyJobs(tab);
  const jobs = query.data?.items ?? [];
  return (
    <QueryState
      skeletonRows={3}
      skeletonHeight={112}
      query={query}
      isEmpty={jobs.length === 0}
      empty={EMPTY[tab]}
      errorTitle="Could not load your jobs"
    >
      <JobDays jobs={jobs} tab={tab} onOpen={onOpen} />
    </QueryState>
  );
}

/** Driver home (/ in the driver portal): My Jobs with Today and Upcoming (spec 2 §2.5). */
export function DriverDashboardPage() {
  const [tab, setTab] = useState<MyJobsTab>('today');
  const detail = useOpenJob();
  return (
    <Stack gap="md" maw={760}>
      <Tabs
        value={tab}
        onChange={(value) => setTab(value === 'upcoming' ? 'upcoming' : 'today')}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="today">Today</Tabs.Tab>
          <Tabs.Tab value="upcoming">Upcoming</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="today" pt="md">
          <MyJobsList tab="today" onOpen={detail.open} />
        </Tabs.Panel>
        <Tabs.Panel value="upcoming" pt="md">
          <MyJobsList tab="upcoming" onOpen={detail.open} />
        </Tabs.Panel>
      </Tabs>
      <DriverJobDetailDialog job={detail.job} onClose={detail.close} />
    </Stack>
  );
}
