// How the driver portal and the terminal list a driver's jobs (spec 1 §2, spec 2 §2.5): grouped by
// date of service, sorted by date then the first leg's departure.

export interface GroupableJob {
  serviceDate: string | null;
  legs: readonly { legNumber: number; departureTime: string | null }[];
}

export interface JobDay<T> {
  serviceDate: string | null;
  jobs: T[];
}

const firstDeparture = (job: GroupableJob) =>
  [...job.legs].sort((a, b) => a.legNumber - b.legNumber)[0]?.departureTime ?? '99:99';

export function groupJobsByDay<T extends GroupableJob>(jobs: readonly T[]): JobDay<T>[] {
  const sorted = [...jobs].sort(
    (a, b) =>
      (a.serviceDate ?? '9999-99-99').localeCompare(b.serviceDate ?? '9999-99-99') ||
      firstDeparture(a).localeCompare(firstDeparture(b)),
  );
  const days: JobDay<T>[] = [];
  for (const job of sorted) {
    const day = days.at(-1);
    if (day && day.serviceDate === job.serviceDate) day.jobs.push(job);
    else days.push({ serviceDate: job.serviceDate, jobs: [job] });
  }
  return days;
}

/** Date headings with their counts show when more than one day is listed, and always on Upcoming. */
export function showsDayHeadings(days: readonly JobDay<unknown>[], tab: 'today' | 'upcoming'): boolean {
  return tab === 'upcoming' || days.length > 1;
}

/** '2 jobs', '1 job'. */
export function jobCountText(n: number): string {
  return `${n} ${n === 1 ? 'job' : 'jobs'}`;
}
