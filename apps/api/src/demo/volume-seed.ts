import { randomUUID } from 'node:crypto';
import { addDays, formatJobNumber, roundToCents } from '@dms/domain';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../db/client';
import {
  appSettings,
  customerContacts,
  customers,
  depots,
  documentSettings,
  driverPreferences,
  endOfShiftInspections,
  fuelLogs,
  type InspectionResponse,
  inspectionTemplateQuestions,
  invoiceSettings,
  invoices,
  type JobStatus,
  jobLegs,
  jobOffers,
  jobRequests,
  jobRequirements,
  jobs,
  jobVehicles,
  type NewCustomer,
  type NewCustomerContact,
  type NewEndOfShiftInspection,
  type NewFuelLog,
  type NewJob,
  type NewJobLeg,
  type NewJobOffer,
  type NewJobRequest,
  type NewJobRequirement,
  type NewJobVehicle,
  type NewPreDepartureInspection,
  type NewShift,
  type NewUser,
  type NewVehicle,
  preDepartureInspections,
  shifts,
  termsTemplates,
  users,
  vehicleCategoriesNew,
  vehicles,
} from '../db/schema';
import { hashPassword } from '../lib/password';
import { pinDigest } from '../lib/pin-digest';
import { END_OF_SHIFT_QUESTIONS, PRE_DEPARTURE_QUESTIONS } from './demo-seed';

// Volume data for benchmarks (`seed:load`, OPERATIONS.md): a large operator over two years, about
// 80% of it past. Rows are built in memory a slice of days at a time and written with multi-row
// inserts in one transaction, so 100,000 jobs take minutes on either engine. Deterministic: the same
// sizes and `today` give the same data (ids differ). Invariants the app relies on are kept by
// construction: one job per driver and per vehicle a day (no clashes, no overlapping shifts), job
// numbers from the sequence, every shift closed, drivers only on slots that have a vehicle.

dayjs.extend(utc);
dayjs.extend(timezone);

export interface VolumeSizes {
  jobs: number;
  drivers: number;
  vehicles: number;
  customers: number;
  /** Upper bound on shifts (one per driver and day worked on a completed job). */
  shifts: number;
  /** Upper bound on driver forms (pre-departure, end-of-shift inspections and fuel logs together). */
  forms: number;
}

export interface VolumeSeedOptions {
  today: string;
  timezone: string;
  /** The key of PIN digests (lib/pin-digest.ts). */
  pinKey: string;
  onProgress?: (line: string) => void;
}

export interface VolumeSeedResult {
  counts: Record<string, number>;
  manager: { email: string; password: string };
  driver: { emailPattern: string; password: string; firstPin: string };
}

export const VOLUME_MANAGER = { email: 'manager@volume.local', password: 'volume-manager-1' };
export const VOLUME_DRIVER_PASSWORD = 'volume-driver-1';
/** Terminal PINs are four digits: drivers get 1000, 1001, … */
export const VOLUME_FIRST_PIN = 1000;
export const MAX_VOLUME_DRIVERS = 9999 - VOLUME_FIRST_PIN + 1;
const MAX_JOBS = 5_000_000;

/** The sizes not given, derived from the number of jobs (about 200 driver-days of work a day at 100,000). */
export function defaultSizes(jobCount: number, given: Partial<VolumeSizes> = {}): VolumeSizes {
  const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));
  return {
    jobs: jobCount,
    drivers: given.drivers ?? clamp(Math.ceil(jobCount / 350), 8, MAX_VOLUME_DRIVERS),
    vehicles: given.vehicles ?? clamp(Math.ceil(jobCount / 400), 6, 100_000),
    customers: given.customers ?? clamp(Math.ceil(jobCount / 50), 10, 1_000_000),
    shifts: given.shifts ?? Number.MAX_SAFE_INTEGER,
    forms: given.forms ?? Number.MAX_SAFE_INTEGER,
  };
}

