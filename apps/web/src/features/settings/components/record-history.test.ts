import type { ComplianceVersion } from '@dms/domain';
import { describe, expect, it } from 'vitest';
import { recordHistory, recordOptions } from './record-history';

const f = { date: (d: string) => d, number: (n: number) => String(n) };
const version = (id: string, record: Record<string, unknown>, who = 'Ann'): ComplianceVersion => ({
  id,
  changedAt: `2026-11-0${id}T00:00:00Z`,
  changedByName: who,
  change: 'updated',
  record,
});

describe('record history', () => {
  // Newest first, as the API answers.
  const versions = [
    version('3', { licenceClass: 'HR', licenceExpiry: '2030-01-01', medicalExpiry: '2027-01-01' }, 'Bo'),
    version('2', { licenceClass: 'MR', licenceExpiry: '2029-01-01', medicalExpiry: '2027-01-01' }),
    version('1', {
      licenceClass: 'MR',
      licenceExpiry: '2029-01-01',
      documents: [{ typeId: 't1', typeName: 'First aid', number: 'FA-1', expiry: null }],
    }),
  ];

  it('lists only the saves that changed the record, newest first, with who saved them', () => {
    expect(recordHistory('licence', versions, f)).toEqual([
      {
        id: '3',
        changedAt: versions[0]!.changedAt,
        changedByName: 'Bo',
        value: 'class HR · expires 2030-01-01',
      },
      {
        id: '1',
        changedAt: versions[2]!.changedAt,
        changedByName: 'Ann',
        value: 'class MR · expires 2029-01-01',
      },
    ]);
    expect(recordHistory('medical', versions, f).map((r) => r.value)).toEqual([
      'expires 2027-01-01',
      'not recorded',
    ]);
  });

  it('offers every document type ever saved, even one since cleared', () => {
    expect(recordOptions('driver', versions).map((o) => o.label)).toContain('First aid');
    expect(recordHistory('document:t1', versions, f).map((r) => r.value)).toEqual([
      'not recorded',
      'no. FA-1',
    ]);
  });
});
