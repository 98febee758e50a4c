import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  fileCycles,
  foreignTableWrites,
  type LayerRules,
  layerViolations,
  moduleCycles,
  readSources,
  type SourceFiles,
  type Violation,
} from './test/import-graph';

// The layering of DESIGN.md ("Where code goes"; ADR 25), read from the code's own imports: every API
// module is reached through its index.ts, modules sit below the app's wiring (plugins/, app.ts), db/
// http/ and lib/ sit below the modules, web features never import each other, and nothing imports in
// a circle. A knowing exception is an entry of ALLOWED with its reason.

const root = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const API = 'apps/api/src';
const WEB = 'apps/web/src';

/** `${from} -> ${to}`: the reason this import may break a rule. None today; keep each one visible. */
const ALLOWED: Record<string, string> = {};

/**
 * Which module writes which table (Drizzle's symbols). Only the owner inserts, updates or deletes its
 * rows; another module asks it through its index.ts. (Reads for display, such as a report joining the
 * drivers' names, are read models: ADR 25 says where they are.)
 */
const TABLE_OWNERS: Record<string, readonly string[]> = {
  auth: ['accounts', 'passwordResetTokens'],
  compliance: [
    'complianceDocumentTypes',
    'complianceRecordVersions',
    'complianceScans',
    'driverCompliance',
    'driverDocuments',
    'vehicleCompliance',
    'vehicleServices',
  ],
  customers: ['customerContacts', 'customers'],
  depots: ['depots'],
  'document-settings': ['documentSettings'],
  'driver-forms': [
    'emergencyAlerts',
    'endOfShiftInspections',
    'fuelLogs',
    'incidentReports',
    'preDepartureInspections',
  ],
  'driver-hours': ['hoursOverrides'],
  'emergency-types': ['emergencyTypes'],
  'inspection-questions': ['inspectionTemplateQuestions'],
  invoices: ['invoiceLines', 'invoicePayments', 'invoiceReminders', 'invoiceSettings', 'invoices'],
  'job-offers': ['jobOffers', 'jobRequests'],
  'job-series': ['jobSeries', 'jobSeriesSettings', 'schoolTerms'],
  jobs: ['jobLegs', 'jobRequirements', 'jobVehicles', 'jobs'],
  notifications: ['emailNotifications'],
  overrides: ['complianceOverrides'],
  preferences: ['driverPreferences'],
  'quote-links': ['quoteLinkSettings', 'quoteLinks'],
  settings: ['appSettings'],
  shifts: ['shiftCorrections', 'shifts'],
  subcontractors: ['subcontractors'],
  terminals: ['terminals'],
  'terms-templates': ['termsTemplates'],
  users: ['users'],
  'vehicle-categories': ['vehicleCategoriesNew'],
  'vehicle-defects': ['vehicleDefects'],
  vehicles: ['vehicles'],
};

const rules: LayerRules = { api: API, web: WEB, allowed: ALLOWED };

const describeViolation = (v: Violation) => `[${v.rule}] ${v.file} imports '${v.specifier}': ${v.detail}`;

describe('the structure of the code', () => {
  const files = readSources(root, [API, WEB]);

  it('reads both source trees', () => {
    expect([...files.keys()].filter((f) => f.startsWith(`${API}/modules/`)).length).toBeGreaterThan(100);
    expect([...files.keys()].filter((f) => f.startsWith(`${WEB}/features/`)).length).toBeGreaterThan(50);
  });

  it('keeps every layering rule', () => {
    expect(layerViolations(files, rules).map(describeViolation)).toEqual([]);
  });

  it('lets each module write only its own tables', () => {
    expect(foreignTableWrites(files, API, TABLE_OWNERS).map(describeViolation)).toEqual([]);
  });

  it('has no circle of files, and no circle of API modules', () => {
    expect(fileCycles(files).map((c) => c.join(' -> '))).toEqual([]);
    expect(moduleCycles(files, API).map((c) => c.join(' -> '))).toEqual([]);
  });

  it('gives every API module that another part uses a front door', () => {
    const modules = new Set(
      [...files.keys()]
        .filter((f) => f.startsWith(`${API}/modules/`) && !f.endsWith('.test.ts'))
        .map((f) => f.split('/')[4]),
    );
    const withoutDoor = [...modules].filter((m) => !files.has(`${API}/modules/${m}/index.ts`));
    expect(withoutDoor).toEqual([]);
  });

  it('holds no allow-list entry that no longer matches an import', () => {
    const stale = Object.keys(ALLOWED).filter((entry) => {
      const [from, to] = entry.split(' -> ');
      return !files.get(from ?? '')?.includes(path.posix.basename(to ?? '', '.ts'));
    });
    expect(stale).toEqual([]);
  });
});

