import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import {
  customerContacts,
  customers,
  depots,
  jobLegs,
  jobs,
  jobVehicles,
  type NewCustomer,
  type NewJob,
  type NewUser,
  type NewVehicle,
  shifts,
  users,
  vehicleCategoriesNew,
  vehicles,
} from '../db/schema';
import { hashPassword } from '../lib/password';
import { pinDigest } from '../lib/pin-digest';
import { TEST_PIN_KEY } from './test-secret';

// Test data built through the real schema. Each factory takes overrides and fills the rest with
// unique, valid values.

const unique = () => randomBytes(4).toString('hex');
// The factory's PINs come from 9100-9999 only: a test that needs a PIN of its own (the demo's 1111,
// a terminal test's 8421) takes one below 9100, and a random factory PIN can never be the same one
// (PINs are unique: the two collided in about one run in twenty).
const FACTORY_PIN_FIRST = 9100;
const FACTORY_PIN_COUNT = 900;
let pinCounter = Math.floor(Math.random() * FACTORY_PIN_COUNT);
function nextPin(): string {
  pinCounter = (pinCounter + 1) % FACTORY_PIN_COUNT;
  return String(FACTORY_PIN_FIRST + pinCounter);
}

let cachedHash: Promise<string> | undefined;
/** Every factory user's password, hashed once per test file. */
export const TEST_PASSWORD = 'password123';

/**
 * A user as the tests describe one: `driverNumber` is the PIN in clear, stored as its digest under
 * the test apps' key, as the app stores every PIN (ADR 26).
 */
export async function createUser(db: Db, overrides: Partial<NewUser> = {}) {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const { driverNumber, ...rest } = overrides;
  const [row] = await db
    .insert(users)
    .values({
      email: `user-${unique()}@example.test`,
      firstName: 'Test',
      lastName: 'User',
      password: await cachedHash,
      roles: ['driver'],
      emailVerified: 1,
      ...rest,
      ...(driverNumber ? { pinDigest: pinDigest(driverNumber, TEST_PIN_KEY) } : {}),
    })
    .returning();
  return { ...row!, driverNumber: driverNumber ?? null };
}

export const createDriver = (db: Db, overrides: Partial<NewUser> = {}) =>
  createUser(db, { roles: ['driver'], driverNumber: nextPin(), ...overrides });

export const createManager = (db: Db, overrides: Partial<NewUser> = {}) =>
  createUser(db, { roles: ['manager'], ...overrides });

export async function createCategory(db: Db, name = `Coach ${unique()}`) {
  const [row] = await db
    .insert(vehicleCategoriesNew)
    .values({ name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-') })
    .returning();
  return row!;
}

export async function createDepot(db: Db, name = `Depot ${unique()}`) {
  const [row] = await db.insert(depots).values({ name, address: '1 Depot Rd, Sydney NSW' }).returning();
  return row!;
}

export async function createVehicle(db: Db, overrides: Partial<NewVehicle> = {}) {
  const [row] = await db
    .insert(vehicles)
    .values({
      registrationNumber: `T${unique().toUpperCase()}`,
      nickname: 'Test bus',
      seatedCapacity: 50,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createCustomer(db: Db, overrides: Partial<NewCustomer> = {}) {
  const [row] = await db
    .insert(customers)
    .values({ companyName: `Customer ${unique()}`, companyType: 'corporate', ...overrides })
    .returning();
  return row!;
}

export async function createContact(db: Db, customerId: string, name = 'Pat Contact') {
  const [row] = await db.insert(customerContacts).values({ customerId, name, role: 'Manager' }).returning();
  return row!;
}

/** A job with one leg, and optionally a vehicle slot with a driver. */
export async function createJob(
  db: Db,
  overrides: Partial<NewJob> = {},
  allocation: { vehicleId?: string; driverId?: string } = {},
) {
  const [job] = await db
    .insert(jobs)
    .values({ jobNumber: `T-${unique()}`, title: 'Test charter', serviceDate: '2026-11-23', ...overrides })
    .returning();
  await db.insert(jobLegs).values({
    jobId: job!.id,
    legNumber: 1,
    originAddress: 'Central Station, Sydney',
    destinationAddress: 'Taronga Zoo, Mosman',
    departureTime: '08:30',
    arrivalTime: '09:15',
  });
  if (allocation.vehicleId || allocation.driverId) {
    await db
      .insert(jobVehicles)
      .values({ jobId: job!.id, vehicleId: allocation.vehicleId, driverId: allocation.driverId });
  }
  return job!;
}

export async function createShift(
  db: Db,
  driverId: string,
  overrides: { vehicleId?: string; endTime?: Date | null } = {},
) {
  const [row] = await db
    .insert(shifts)
    .values({
      driverId,
      shiftDate: '2026-11-22',
      vehicleId: overrides.vehicleId,
      endTime: overrides.endTime ?? null,
    })
    .returning();
  return row!;
}