/** Why these sizes cannot be loaded, or null when they can. */
export function checkSizes(sizes: VolumeSizes): string | null {
  const whole = (n: number) => Number.isSafeInteger(n) && n >= 0;
  for (const [name, value] of Object.entries(sizes)) {
    if (!whole(value)) return `--${name} must be a whole number of 0 or more (got ${value}).`;
  }
  if (sizes.jobs < 1 || sizes.jobs > MAX_JOBS) return `--jobs must be between 1 and ${MAX_JOBS}.`;
  if (sizes.drivers < 1 || sizes.drivers > MAX_VOLUME_DRIVERS)
    return `--drivers must be between 1 and ${MAX_VOLUME_DRIVERS} (each driver needs a distinct 4-digit PIN).`;
  if (sizes.vehicles < 1) return '--vehicles must be at least 1.';
  if (sizes.customers < 1) return '--customers must be at least 1.';
  return null;
}

/** mulberry32: small, fast and good enough to make data look varied, and repeatable. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
  };
}

const FIRST_NAMES = [
  'Olivia',
  'Jack',
  'Charlotte',
  'William',
  'Amelia',
  'Noah',
  'Isla',
  'Thomas',
  'Mia',
  'Lucas',
  'Ava',
  'Henry',
  'Grace',
  'Oliver',
  'Zoe',
  'Ethan',
  'Chloe',
  'Samuel',
  'Ruby',
  'Leo',
  'Aisha',
  'Wei',
  'Priya',
  'Mateo',
  'Sofia',
  'Tane',
  'Anh',
  'Kai',
  'Layla',
  'Arjun',
];
const LAST_NAMES = [
  'Smith',
  'Jones',
  'Williams',
  'Brown',
  'Wilson',
  'Taylor',
  'Nguyen',
  'Johnson',
  'Martin',
  'White',
  'Anderson',
  'Walker',
  'Thompson',
  'Harris',
  'Lee',
  'Ryan',
  'Kelly',
  'Chen',
  'Singh',
  'Patel',
  'Rossi',
  'Murphy',
  "O'Brien",
  'Kowalski',
  'Papadopoulos',
  'Tran',
  'Campbell',
  'Hughes',
];
const SUBURBS = [
  'Parramatta',
  'Chatswood',
  'Manly',
  'Bondi',
  'Penrith',
  'Liverpool',
  'Hornsby',
  'Cronulla',
  'Ryde',
  'Blacktown',
  'Epping',
  'Castle Hill',
  'Strathfield',
  'Hurstville',
  'Dee Why',
  'Mosman',
  'Kogarah',
  'Campbelltown',
  'Bankstown',
  'Marrickville',
  'Newtown',
  'Gosford',
  'Wollongong',
  'Katoomba',
];
const DESTINATIONS = [
  'Taronga Zoo, Bradleys Head Road, Mosman',
  'Sydney Olympic Park, Homebush',
  'Sydney Airport T1, Mascot',
  'Circular Quay, Sydney',
  'Echo Point, Katoomba',
  'Hunter Valley Gardens, Pokolbin',
  'Australian Museum, William Street, Sydney',
  'Canberra, Parliament House',
  'Royal National Park, Audley',
  'ICC Sydney, Darling Harbour',
  'Sydney Cricket Ground, Moore Park',
  'Kiama Blowhole, Kiama',
];
const SERVICES = [
  'School excursion',
  'Airport transfer',
  'Corporate shuttle',
  'Wedding guests',
  'Sports team transfer',
  'Winery tour',
  'Conference shuttle',
  'Day tour',
  'Rail replacement',
  'Concert transfer',
];
const CATEGORIES = [
  { slug: 'luxury_coach', name: 'Luxury Coach', color: '#7c3aed', seated: 53 },
  { slug: 'coach', name: 'Coach', color: '#2563eb', seated: 57 },
  { slug: 'standard_bus', name: 'Standard Bus', color: '#0891b2', seated: 45 },
  { slug: 'school_bus', name: 'School Bus', color: '#ca8a04', seated: 61 },
  { slug: 'minibus', name: 'Minibus', color: '#16a34a', seated: 22 },
] as const;
const MAKES = [
  ['Scania', 'Irizar i6'],
  ['Volvo', 'B11R'],
  ['Mercedes-Benz', 'Tourismo'],
  ['Volvo', 'B8RLE'],
  ['Toyota', 'Coaster'],
] as const;

/** Days covered: about 20 months back and 4 ahead of `today`. */
const PAST_DAYS = 600;
const FUTURE_DAYS = 130;
/** Jobs per slice of days: bounds memory whatever the size. */
const SLICE_JOBS = 5_000;