describe('the structure check itself', () => {
  // A small tree with one planted break of each rule: the check must name each one.
  const planted: SourceFiles = new Map([
    [`${API}/modules/jobs/index.ts`, "export { getJob } from './jobs.repository';"],
    [`${API}/modules/jobs/jobs.repository.ts`, 'export const getJob = 1;'],
    [`${API}/modules/jobs/jobs.service.ts`, "import { getJob } from './jobs.repository';"],
    [`${API}/modules/offers/index.ts`, "export { offer } from './offers.service';"],
    [`${API}/modules/offers/offers.service.ts`, "import { getJob } from '../jobs/jobs.repository';"],
    [
      `${API}/modules/offers/offers.routes.ts`,
      "import { getJob } from '../jobs';\nimport { x } from '../../plugins/access';",
    ],
    [`${API}/plugins/access.ts`, 'export const x = 1;'],
    [`${API}/db/schema.ts`, "import { getJob } from '../modules/jobs';"],
    [`${API}/lib/a.ts`, "import { b } from './b';"],
    [`${API}/lib/b.ts`, "import { a } from './a';"],
    [`${WEB}/features/jobs/api.ts`, "import { useOffers } from '../offers/api';"],
    [`${WEB}/features/offers/api.ts`, 'export const useOffers = 1;'],
    // Tests may reach inside another module to set up what they check.
    [`${API}/modules/offers/offers.test.ts`, "import { getJob } from '../jobs/jobs.repository';"],
  ]);

  it('names the file and the import of each planted violation', () => {
    expect(layerViolations(planted, { api: API, web: WEB, allowed: {} }).map(describeViolation)).toEqual([
      `[front door] ${API}/modules/offers/offers.service.ts imports '../jobs/jobs.repository': ${API}/modules/jobs/jobs.repository.ts is inside the jobs module: import ${API}/modules/jobs/index.ts`,
      `[modules below plugins] ${API}/modules/offers/offers.routes.ts imports '../../plugins/access': a module must not import the app's wiring (${API}/plugins/access.ts)`,
      `[db/ below modules] ${API}/db/schema.ts imports '../modules/jobs': db/ must not depend on a module (${API}/modules/jobs/index.ts)`,
      `[features apart] ${WEB}/features/jobs/api.ts imports '../offers/api': web feature jobs imports feature offers: compose them in app/`,
    ]);
    expect(fileCycles(planted)).toEqual([[`${API}/lib/a.ts`, `${API}/lib/b.ts`]]);
    const writes = new Map([
      [`${API}/modules/offers/offers.repository.ts`, 'await tx.update(jobs).set({ status });'],
    ]);
    expect(foreignTableWrites(writes, API, { jobs: ['jobs'] }).map(describeViolation)).toEqual([
      `[own tables] ${API}/modules/offers/offers.repository.ts imports '.update(jobs)': jobs belongs to the jobs module: ask it through its index.ts`,
    ]);
  });

  it('finds a circle of modules, and lets an allow-listed import through', () => {
    const circle: SourceFiles = new Map([
      ...planted,
      [`${API}/modules/jobs/jobs.routes.ts`, "import { offer } from '../offers';"],
    ]);
    expect(moduleCycles(circle, API)).toEqual([['jobs', 'offers']]);
    const allowed = {
      [`${API}/modules/offers/offers.service.ts -> ${API}/modules/jobs/jobs.repository.ts`]: 'a reason',
    };
    expect(layerViolations(planted, { api: API, web: WEB, allowed }).map((v) => v.rule)).not.toContain(
      'front door',
    );
  });
});
