import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JobInputSchema } from '@dms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobInput, serverComplaints } from './lib/office-mix.mjs';
import { officeMixVerdicts } from './lib/report.mjs';

// A draft job as GET /api/jobs/{id} answers it: an open slot (category only), one leg, a charge.
const job = {
  id: 'job-1',
  jobNumber: 'J-00042',
  title: 'Wedding shuttle',
  status: 'draft',
  serviceDate: '2026-12-05',
  paxCount: 40,
  serviceDescription: 'Church to reception.',
  notesDriver: null,
  mapsLink: null,
  hasUpdates: 0,
  customerId: 'customer-1',
  contactId: null,
  customer: null,
  contact: null,
  vehicles: [
    {
      id: 'slot-1',
      slotPosition: 1,
      categoryId: 'category-1',
      categoryName: 'Coach',
      categoryColor: '#123456',
      vehicleId: null,
      vehicle: null,
      driverId: null,
      driver: null,
      vehicleNotes: null,
      startingDepot: { id: 'depot-1', name: 'Granville Depot' },
      endingDepot: null,
      offerStatus: null,
    },
  ],
  legs: [
    {
      id: 'leg-1',
      legNumber: 1,
      originAddress: 'St Mary',
      destinationAddress: 'The Boathouse',
      departureTime: '14:00',
      arrivalTime: '14:40',
      notes: null,
    },
  ],
  loyaltyAwarded: 0,
  basePrice: 950,
  extraCharges: [{ id: 'x1', description: 'Ribbons', amount: 25, type: 'fixed' }],
  discounts: [],
  subtotal: 975,
  taxMode: 'inclusive',
  taxRate: 10,
  taxAmount: 88.64,
  totalPrice: 975,
  currency: 'AUD',
  pricingNotes: null,
  termsTemplateId: null,
  termsAndConditions: null,
  createdBy: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  version: 7,
  pendingRequests: 0,
};

describe('jobInput', () => {
  it('turns a job back into a save the API accepts, with its version and the change', () => {
    const input = JobInputSchema.parse(jobInput(job, { pricingNotes: 'Office mix save 1' }));
    expect(input).toMatchObject({
      version: 7,
      jobNumber: 'J-00042',
      status: 'draft',
      pricingNotes: 'Office mix save 1',
      vehicles: [{ id: 'slot-1', categoryId: 'category-1', startingDepotId: 'depot-1', endingDepotId: null }],
      legs: [{ originAddress: 'St Mary', departureTime: '14:00' }],
      extraCharges: [{ id: 'x1', amount: 25 }],
    });
  });
});

describe('serverComplaints', () => {
  let dir;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'office-mix-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("counts pino's warnings and errors and Node's warnings, with the first frames outside node_modules", async () => {
    const file = path.join(dir, 'server.log');
    await writeFile(
      file,
      [
        JSON.stringify({ level: 30, msg: 'server listening' }),
        JSON.stringify({ level: 40, msg: 'live event not published' }),
        JSON.stringify({ level: 40, msg: 'live event not published' }),
        JSON.stringify({ level: 50, msg: 'request failed', err: { message: 'boom' } }),
        '(node:123) DeprecationWarning: Calling client.query() when the client is already executing a query',
        '    at Client.query (/x/node_modules/pg/lib/client.js:780:7)',
        '    at loadReferences (/x/apps/api/src/modules/jobs/job-references.repository.ts:36:5)',
        '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)',
        '(Use `node --trace-deprecation ...` to show where the warning was created)',
        '',
      ].join('\n'),
    );
    expect(serverComplaints(file)).toEqual([
      { message: 'warn: live event not published', count: 2, where: [] },
      { message: 'error: request failed (boom)', count: 1, where: [] },
      {
        message: 'DeprecationWarning: Calling client.query() when the client is already executing a query',
        count: 1,
        where: ['loadReferences (/x/apps/api/src/modules/jobs/job-references.repository.ts:36:5)'],
      },
    ]);
  });

  it('answers nothing for a missing file', () => {
    expect(serverComplaints(path.join(dir, 'missing.log'))).toEqual([]);
  });
});

describe('officeMixVerdicts', () => {
  const mix = (errors, writes) => ({ overall: { requests: 1000, errors, conflicts: 3 }, writes });
  const write = (kind, counts = {}) => ({
    kind,
    acknowledged: 10,
    lost: 0,
    doubled: 0,
    unknown: 0,
    ...counts,
  });

  it('passes with no errors and every acknowledged write found once', () => {
    const verdicts = officeMixVerdicts(mix(0, [write('Fuel logs'), write('Shifts ended', { open: 0 })]));
    expect(verdicts.map((v) => v.pass)).toEqual([true, true]);
    expect(verdicts[0].actual).toBe('0 in 1000 requests (and 3 expected 409s)');
  });

  it('fails on an error, a lost or doubled write, an unknown outcome or a shift left open', () => {
    expect(officeMixVerdicts(mix(1, [write('Fuel logs')]))[0].pass).toBe(false);
    for (const counts of [{ lost: 1 }, { doubled: 1 }, { unknown: 1 }, { open: 1 }])
      expect(officeMixVerdicts(mix(0, [write('Shifts', counts)]))[1].pass).toBe(false);
  });
});
