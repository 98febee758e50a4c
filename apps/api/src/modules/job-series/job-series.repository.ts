import type { JobSeries, SchoolTerm, SeriesSettings } from '@dms/domain';
import { and, asc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { jobSeries, jobSeriesSettings, schoolTerms } from '../../db/schema';

// The series, the school terms and the Recurring Jobs settings (issue 27, ADR 36).

export type SeriesRow = typeof jobSeries.$inferSelect;

export function toSeries(row: SeriesRow): JobSeries {
  return {
    id: row.id,
    rrule: row.rrule,
    startDate: row.startDate,
    untilDate: row.untilDate,
    count: row.count,
    excludeDates: row.excludeDates,
    holidaysRegion: row.holidaysRegion,
    schoolTerms: row.schoolTerms ?? null,
    createdThrough: row.createdThrough,
    endedAt: row.endedAt ? row.endedAt.toISOString() : null,
    previousSeriesId: row.previousSeriesId,
  };
}

export async function insertSeries(tx: Db, values: typeof jobSeries.$inferInsert): Promise<SeriesRow> {
  const [row] = await tx.insert(jobSeries).values(values).returning();
  if (!row) throw new Error('insert into job_series returned no row');
  return row;
}

// A series is read by id on every open of its page: built and planned once, not on each read.
const seriesById = preparedPerDatabase((db) =>
  db
    .select()
    .from(jobSeries)
    .where(eq(jobSeries.id, sql.placeholder('id')))
    .prepare('series_by_id'),
);

export async function getSeriesRow(db: Db, id: string, lock = false): Promise<SeriesRow | undefined> {
  const [row] = lock
    ? await db.select().from(jobSeries).where(eq(jobSeries.id, id)).for('update')
    : await seriesById(db).execute({ id });
  return row;
}

export async function updateSeriesRow(
  tx: Db,
  id: string,
  values: Partial<typeof jobSeries.$inferInsert>,
): Promise<void> {
  await tx
    .update(jobSeries)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(jobSeries.id, id));
}

/** Series still running whose occurrences are not yet created up to `horizonEnd`. */
export async function seriesToExtend(db: Db, horizonEnd: string): Promise<SeriesRow[]> {
  return db
    .select()
    .from(jobSeries)
    .where(
      and(
        isNull(jobSeries.endedAt),
        or(isNull(jobSeries.createdThrough), lt(jobSeries.createdThrough, horizonEnd)),
        or(
          isNull(jobSeries.untilDate),
          gt(jobSeries.untilDate, sql`coalesce(${jobSeries.createdThrough}, '1900-01-01')`),
        ),
      ),
    );
}

// ---- school terms

const termColumns = {
  id: schoolTerms.id,
  year: schoolTerms.year,
  name: schoolTerms.name,
  startDate: schoolTerms.startDate,
  endDate: schoolTerms.endDate,
};

export async function listSchoolTerms(db: Db): Promise<SchoolTerm[]> {
  return db.select(termColumns).from(schoolTerms).orderBy(asc(schoolTerms.startDate));
}

/** A term of another id whose dates meet these (terms never overlap). */
export async function overlappingTerm(
  db: Db,
  range: { startDate: string; endDate: string },
  exceptId?: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: schoolTerms.id })
    .from(schoolTerms)
    .where(
      and(
        sql`${schoolTerms.startDate} <= ${range.endDate} and ${schoolTerms.endDate} >= ${range.startDate}`,
        exceptId ? ne(schoolTerms.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

type TermValues = { year: number; name: string; startDate: string; endDate: string };

export async function insertSchoolTerm(tx: Db, values: TermValues): Promise<SchoolTerm> {
  const [row] = await tx.insert(schoolTerms).values(values).returning(termColumns);
  return row!;
}

export async function updateSchoolTerm(
  tx: Db,
  id: string,
  values: TermValues,
): Promise<SchoolTerm | undefined> {
  const [row] = await tx
    .update(schoolTerms)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(schoolTerms.id, id))
    .returning(termColumns);
  return row;
}

export async function deleteSchoolTerm(tx: Db, id: string): Promise<boolean> {
  const rows = await tx.delete(schoolTerms).where(eq(schoolTerms.id, id)).returning({ id: schoolTerms.id });
  return rows.length > 0;
}

/** Serialises writers of the terms: two overlapping terms saved at once cannot both pass the check. */
export async function lockSchoolTerms(tx: Db): Promise<void> {
  await tx.execute(sql`lock table ${schoolTerms} in share row exclusive mode`);
}

// ---- settings

export const DEFAULT_SERIES_SETTINGS: SeriesSettings = { horizonWeeks: 8, holidaysRegion: 'AU-NSW' };

export async function getSeriesSettings(db: Db): Promise<SeriesSettings> {
  const [row] = await db.select().from(jobSeriesSettings).orderBy(asc(jobSeriesSettings.createdAt)).limit(1);
  if (!row) return DEFAULT_SERIES_SETTINGS;
  return {
    horizonWeeks: row.horizonWeeks,
    holidaysRegion: row.holidaysRegion as SeriesSettings['holidaysRegion'],
  };
}

export async function saveSeriesSettings(tx: Db, values: SeriesSettings): Promise<void> {
  await tx.execute(sql`lock table ${jobSeriesSettings} in share row exclusive mode`);
  const [row] = await tx.select({ id: jobSeriesSettings.id }).from(jobSeriesSettings).limit(1);
  if (!row) {
    await tx.insert(jobSeriesSettings).values(values);
    return;
  }
  await tx
    .update(jobSeriesSettings)
    .set({ ...values, version: sql`${jobSeriesSettings.version} + 1`, updatedAt: new Date() })
    .where(eq(jobSeriesSettings.id, row.id));
}
