import type { Portal } from '@dms/domain';

export interface PageMeta {
  title: string;
  description: string;
}

const HOME: Record<Portal, PageMeta> = {
  manager: { title: 'Job Management', description: 'Create, assign, and manage driving jobs' },
  driver: { title: 'My Jobs', description: 'Your assigned jobs, today and coming up' },
};

const BY_PREFIX: ReadonlyArray<readonly [string, PageMeta]> = [
  [
    '/dispatch',
    { title: 'Dispatch Board', description: 'One day of vehicles, drivers and jobs, hour by hour' },
  ],
  [
    '/invoices',
    {
      title: 'Invoices',
      description: 'Invoices, credit notes and payments, from done jobs to money in the bank',
    },
  ],
  [
    '/reports',
    {
      title: 'Reports',
      description:
        'Inspections, fuel logs, emergency alerts and incident reports from drivers, and allocation overrides',
    },
  ],
  [
    '/compliance',
    {
      title: 'Compliance',
      description: 'Registrations, inspections, services, licences and checks due soon or overdue',
    },
  ],
  ['/job-offers', { title: 'Job Offers', description: 'Jobs offered to you, waiting for your answer' }],
  ['/available-jobs', { title: 'Available Jobs', description: 'Open jobs that still need a driver' }],
  [
    '/my-documents',
    { title: 'My Documents', description: 'Your licence, medical and checks, and when they expire' },
  ],
  [
    '/settings',
    { title: 'Settings', description: 'Branding, vehicles, drivers, customers, documents and driver forms' },
  ],
  [
    '/user-settings',
    { title: 'Account Settings', description: 'Your profile, email notifications and security' },
  ],
];

function matches(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** The home of each portal (`/`) is the dashboard; every other page shows the 'Dashboard' back button. */
export function isDashboardPath(pathname: string): boolean {
  return pathname === '/' || pathname === '';
}

/** Title and description of the page header (spec 1 §2 "Shared page header"); null for unknown paths. */
export function pageMetaFor(pathname: string, portal: Portal): PageMeta | null {
  if (isDashboardPath(pathname)) return HOME[portal];
  return BY_PREFIX.find(([prefix]) => matches(pathname, prefix))?.[1] ?? null;
}
