import type { ComplianceVersion } from '@dms/domain';

// A compliance record's history, one record at a time: every save keeps the whole record (ADR 33), and
// the History view shows, per record, only the saves that changed it (who, when, what value).

export type Subject = 'vehicle' | 'driver';

export interface RecordOption {
  value: string;
  label: string;
}

type Fields = Record<string, unknown>;
type Formatters = { date: (d: string) => string; number: (n: number) => string };

const VEHICLE_RECORDS: RecordOption[] = [
  { value: 'registration', label: 'Registration' },
  { value: 'insurance', label: 'Insurance' },
  { value: 'inspection', label: 'Safety inspection' },
  { value: 'service', label: 'Service interval' },
];
const DRIVER_RECORDS: RecordOption[] = [
  { value: 'licence', label: 'Licence' },
  { value: 'medical', label: 'Medical' },
  { value: 'children_check', label: 'Children check' },
];

interface DocumentOfVersion {
  typeId: string;
  typeName?: string;
  number: string | null;
  expiry: string | null;
}

const documentsOf = (r: Fields) => (Array.isArray(r.documents) ? (r.documents as DocumentOfVersion[]) : []);

/** The records a subject's history can show: fixed ones, and for a driver every document type ever saved. */
export function recordOptions(subject: Subject, versions: ComplianceVersion[]): RecordOption[] {
  if (subject === 'vehicle') return VEHICLE_RECORDS;
  const documents = new Map<string, string>();
  for (const v of versions) {
    for (const d of documentsOf(v.record)) {
      if (!documents.has(d.typeId)) documents.set(d.typeId, d.typeName ?? 'Document');
    }
  }
  return [
    ...DRIVER_RECORDS,
    ...[...documents].map(([typeId, name]) => ({ value: `document:${typeId}`, label: name })),
  ];
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown) => (typeof v === 'number' ? v : null);

/** What one record was in one saved version, in words ('not recorded' when empty). */
export function recordValue(record: string, r: Fields, f: Formatters): string {
  const date = (v: unknown) => (str(v) ? f.date(str(v)!) : null);
  const parts = (...p: (string | null)[]) => p.filter(Boolean).join(' · ') || 'not recorded';
  switch (record) {
    case 'registration':
      return parts(date(r.registrationExpiry) && `expires ${date(r.registrationExpiry)}`);
    case 'insurance':
      return parts(date(r.insuranceExpiry) && `expires ${date(r.insuranceExpiry)}`);
    case 'inspection':
      return parts(
        date(r.inspectionDue) && `certificate expires ${date(r.inspectionDue)}`,
        date(r.lastInspectionDate) && `last ${date(r.lastInspectionDate)}`,
        num(r.inspectionIntervalMonths) ? `every ${r.inspectionIntervalMonths} months` : null,
      );
    case 'service':
      return parts(
        num(r.serviceIntervalKm) ? `every ${f.number(r.serviceIntervalKm as number)} km` : null,
        num(r.serviceIntervalMonths) ? `every ${r.serviceIntervalMonths} months` : null,
        date(r.lastServiceDate) && `last ${date(r.lastServiceDate)}`,
        num(r.lastServiceOdometer) !== null ? `at ${f.number(r.lastServiceOdometer as number)} km` : null,
      );
    case 'licence':
      return parts(
        str(r.licenceClass) && `class ${r.licenceClass}`,
        str(r.licenceNumber) && `no. ${r.licenceNumber}`,
        date(r.licenceExpiry) && `expires ${date(r.licenceExpiry)}`,
      );
    case 'medical':
      return parts(date(r.medicalExpiry) && `expires ${date(r.medicalExpiry)}`);
    case 'children_check':
      return parts(
        str(r.childrenCheckNumber) && `no. ${r.childrenCheckNumber}`,
        date(r.childrenCheckExpiry) && `expires ${date(r.childrenCheckExpiry)}`,
      );
    default: {
      const typeId = record.replace(/^document:/, '');
      const doc = documentsOf(r).find((d) => d.typeId === typeId);
      return parts(
        str(doc?.number) && `no. ${doc!.number}`,
        date(doc?.expiry) && `expires ${date(doc!.expiry)}`,
      );
    }
  }
}

export interface HistoryRow {
  id: string;
  changedAt: string;
  changedByName: string | null;
  value: string;
}

/**
 * The versions (newest first, as the API answers) that changed this record, newest first: a save that
 * left it as it was is not a change of it. The oldest version is its first value.
 */
export function recordHistory(record: string, versions: ComplianceVersion[], f: Formatters): HistoryRow[] {
  const rows: HistoryRow[] = [];
  let previous: string | null = null;
  for (const v of [...versions].reverse()) {
    const value = recordValue(record, v.record, f);
    if (value !== previous) {
      rows.push({ id: v.id, changedAt: v.changedAt, changedByName: v.changedByName, value });
    }
    previous = value;
  }
  return rows.reverse();
}
