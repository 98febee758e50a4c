import type { Portal } from '@dms/domain';
import { Badge, VisuallyHidden } from '@mantine/core';
import {
  IconBriefcase,
  IconCalendarTime,
  IconChartBar,
  IconClipboardList,
  IconFileInvoice,
  IconId,
  IconInbox,
  IconLayoutDashboard,
  type IconProps,
  IconSettings,
  IconShieldCheck,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link, useLocation } from 'react-router';
import { useAttention } from '../../features/attention/api';
import { usePendingOfferCount } from '../../features/driver-jobs/api';
import classes from './main-nav.module.css';

interface NavItem {
  label: string;
  to: string;
  /** The path prefix that makes the tab active; `/` only matches itself. */
  prefix: string;
  Icon: ComponentType<IconProps>;
}

const NAV: Record<Portal, NavItem[]> = {
  manager: [
    { label: 'Dashboard', to: '/', prefix: '/', Icon: IconLayoutDashboard },
    { label: 'Dispatch', to: '/dispatch', prefix: '/dispatch', Icon: IconCalendarTime },
    { label: 'Invoices', to: '/invoices', prefix: '/invoices', Icon: IconFileInvoice },
    { label: 'Reports', to: '/reports', prefix: '/reports', Icon: IconChartBar },
    { label: 'Compliance', to: '/compliance', prefix: '/compliance', Icon: IconShieldCheck },
    { label: 'Settings', to: '/settings/general', prefix: '/settings', Icon: IconSettings },
  ],
  driver: [
    { label: 'My Jobs', to: '/', prefix: '/', Icon: IconBriefcase },
    { label: 'Job Offers', to: '/job-offers', prefix: '/job-offers', Icon: IconInbox },
    { label: 'Available Jobs', to: '/available-jobs', prefix: '/available-jobs', Icon: IconClipboardList },
    { label: 'My Documents', to: '/my-documents', prefix: '/my-documents', Icon: IconId },
  ],
};

/** How many offers wait for the driver's answer, beside the Job Offers tab; nothing when none. */
function PendingOffersBadge() {
  const count = usePendingOfferCount().data?.pending ?? 0;
  if (count === 0) return null;
  return (
    <Badge size="sm" circle={count < 10} color="orange" variant="filled" data-testid="offers-badge">
      <span aria-hidden="true">{count}</span>
      <VisuallyHidden>{`, ${count} pending`}</VisuallyHidden>
    </Badge>
  );
}

/** Open attention items beside the manager's Dashboard tab (ADR 28); nothing when none. */
function AttentionBadge() {
  const data = useAttention().data;
  const count = data?.open ?? 0;
  if (count === 0) return null;
  const serious = data?.items.some((i) => i.serious) ?? false;
  return (
    <Badge
      size="sm"
      circle={count < 10}
      color={serious ? 'red' : 'yellow'}
      variant="filled"
      data-testid="attention-badge"
    >
      <span aria-hidden="true">{count}</span>
      <VisuallyHidden>{`, ${count} ${count === 1 ? 'item needs' : 'items need'} attention`}</VisuallyHidden>
    </Badge>
  );
}

function isActive(pathname: string, prefix: string): boolean {
  if (prefix === '/') return pathname === '/';
  return pathname.startsWith(prefix);
}

/** The top navigation of the portal (spec 1 §2): the active tab is matched by path prefix. */
export function MainNav({ portal }: { portal: Portal }) {
  const { pathname } = useLocation();
  const label = portal === 'manager' ? 'Manager navigation' : 'Driver navigation';
  return (
    <nav aria-label={label} className={classes.nav} data-testid="main-nav" data-portal={portal}>
      {NAV[portal].map(({ label: text, to, prefix, Icon }) => (
        <Link
          key={to}
          to={to}
          className={classes.link}
          aria-current={isActive(pathname, prefix) ? 'page' : undefined}
        >
          <Icon size={16} stroke={1.75} aria-hidden="true" />
          {text}
          {to === '/job-offers' && <PendingOffersBadge />}
          {portal === 'manager' && to === '/' && <AttentionBadge />}
        </Link>
      ))}
    </nav>
  );
}
