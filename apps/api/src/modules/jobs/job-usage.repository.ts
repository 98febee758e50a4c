import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs, jobVehicles } from '../../db/schema';

// How many jobs refer to a record of another module: the delete rules of depots, vehicles, customer
// contacts and terms templates ask the jobs module (through record-links.ts), not its tables.

/** Jobs whose vehicle slots start or end at the depot. */
export async function countJobsUsingDepot(db: Db, id: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${jobVehicles.jobId})::int` })
    .from(jobVehicles)
    .where(or(eq(jobVehicles.startingDepotId, id), eq(jobVehicles.endingDepotId, id)));
  return Number(row?.n ?? 0);
}

/** Jobs with a slot of the vehicle. */
export async function countJobsUsingVehicle(db: Db, vehicleId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${jobVehicles.jobId})::int` })
    .from(jobVehicles)
    .where(eq(jobVehicles.vehicleId, vehicleId));
  return Number(row?.n ?? 0);
}

/** Jobs that name the customer contact. */
export async function countJobsWithContact(db: Db, contactId: string): Promise<number> {
  return db.$count(jobs, eq(jobs.contactId, contactId));
}

/** Jobs written with the terms template (each keeps its own copy of the text). */
export async function countJobsWithTermsTemplate(db: Db, templateId: string): Promise<number> {
  return db.$count(jobs, eq(jobs.termsTemplateId, templateId));
}
