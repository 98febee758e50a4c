import {
  type Icon,
  IconAlertTriangle,
  IconBriefcase,
  IconBuildingWarehouse,
  IconBus,
  IconCategory,
  IconClipboardCheck,
  IconClipboardList,
  IconClock,
  IconDeviceTablet,
  IconFileCertificate,
  IconFileDescription,
  IconFileInvoice,
  IconGasStation,
  IconReceipt,
  IconRepeat,
  IconSettings,
  IconSteeringWheel,
  IconTruck,
  IconUrgent,
  IconUsers,
} from '@tabler/icons-react';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export interface SettingsPanelDef {
  /** The path below /settings, e.g. 'vehicles/company'. */
  path: string;
  label: string;
  icon: Icon;
  Component: LazyExoticComponent<ComponentType>;
}

export interface SettingsSection {
  label: string;
  panels: SettingsPanelDef[];
}

// Each panel is its own chunk: opening Settings loads only the panel on screen.
const panel = (loader: () => Promise<{ default: ComponentType }>) => lazy(loader);

/** The settings navigation of spec 2 §2.1, in the spec's order. */
export const SETTINGS_SECTIONS: SettingsSection[] = [
  {
    label: 'General',
    panels: [
      {
        path: 'general',
        label: 'General',
        icon: IconSettings,
        Component: panel(() => import('./panels/general-panel')),
      },
    ],
  },
  {
    label: 'Jobs',
    panels: [
      {
        path: 'recurring-jobs',
        label: 'Recurring Jobs',
        icon: IconRepeat,
        Component: panel(() => import('./panels/recurring-jobs-panel')),
      },
    ],
  },
  {
    label: 'Vehicles',
    panels: [
      {
        path: 'vehicles/company',
        label: 'Company Vehicles',
        icon: IconBus,
        Component: panel(() => import('./panels/company-vehicles-panel')),
      },
      {
        path: 'vehicles/partner',
        label: 'Partner Vehicles',
        icon: IconTruck,
        Component: panel(() => import('./panels/partner-vehicles-panel')),
      },
      {
        path: 'vehicles/categories',
        label: 'Categories',
        icon: IconCategory,
        Component: panel(() => import('./panels/vehicle-categories-panel')),
      },
    ],
  },
  {
    label: 'Drivers',
    panels: [
      {
        path: 'drivers',
        label: 'Drivers',
        icon: IconSteeringWheel,
        Component: panel(() => import('./panels/drivers-panel')),
      },
      {
        path: 'drivers/document-types',
        label: 'Document types',
        icon: IconFileCertificate,
        Component: panel(() => import('./panels/document-types-panel')),
      },
      {
        path: 'terminals',
        label: 'Terminals',
        icon: IconDeviceTablet,
        Component: panel(() => import('./panels/terminals-panel')),
      },
    ],
  },
  {
    label: 'Timesheets',
    panels: [
      {
        path: 'timesheets',
        label: 'Timesheets',
        icon: IconClock,
        Component: panel(() => import('./panels/timesheets-panel')),
      },
    ],
  },
  {
    label: 'Depots',
    panels: [
      {
        path: 'depots',
        label: 'Depots',
        icon: IconBuildingWarehouse,
        Component: panel(() => import('./panels/depots-panel')),
      },
    ],
  },
  {
    label: 'Customers',
    panels: [
      {
        path: 'customers',
        label: 'Customers',
        icon: IconUsers,
        Component: panel(() => import('./panels/customers-panel')),
      },
    ],
  },
  {
    label: 'Subcontractors',
    panels: [
      {
        path: 'subcontractors',
        label: 'Subcontractors',
        icon: IconBriefcase,
        Component: panel(() => import('./panels/subcontractors-panel')),
      },
    ],
  },
  {
    label: 'Documents',
    panels: [
      {
        path: 'documents/quotes',
        label: 'Quotes',
        icon: IconFileInvoice,
        Component: panel(() => import('./panels/quotes-panel')),
      },
      {
        path: 'documents/job-sheets',
        label: 'Job Sheets',
        icon: IconFileDescription,
        Component: panel(() => import('./panels/job-sheets-panel')),
      },
      {
        path: 'documents/invoices',
        label: 'Invoices',
        icon: IconReceipt,
        Component: panel(() => import('./panels/invoices-panel')),
      },
    ],
  },
  {
    label: 'Ops Forms',
    panels: [
      {
        path: 'ops-forms/inspections',
        label: 'Inspections',
        icon: IconClipboardCheck,
        Component: panel(() => import('./panels/pre-departure-questions-panel')),
      },
      {
        path: 'ops-forms/end-of-shift',
        label: 'End of Shift',
        icon: IconClipboardList,
        Component: panel(() => import('./panels/end-of-shift-questions-panel')),
      },
      {
        path: 'ops-forms/fuel-logs',
        label: 'Fuel Logs',
        icon: IconGasStation,
        Component: panel(() => import('./panels/fuel-logs-info-panel')),
      },
      {
        path: 'ops-forms/emergency-alerts',
        label: 'Emergency Alerts',
        icon: IconUrgent,
        Component: panel(() => import('./panels/emergency-types-panel')),
      },
      {
        path: 'ops-forms/incident-reports',
        label: 'Incident Reports',
        icon: IconAlertTriangle,
        Component: panel(() => import('./panels/incident-reports-info-panel')),
      },
    ],
  },
];

/** Older paths that still open a panel (spec 2 §2.1: /settings/operations/inspections). */
const ALIASES: Record<string, string> = { 'operations/inspections': 'ops-forms/inspections' };

export function findSettingsPanel(path: string): SettingsPanelDef | undefined {
  const wanted = ALIASES[path] ?? path;
  return SETTINGS_SECTIONS.flatMap((s) => s.panels).find((p) => p.path === wanted);
}
