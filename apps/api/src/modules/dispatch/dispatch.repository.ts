import {
  clashFlags,
  type DispatchBar,
  type DispatchDay,
  type DispatchLeg,
  type DispatchVehicle,
  defectSummary,
  jobTimeWindow,
} from '@dms/domain';
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  customers,
  type DefectItemValue,
  depots,
  jobLegs,
  jobs,
  jobVehicles,
  users,
  vehicleCategoriesNew,
  vehicles,
} from '../../db/schema';

// The dispatch board's day (issue 16): three queries whatever the size of the fleet or the day
// (vehicles, slots, legs), run side by side; clashes are worked out here from the slots.

interface StoredDefect {
  items: DefectItemValue[];
  notes: string | null;
}

/** The ids of the day's jobs that hold vehicles: every status but cancelled. */
function jobsOfDay(db: Db, date: string) {
  return db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.serviceDate, date), ne(jobs.status, 'cancelled')));
}

/**
 * The company's active vehicles, and any other vehicle (a partner's, or one taken out of service)
 * that holds a slot of the day: by depot, then registration. Partner vehicles come last.
 */
async function vehiclesOfDay(db: Db, date: string): Promise<DispatchVehicle[]> {
  const inUse = db
    .select({ id: jobVehicles.vehicleId })
    .from(jobVehicles)
    .where(inArray(jobVehicles.jobId, jobsOfDay(db, date)));
  const rows = await db
    .select({
      id: vehicles.id,
      registrationNumber: vehicles.registrationNumber,
      nickname: vehicles.nickname,
      type: vehicles.type,
      depotId: vehicles.defaultDepotId,
      depotName: depots.name,
      categoryName: vehicleCategoriesNew.name,
      categoryColor: vehicleCategoriesNew.color,
      // The newest open defect, in the same query (the partial index vehicle_defects_open_idx).
      openDefect: sql<StoredDefect | string | null>`(
        select jsonb_build_object('items', d.items, 'notes', d.notes)
        from vehicle_defects d
        where d.vehicle_id = ${vehicles.id} and d.cleared_at is null
        order by d.reported_at desc
        limit 1
      )`,
    })
    .from(vehicles)
    .leftJoin(vehicleCategoriesNew, eq(vehicleCategoriesNew.id, vehicles.categoryId))
    .leftJoin(depots, eq(depots.id, vehicles.defaultDepotId))
    .where(or(and(eq(vehicles.type, 'company_owned'), eq(vehicles.isActive, 1)), inArray(vehicles.id, inUse)))
    .orderBy(
      asc(sql`${vehicles.type} = 'subcontracted'`),
      asc(sql`${depots.name} is null`),
      asc(sql`lower(${depots.name})`),
      asc(depots.id),
      asc(sql`lower(coalesce(${vehicles.registrationNumber}, ${vehicles.nickname}, ''))`),
      asc(vehicles.id),
    );
  return rows.map(({ openDefect, ...row }) => {
    // PGlite and node-postgres both parse jsonb, but a driver that hands back text is not refused.
    const defect = typeof openDefect === 'string' ? (JSON.parse(openDefect) as StoredDefect) : openDefect;
    return { ...row, openDefect: defect ? { summary: defectSummary(defect.items, defect.notes) } : null };
  });
}

async function slotsOfDay(db: Db, date: string) {
  return db
    .select({
      jobId: jobs.id,
      jobNumber: jobs.jobNumber,
      title: jobs.title,
      status: jobs.status,
      customerName: customers.companyName,
      slotId: jobVehicles.id,
      vehicleId: jobVehicles.vehicleId,
      driverId: jobVehicles.driverId,
      driverFirstName: users.firstName,
      driverLastName: users.lastName,
    })
    .from(jobVehicles)
    .innerJoin(jobs, eq(jobs.id, jobVehicles.jobId))
    .leftJoin(customers, eq(customers.id, jobs.customerId))
    .leftJoin(users, eq(users.id, jobVehicles.driverId))
    .where(and(eq(jobs.serviceDate, date), ne(jobs.status, 'cancelled')))
    .orderBy(asc(jobs.jobNumber), asc(jobVehicles.slotPosition), asc(jobVehicles.createdAt));
}

async function legsOfDay(db: Db, date: string): Promise<Map<string, DispatchLeg[]>> {
  const rows = await db
    .select({
      jobId: jobLegs.jobId,
      legNumber: jobLegs.legNumber,
      departureTime: jobLegs.departureTime,
      arrivalTime: jobLegs.arrivalTime,
      originAddress: jobLegs.originAddress,
      destinationAddress: jobLegs.destinationAddress,
    })
    .from(jobLegs)
    .where(inArray(jobLegs.jobId, jobsOfDay(db, date)))
    .orderBy(asc(jobLegs.jobId), asc(jobLegs.legNumber));
  const byJob = new Map<string, DispatchLeg[]>();
  for (const { jobId, ...leg } of rows) {
    const list = byJob.get(jobId) ?? [];
    list.push(leg);
    byJob.set(jobId, list);
  }
  return byJob;
}

const fullName = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(' ') || null;

/** One service date of the board: its vehicles and a bar per vehicle slot, in start order. */
export async function getDispatchDay(
  db: Db,
  date: string,
): Promise<Omit<DispatchDay, 'freeDrivers' | 'freeDriversTotal' | 'lapses'>> {
  const [vehicleRows, slots, legs] = await Promise.all([
    vehiclesOfDay(db, date),
    slotsOfDay(db, date),
    legsOfDay(db, date),
  ]);
  const bars: Omit<DispatchBar, 'clash'>[] = slots.map((s) => {
    const jobLegsOfSlot = legs.get(s.jobId) ?? [];
    const { start, end } = jobTimeWindow(jobLegsOfSlot);
    return {
      jobId: s.jobId,
      jobNumber: s.jobNumber,
      title: s.title,
      status: s.status,
      customerName: s.customerName,
      slotId: s.slotId,
      vehicleId: s.vehicleId,
      driverId: s.driverId,
      driverName: s.driverId ? (fullName(s.driverFirstName, s.driverLastName) ?? 'Driver') : null,
      start,
      end,
      legs: jobLegsOfSlot,
      // Filled in by the route, which checks the driver hours of the whole day at once.
      hours: [],
    };
  });
  // Whole-day jobs first, then by first departure; the job number keeps the order stable.
  bars.sort((a, b) => (a.start ?? '').localeCompare(b.start ?? '') || a.jobNumber.localeCompare(b.jobNumber));
  const clashes = clashFlags(bars);
  return {
    date,
    vehicles: vehicleRows,
    bars: bars.map((bar, i) => ({ ...bar, clash: clashes[i] ?? false })),
  };
}