/** Rows per INSERT: as many as PostgreSQL's 65,535 bind parameters allow, at most 2,000. */
async function insertAll<T extends Record<string, unknown>>(
  db: Db,
  table: PgTable,
  rows: T[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object).length;
  const size = Math.max(1, Math.min(2_000, Math.floor(60_000 / Math.max(1, columns))));
  for (let i = 0; i < rows.length; i += size) {
    await db.insert(table).values(rows.slice(i, i + size) as never);
  }
}

export async function seedVolume(
  db: Database,
  sizes: VolumeSizes,
  options: VolumeSeedOptions,
): Promise<VolumeSeedResult> {
  const problem = checkSizes(sizes);
  if (problem) throw new RangeError(problem);
  const progress = options.onProgress ?? (() => {});
  const rnd = prng(20_251_123 ^ sizes.jobs);
  const tz = options.timezone;
  const counts: Record<string, number> = {};
  const count = (name: string, n: number) => {
    counts[name] = (counts[name] ?? 0) + n;
  };

  // A wall-clock time on a day as an instant; the UTC offset is looked up once a day (dayjs-tz is slow).
  const offsetCache = new Map<string, number>();
  const at = (date: string, minutes: number): Date => {
    let offset = offsetCache.get(date);
    if (offset === undefined) {
      offset = dayjs.tz(`${date} 12:00`, tz).utcOffset();
      offsetCache.set(date, offset);
    }
    return new Date(Date.parse(`${date}T00:00:00Z`) + (minutes - offset) * 60_000);
  };
  const hhmm = (minutes: number) =>
    `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

  // argon2 is deliberately slow: one hash per password, shared by every account that uses it.
  const [managerHash, driverHash] = await Promise.all([
    hashPassword(VOLUME_MANAGER.password),
    hashPassword(VOLUME_DRIVER_PASSWORD),
  ]);
  const started = Date.now();

  const managerId = randomUUID();
  const driverIds = Array.from({ length: sizes.drivers }, () => randomUUID());
  const categoryIds = CATEGORIES.map(() => randomUUID());
  const depotIds = ['Granville', 'Brookvale', 'Mascot'].map(() => randomUUID());
  const vehicleIds = Array.from({ length: sizes.vehicles }, () => randomUUID());
  const vehicleCategory = vehicleIds.map((_, i) => i % CATEGORIES.length);
  const odometer = vehicleIds.map(() => rnd.int(40_000, 420_000));
  const customerIds = Array.from({ length: sizes.customers }, () => randomUUID());
  const contactIds = customerIds.map(() => randomUUID());
  const preQuestionIds = PRE_DEPARTURE_QUESTIONS.map(() => randomUUID());
  const endQuestionIds = END_OF_SHIFT_QUESTIONS.map(() => randomUUID());
  const termsId = randomUUID();

  await db.transaction(async (tx) => {
    // ---- people, fleet, customers and settings
    const userRows: NewUser[] = [
      {
        id: managerId,
        email: VOLUME_MANAGER.email,
        firstName: 'Morgan',
        lastName: 'Reyes',
        password: managerHash,
        roles: ['manager'],
        emailVerified: 1,
      },
      ...driverIds.map(
        (id, i): NewUser => ({
          id,
          email: `driver${i + 1}@volume.local`,
          firstName: FIRST_NAMES[i % FIRST_NAMES.length],
          lastName: LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length],
          password: driverHash,
          roles: ['driver'],
          pinDigest: pinDigest(String(VOLUME_FIRST_PIN + i), options.pinKey),
          emailVerified: 1,
        }),
      ),
    ];
    await insertAll(tx, users, userRows);
    await insertAll(
      tx,
      driverPreferences,
      driverIds.map((userId) => ({ userId })),
    );
    count('users', userRows.length);

    await tx.insert(appSettings).values({ appName: 'Volume Coaches', appIcon: 'Bus', updatedBy: managerId });
    await tx.insert(documentSettings).values({
      companyName: 'Volume Coaches Pty Ltd',
      companyAddress: '42 Parramatta Road, Granville NSW 2142',
      companyPhone: '(02) 5550 4100',
      companyEmail: 'bookings@volume-coaches.example.com.au',
      updatedBy: managerId,
    });
    await tx.insert(termsTemplates).values({
      id: termsId,
      name: 'Standard Charter Terms',
      content:
        '<h3>Charter terms</h3><ol><li>Quotes are valid for 30 days.</li><li>Payment within 14 days of invoice.</li></ol>',
      isDefault: 1,
      createdBy: managerId,
    });
    await tx
      .insert(vehicleCategoriesNew)
      .values(CATEGORIES.map((c, i) => ({ id: categoryIds[i], name: c.name, slug: c.slug, color: c.color })));
    await tx.insert(depots).values(
      ['Granville Depot', 'Brookvale Depot', 'Mascot Airport Yard'].map((name, i) => ({
        id: depotIds[i],
        name,
        address: `${10 + i * 7} Depot Road, ${['Granville', 'Brookvale', 'Mascot'][i]} NSW`,
      })),
    );
    await insertAll(
      tx,
      vehicles,
      vehicleIds.map((id, i): NewVehicle => {
        const c = vehicleCategory[i] ?? 0;
        const category = CATEGORIES[c] ?? CATEGORIES[0];
        const [make, model] = MAKES[c] ?? MAKES[0];
        return {
          id,
          registrationNumber: `VL ${String(i + 1).padStart(5, '0')}`,
          nickname: `${SUBURBS[i % SUBURBS.length]} ${Math.floor(i / SUBURBS.length) + 1}`,
          make,
          model,
          category: category.slug,
          categoryId: categoryIds[c],
          seatedCapacity: category.seated,
          standingCapacity: c === 2 ? 25 : 0,
          extraOptions: ['Air conditioning', 'Seat belts'],
          defaultDepotId: depotIds[i % depotIds.length],
        };
      }),
    );
    count('vehicles', vehicleIds.length);

    const customerTypes = ['school', 'corporate', 'private', 'other'] as const;
    const customerRows: NewCustomer[] = customerIds.map((id, i) => {
      const type = customerTypes[i % 7 < 3 ? 0 : i % 7 < 5 ? 1 : i % 7 < 6 ? 2 : 3] ?? 'other';
      const suburb = SUBURBS[i % SUBURBS.length];
      const n = Math.floor(i / SUBURBS.length) + 1;
      const companyName =
        type === 'school'
          ? `${suburb} ${n % 2 ? 'Public' : 'High'} School ${n}`
          : type === 'corporate'
            ? `${suburb} ${['Events', 'Logistics', 'Consulting', 'Travel'][n % 4]} Pty Ltd ${n}`
            : type === 'private'
              ? `${rnd.pick(FIRST_NAMES)} ${rnd.pick(LAST_NAMES)}`
              : `${suburb} ${['Rugby Club', 'Bowling Club', 'Choir', 'Seniors Group'][n % 4]} ${n}`;
      return {
        id,
        companyName,
        companyType: type,
        phone: `(02) 55${String(50_000 + (i % 50_000)).padStart(6, '0')}`,
        email: `bookings${i + 1}@customer.example.com.au`,
        address: `${1 + (i % 300)} Main Street, ${suburb} NSW`,
        isActive: i % 40 === 39 ? 0 : 1,
      };
    });
    await insertAll(tx, customers, customerRows);
    await insertAll(
      tx,
      customerContacts,
      customerIds.map(
        (customerId, i): NewCustomerContact => ({
          id: contactIds[i],
          customerId,
          name: `${FIRST_NAMES[(i * 7) % FIRST_NAMES.length]} ${LAST_NAMES[(i * 3) % LAST_NAMES.length]}`,
          role: 'Booking Coordinator',
          email: `contact${i + 1}@customer.example.com.au`,
          phone: `04${String(10_000_000 + i).slice(-8)}`,
        }),
      ),
    );
    count('customers', customerIds.length);

    await tx.insert(inspectionTemplateQuestions).values([
      ...PRE_DEPARTURE_QUESTIONS.map(([category, question, requiresPhoto], i) => ({
        id: preQuestionIds[i],
        type: 'pre_departure' as const,
        category,
        question,
        requiresPhoto,
        sortOrder: i + 1,
      })),
      ...END_OF_SHIFT_QUESTIONS.map(([category, question, requiresPhoto], i) => ({
        id: endQuestionIds[i],
        type: 'end_of_shift' as const,
        category,
        question,
        requiresPhoto,
        sortOrder: i + 1,
      })),
    ]);
    progress(
      `accounts, fleet and customers: ${userRows.length} users, ${vehicleIds.length} vehicles, ${customerIds.length} customers`,
    );

    // ---- jobs, day by day: weekdays busier than weekends; about 1% undated drafts at the end
    const firstDay = addDays(options.today, -PAST_DAYS);
    const dayCount = PAST_DAYS + FUTURE_DAYS + 1;
    const undated = Math.floor(sizes.jobs / 100);
    const dated = sizes.jobs - undated;
    const weights = Array.from({ length: dayCount }, (_, d) => {
      const weekday = new Date(`${addDays(firstDay, d)}T00:00:00Z`).getUTCDay();
      return weekday === 0 ? 0.45 : weekday === 6 ? 0.7 : 1.1;
    });
    const weightSum = weights.reduce((a, b) => a + b, 0);
    // Cumulative rounding: the per-day counts add up to exactly `dated`.
    const perDay: number[] = [];
    let acc = 0;
    let given = 0;
    for (const w of weights) {
      acc += (w / weightSum) * dated;
      const upTo = Math.round(acc);
      perDay.push(upTo - given);
      given = upTo;
    }

    let sequence = 0;
    let shiftBudget = sizes.shifts;
    let formBudget = sizes.forms;
    let slice = emptySlice();
    let sliceJobs = 0;
    const flush = async () => {
      await insertAll(tx, jobs, slice.jobs);
      await insertAll(tx, jobLegs, slice.legs);
      await insertAll(tx, jobRequirements, slice.requirements);
      await insertAll(tx, jobVehicles, slice.slots);
      await insertAll(tx, jobOffers, slice.offers);
      await insertAll(tx, jobRequests, slice.requests);
      await insertAll(tx, shifts, slice.shifts);
      await insertAll(tx, preDepartureInspections, slice.pre);
      await insertAll(tx, endOfShiftInspections, slice.end);
      await insertAll(tx, fuelLogs, slice.fuel);
      count('jobs', slice.jobs.length);
      count('job_legs', slice.legs.length);
      count('job_requirements', slice.requirements.length);
      count('job_vehicles', slice.slots.length);
      count('job_offers', slice.offers.length);
      count('job_requests', slice.requests.length);
      count('shifts', slice.shifts.length);
      count('pre_departure_inspections', slice.pre.length);
      count('end_of_shift_inspections', slice.end.length);
      count('fuel_logs', slice.fuel.length);
      progress(
        `jobs: ${counts.jobs}/${sizes.jobs} (${counts.shifts ?? 0} shifts) after ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      slice = emptySlice();
      sliceJobs = 0;
    };

    const addJob = (date: string | null, dayIndex: number, indexInDay: number) => {
      const dayOffset = dayIndex - PAST_DAYS;
      sequence += 1;
      const id = randomUUID();
      const status = statusFor(dayOffset, date === null, rnd.next());
      // Big customers book often: a skewed pick.
      const customer = Math.floor(rnd.next() ** 2 * sizes.customers);
      const vehicleCount = rnd.next() < 0.85 ? 1 : rnd.next() < 0.8 ? 2 : 3;
      const start = rnd.int(12, 40) * 15; // 03:00 to 10:00
      const legCount = rnd.next() < 0.6 ? 2 : 1;
      const duration = rnd.int(4, 20) * 15;
      const origin = `${rnd.int(1, 200)} ${rnd.pick(['Station', 'Church', 'Victoria', 'Pacific'])} Street, ${rnd.pick(SUBURBS)} NSW`;
      const destination = rnd.pick(DESTINATIONS);
      const base = rnd.int(8, 120) * 50;
      const price = {
        basePrice: base,
        subtotal: base,
        taxAmount: roundToCents(base / 11),
        totalPrice: base,
      };
      const service = rnd.pick(SERVICES);
      const created = at(date ?? options.today, 9 * 60 - rnd.int(5, 60) * 24 * 60);
      slice.jobs.push({
        id,
        jobNumber: formatJobNumber(sequence),
        title: `${service} – ${destination.split(',')[0]}`,
        serviceDate: date,
        paxCount: rnd.int(8, 55 * vehicleCount),
        serviceDescription: `${service} for ${vehicleCount * 40} passengers.`,
        customerId: customerIds[customer],
        contactId: contactIds[customer],
        status,
        ...price,
        termsTemplateId: termsId,
        createdBy: managerId,
        createdAt: created,
        updatedAt: created,
      });
      slice.legs.push({
        jobId: id,
        legNumber: 1,
        originAddress: origin,
        destinationAddress: destination,
        departureTime: hhmm(start),
        arrivalTime: hhmm(start + duration),
      });
      const returnStart = start + duration + rnd.int(2, 8) * 15;
      const end = legCount === 2 ? returnStart + duration : start + duration;
      if (legCount === 2) {
        slice.legs.push({
          jobId: id,
          legNumber: 2,
          originAddress: destination,
          destinationAddress: origin,
          departureTime: hhmm(returnStart),
          arrivalTime: hhmm(end),
        });
      }

      const staffed = status === 'completed' || status === 'in_progress' || status === 'assigned';
      const requirementId = randomUUID();
      for (let s = 0; s < vehicleCount; s++) {
        const slot = indexInDay + s;
        // One vehicle and one driver a day each: rotate through the fleet, no one twice in a day.
        const vehicleIndex = date && slot < sizes.vehicles ? (dayIndex * 13 + slot) % sizes.vehicles : -1;
        const driverIndex = date && slot < sizes.drivers ? (dayIndex * 7 + slot) % sizes.drivers : -1;
        const hasVehicle = vehicleIndex >= 0 && status !== 'draft' && status !== 'quoted';
        const vehicleId = hasVehicle ? vehicleIds[vehicleIndex] : null;
        // Confirmed jobs are half staffed: their open positions are what drivers can request.
        const hasDriver =
          hasVehicle && driverIndex >= 0 && (staffed || (status === 'confirmed' && rnd.next() < 0.5));
        const driverId = hasDriver ? (driverIds[driverIndex] ?? null) : null;
        if (s === 0) {
          const c = vehicleIndex >= 0 ? (vehicleCategory[vehicleIndex] ?? 0) : rnd.int(0, 4);
          const category = CATEGORIES[c] ?? CATEGORIES[0];
          slice.requirements.push({
            id: requirementId,
            jobId: id,
            categoryId: categoryIds[c],
            categoryName: category.name,
            categoryColor: category.color,
            color: category.color,
            quantity: vehicleCount,
          });
        }
        slice.slots.push({
          jobId: id,
          vehicleId,
          driverId,
          requirementId,
          slotPosition: s + 1,
          startingDepotId: vehicleId ? depotIds[vehicleIndex % depotIds.length] : null,
          endingDepotId: vehicleId ? depotIds[vehicleIndex % depotIds.length] : null,
        });
        if (status === 'confirmed' && vehicleId && !driverId && dayOffset >= 0) {
          const other = driverIds[(driverIndex + 1 + rnd.int(0, sizes.drivers - 1)) % sizes.drivers];
          const roll = rnd.next();
          if (other && roll < 0.3) {
            slice.offers.push({
              jobId: id,
              driverId: other,
              status: 'pending',
              expiresAt: at(options.today, 24 * 60 + rnd.int(0, 72) * 60),
              createdBy: managerId,
            });
          } else if (other && roll < 0.4 && s === 0) {
            slice.requests.push({ jobId: id, driverId: other, message: 'Happy to take this one.' });
          }
        }
        if (staffed && driverId && vehicleId && rnd.next() < 0.15) {
          slice.offers.push({ jobId: id, driverId, status: 'accepted', createdBy: managerId });
        }

        // A completed job's driver worked a shift that day, with the forms a driver fills in.
        if (status !== 'completed' || !date || !driverId || !vehicleId || shiftBudget <= 0) continue;
        shiftBudget -= 1;
        const shiftId = randomUUID();
        const startTime = at(date, start - 45);
        const endTime = at(date, end + 30);
        slice.shifts.push({
          id: shiftId,
          driverId,
          vehicleId,
          startTime,
          endTime,
          shiftDate: date,
          createdAt: startTime,
          updatedAt: endTime,
        });
        if (formBudget <= 0) continue;
        formBudget -= 1;
        const noted = rnd.next() < 0.08;
        const responses: InspectionResponse[] = preQuestionIds.map((questionId, q) => ({
          questionId,
          passed: true,
          notes: noted && q === 3 ? 'Front left tyre slightly worn, still above the limit' : null,
        }));
        slice.pre.push({
          driverId,
          vehicleId,
          shiftId,
          inspectionDate: at(date, start - 40),
          responses,
          overallStatus: noted ? 'pass_with_notes' : 'pass',
          createdAt: at(date, start - 40),
        });
        const distance = rnd.int(40, 420);
        odometer[vehicleIndex] = (odometer[vehicleIndex] ?? 0) + distance;
        if (formBudget > 0 && rnd.next() < 0.7) {
          formBudget -= 1;
          slice.end.push({
            driverId,
            vehicleId,
            shiftId,
            inspectionDate: at(date, end + 20),
            responses: endQuestionIds.map((questionId) => ({ questionId, passed: true, notes: null })),
            overallStatus: 'pass',
            busClean: 1,
            createdAt: at(date, end + 20),
          });
        }
        if (formBudget > 0 && rnd.next() < 0.35) {
          formBudget -= 1;
          slice.fuel.push({
            driverId,
            vehicleId,
            shiftId,
            fuelDate: at(date, end + 10),
            odometerReading: odometer[vehicleIndex] ?? 0,
            litersAdded: roundToCents(distance * 0.38 + rnd.next() * 20),
            fuelType: 'Diesel',
            location: `${depotIdsName(vehicleIndex)} bowser`,
            createdAt: at(date, end + 10),
          });
        }
      }
      return vehicleCount;
    };

    for (let d = 0; d < dayCount; d++) {
      const date = addDays(firstDay, d);
      let slot = 0;
      for (let j = 0; j < (perDay[d] ?? 0); j++) slot += addJob(date, d, slot);
      sliceJobs += perDay[d] ?? 0;
      if (sliceJobs >= SLICE_JOBS) await flush();
    }
    for (let j = 0; j < undated; j++) addJob(null, dayCount, 0);
    await flush();

    // New jobs continue the numbering; customers' totals follow their completed jobs.
    await tx.execute(sql`select setval('job_number_seq', ${sequence})`);
    await tx.execute(sql`
      update customers c
         set total_bookings = s.n,
             total_revenue = s.revenue,
             loyalty_points = case when c.company_type = 'school' then s.n else 0 end
        from (select customer_id, count(*)::int as n, sum(total_price) as revenue
                from jobs where status = 'completed' group by customer_id) s
       where s.customer_id = c.id`);

    // Completed jobs are billed (issue 25): an issued invoice of one line each, numbered in service
    // order, those older than a month paid by bank transfer; the invoice list is benched on them.
    await tx.execute(sql`
      with made as (
        insert into invoices (kind, state, number, job_id, job_number, customer_id, customer_name,
                              billing_email, currency, tax_mode, tax_rate, issue_date, list_date, due_date,
                              subtotal, tax_total, total, amount_paid, created_at, updated_at)
        select 'final', 'issued',
               'INV-' || lpad((row_number() over (order by j.service_date, j.job_number))::text, 6, '0'),
               j.id, j.job_number, j.customer_id, c.company_name,
               coalesce(nullif(c.billing_email, ''), c.email), j.currency, j.tax_mode, j.tax_rate,
               j.service_date, j.service_date, j.service_date + 14,
               j.total_price - case when j.tax_mode = 'exclusive' then j.tax_amount else 0 end,
               j.tax_amount, j.total_price,
               case when j.service_date < current_date - 30 then j.total_price else 0 end,
               (j.service_date + time '18:00') at time zone ${tz},
               (j.service_date + time '18:00') at time zone ${tz}
          from jobs j join customers c on c.id = j.customer_id
         where j.status = 'completed' and j.service_date is not null and j.total_price > 0
        returning id, job_number, subtotal, tax_total, total, amount_paid, due_date
      ), lines as (
        insert into invoice_lines (invoice_id, position, description, quantity, unit_price, amount,
                                   tax_amount, total)
        select id, 1, 'Coach hire ' || coalesce(job_number, ''), 1, subtotal, subtotal, tax_total, total
          from made
      ), paid as (
        insert into invoice_payments (invoice_id, amount, paid_on, method, reference)
        select id, amount_paid, due_date - 3, 'bank_transfer', 'EFT ' || coalesce(job_number, '')
          from made where amount_paid > 0
      )
      select count(*) from made`);
    const [billed] = await tx.select({ n: sql<number>`count(*)::int` }).from(invoices);
    const invoiceCount = Number(billed?.n ?? 0);
    count('invoices', invoiceCount);
    await tx
      .insert(invoiceSettings)
      .values({ nextInvoiceNumber: invoiceCount + 1 })
      .onConflictDoUpdate({
        target: invoiceSettings.id,
        set: { nextInvoiceNumber: invoiceCount + 1 },
      });
  });
  progress(`analyzing tables after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // Fresh statistics, so the planner sees the volume at once rather than after autovacuum.
  await db.execute(sql`analyze`);

  return {
    counts,
    manager: VOLUME_MANAGER,
    driver: {
      emailPattern: 'driver1@volume.local … driver{N}@volume.local',
      password: VOLUME_DRIVER_PASSWORD,
      firstPin: String(VOLUME_FIRST_PIN),
    },
  };
}

function depotIdsName(vehicleIndex: number): string {
  return ['Granville Depot', 'Brookvale Depot', 'Mascot Airport Yard'][vehicleIndex % 3] ?? 'Granville Depot';
}

function emptySlice() {
  return {
    jobs: [] as NewJob[],
    legs: [] as NewJobLeg[],
    requirements: [] as NewJobRequirement[],
    slots: [] as NewJobVehicle[],
    offers: [] as NewJobOffer[],
    requests: [] as NewJobRequest[],
    shifts: [] as NewShift[],
    pre: [] as NewPreDepartureInspection[],
    end: [] as NewEndOfShiftInspection[],
    fuel: [] as NewFuelLog[],
  };
}

/** Status by the job's day relative to today: the past is done or called off, the future is being sold and staffed. */
function statusFor(dayOffset: number, undated: boolean, r: number): JobStatus {
  if (undated) return 'draft';
  if (dayOffset < 0) return r < 0.88 ? 'completed' : r < 0.97 ? 'cancelled' : 'postponed';
  if (dayOffset === 0) return r < 0.5 ? 'in_progress' : r < 0.9 ? 'assigned' : 'confirmed';
  // Near days are mostly staffed; further out, mostly quotes.
  const near = dayOffset <= 14;
  if (r < (near ? 0.05 : 0.15)) return 'draft';
  if (r < (near ? 0.15 : 0.45)) return 'quoted';
  if (r < (near ? 0.4 : 0.75)) return 'confirmed';
  return r < 0.99 ? 'assigned' : 'postponed';
}
