import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { complianceScans, users } from '../../db/schema';

// The scans of compliance records (ADR 35): one in force a record, the ones before kept.

export type ScanSubject = 'driver' | 'vehicle';

const scanColumns = {
  id: complianceScans.id,
  subjectType: complianceScans.subjectType,
  subjectId: complianceScans.subjectId,
  kind: complianceScans.recordKind,
  storageKey: complianceScans.storageKey,
  contentType: complianceScans.contentType,
  size: complianceScans.sizeBytes,
  fileName: complianceScans.fileName,
  uploadedAt: complianceScans.uploadedAt,
  uploadedByFirst: users.firstName,
  uploadedByLast: users.lastName,
};

export type ScanRow = {
  id: string;
  subjectType: ScanSubject;
  subjectId: string;
  kind: string;
  storageKey: string;
  contentType: string;
  size: number;
  fileName: string;
  uploadedAt: Date;
  uploadedByFirst: string | null;
  uploadedByLast: string | null;
};

/** Scans with the name of who uploaded each. */
const selectScans = (db: Db) =>
  db.select(scanColumns).from(complianceScans).leftJoin(users, eq(users.id, complianceScans.uploadedBy));

/** The scans in force of a driver's or vehicle's records. */
export async function currentScans(db: Db, subjectType: ScanSubject, subjectId: string): Promise<ScanRow[]> {
  return selectScans(db)
    .where(
      and(
        eq(complianceScans.subjectType, subjectType),
        eq(complianceScans.subjectId, subjectId),
        isNull(complianceScans.supersededAt),
      ),
    )
    .orderBy(complianceScans.recordKind) as Promise<ScanRow[]>;
}

export async function getScan(db: Db, id: string): Promise<ScanRow | undefined> {
  const [row] = (await selectScans(db).where(eq(complianceScans.id, id))) as ScanRow[];
  return row;
}

export async function scanOfKey(db: Db, storageKey: string): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: complianceScans.id })
    .from(complianceScans)
    .where(eq(complianceScans.storageKey, storageKey));
  return row;
}

/** Makes a stored file the record's scan, superseding the one in force (in the caller's transaction). */
export async function attachScan(
  tx: Db,
  scan: {
    subjectType: ScanSubject;
    subjectId: string;
    recordKind: string;
    storageKey: string;
    contentType: string;
    sizeBytes: number;
    fileName: string;
    uploadedBy: string | null;
  },
  now: Date,
): Promise<string> {
  await tx
    .update(complianceScans)
    .set({ supersededAt: now })
    .where(
      and(
        eq(complianceScans.subjectType, scan.subjectType),
        eq(complianceScans.subjectId, scan.subjectId),
        eq(complianceScans.recordKind, scan.recordKind),
        isNull(complianceScans.supersededAt),
      ),
    );
  const [row] = await tx
    .insert(complianceScans)
    .values({ ...scan, uploadedAt: now })
    .returning({ id: complianceScans.id });
  return row!.id;
}
