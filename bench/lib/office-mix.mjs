// The office mix: 200 people at once against the production server on the PostgreSQL volume
// database, as the reliability issue's probe loaded it (60 managers, 80 drivers, 60 terminals, three
// minutes, about 400 requests a second), with every write the server acknowledged checked in the
// database afterwards. `node bench/office-mix.mjs` runs it alone; `npm run bench` after the rest.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { root } from '../../scripts/lib.mjs';
import { call, ok, setCookie, signIn, VOLUME_MANAGER, volumeDriver, volumePin } from './http.mjs';
import { cpuMs } from './load.mjs';
import { startServer } from './servers.mjs';

export const OFFICE_MIX_USERS = { manager: 60, driver: 80, terminal: 60 };
export const OFFICE_MIX_DURATION_S = Number(process.env.BENCH_OFFICE_MIX_DURATION ?? 180);
/** What the probe measured with this mix on two busy cores: the p99 is compared with it, not budgeted. */
export const PROBE = { rps: 403, p99: 818 };

// Drivers 1-80 use their phones; the next 60 sign in at the terminals, one each, so that no
// terminal waits on another's open shift. bench/run.mjs's clock-in takes its crew from the end of
// the PIN range and its vehicles from the end of the list; the terminals here take the front.
/** Drivers at the end of the seed's range that the office mix leaves to bench/run.mjs's clock-in. */
const CLOCK_IN_CREW = 9;
/** A terminal tries a submission this many times (network error or 5xx) with the same key. */
const TERMINAL_ATTEMPTS = 5;
const REQUEST_TIMEOUT_MS = 30_000;

// Think times (ms, drawn evenly from the range) and the weight of each screen. They are set so that
// the mix lands near the probe's 400 requests a second on this machine: a manager moves on about
// three times a second, faster than a person, because the probe's rate was that. What costs the
// server most is rare, as in an office: the dispatch board of a day (0.4-1 s of the server's CPU
// for its driver-hours checks at volume), a job search (a scan of every job) and Available Jobs.
const MANAGER_THINK = [100, 300];
const DRIVER_THINK = [200, 700];
const TERMINAL_THINK = [1000, 3000];
/** Editing a job in the form, between reading it and saving it. */
const EDIT_THINK = [1000, 3000];
const MANAGER_SCREENS = [
  ['jobList', 34],
  ['jobDetail', 30],
  ['report', 17],
  ['saveJob', 8],
  ['changeStatus', 6],
  ['timesheets', 2],
  ['dispatch', 0.3],
];
const DRIVER_SCREENS = [
  ['myJobs', 55],
  ['offers', 42],
  ['available', 3],
];
export const JOB_FILTERS = [
  ['period=upcoming', 20],
  ['period=today', 15],
  ['period=week', 10],
  ['status=confirmed&period=upcoming', 10],
  ['status=quoted', 10],
  ['status=assigned&period=month', 10],
  ['status=completed', 10],
  ['status=completed&offset=50', 5],
  ['search=Epping', 0.5],
];
export const REPORTS = [
  '/api/inspections/pre-departure',
  '/api/inspections/end-of-shift',
  '/api/fuel-logs',
  '/api/incident-reports',
  '/api/emergency-alerts',
];
/** Draft jobs every manager may save (so two may collide: 409, expected) and one of each manager's own. */
const SHARED_JOBS = 30;
// The server sits behind a trusted proxy here (TRUST_PROXY), so each person has an address: the
// office one, each phone and each depot tablet its own. Enrolment allows 10 per address in 15 minutes.
const OFFICE_ADDRESS = '203.0.113.10';
const phoneAddress = (i) => `198.51.100.${i + 1}`;
const terminalAddress = (i) => `192.0.2.${i + 1}`;

/** mulberry32: each user draws from its own stream, so that two runs ask for the same things. */
export function prng(seed) {
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
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    weighted: (table) => {
      let r = next() * table.reduce((n, [, w]) => n + w, 0);
      for (const [name, w] of table) {
        r -= w;
        if (r < 0) return name;
      }
      return table.at(-1)[0];
    },
  };
}

/** A day from today in the operator's zone (the server's APP_TIMEZONE), as the screens ask for it. */
const operatorDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: process.env.APP_TIMEZONE ?? 'Australia/Sydney',
});
export const dayFromToday = (n) => operatorDay.format(new Date(Date.now() + n * 86_400_000));
/** Nearest rank: the smallest value with at least `q` of the values at or under it. */
export const percentile = (sorted, q) =>
  sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const isOk = (res) => res !== null && res.status >= 200 && res.status < 300;

/** Answers, latencies and errors by user kind and by request. */
function recorder() {
  const kinds = { manager: [], driver: [], terminal: [] };
  const routes = new Map();
  const errorSamples = [];
  let errors = 0;
  let conflicts = 0;
  let retries = 0;
  return {
    add(kind, route, status, ms, { expected409 = false, message } = {}) {
      const good = typeof status === 'number' && status >= 200 && status < 300;
      const conflict = expected409 && status === 409;
      kinds[kind].push(ms);
      const entry = routes.get(route) ?? { kind, route, ms: [], errors: 0, conflicts: 0 };
      entry.ms.push(ms);
      if (conflict) {
        entry.conflicts += 1;
        conflicts += 1;
      } else if (!good) {
        entry.errors += 1;
        errors += 1;
        if (errorSamples.length < 20) errorSamples.push({ kind, route, status, message });
      }
      routes.set(route, entry);
    },
    retried() {
      retries += 1;
    },
    summary(elapsedS) {
      const figures = (list, errorCount, conflictCount) => {
        const sorted = Float64Array.from(list).sort();
        return {
          requests: list.length,
          rps: list.length / elapsedS,
          p50: percentile(sorted, 0.5),
          p99: percentile(sorted, 0.99),
          max: sorted.length ? sorted[sorted.length - 1] : null,
          errors: errorCount,
          conflicts: conflictCount,
        };
      };
      const byKind = {};
      for (const [kind, list] of Object.entries(kinds)) {
        const mine = [...routes.values()].filter((r) => r.kind === kind);
        byKind[kind] = figures(
          list,
          mine.reduce((n, r) => n + r.errors, 0),
          mine.reduce((n, r) => n + r.conflicts, 0),
        );
      }
      return {
        overall: figures(Object.values(kinds).flat(), errors, conflicts),
        byKind,
        byRoute: [...routes.values()]
          .map((r) => ({ kind: r.kind, route: r.route, ...figures(r.ms, r.errors, r.conflicts) }))
          .sort((a, b) => a.kind.localeCompare(b.kind) || b.requests - a.requests),
        errorSamples,
        retries,
      };
    },
  };
}

/** One simulated person: their session cookies (kept as the server sets them) and address. */
function person(kind, index, address, cookies = []) {
  const jar = new Map(cookies.filter(Boolean).map((c) => c.split(/=(.*)/s).slice(0, 2)));
  return {
    kind,
    index,
    address,
    rnd: prng(({ manager: 1, driver: 2, terminal: 3 }[kind] << 16) + index),
    cookie: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    keep(res) {
      for (const line of res.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(';');
        const [name, value] = pair.split(/=(.*)/s);
        const gone = value === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
        if (gone) jar.delete(name.trim());
        else jar.set(name.trim(), value);
      }
    },
  };
}

/** A job as GET /api/jobs/{id} answers it, back into the form's PUT body (apps/web job-form-dialog). */
export function jobInput(job, changes = {}) {
  return {
    jobNumber: job.jobNumber,
    version: job.version,
    status: job.status,
    title: job.title,
    serviceDate: job.serviceDate,
    paxCount: job.paxCount,
    serviceDescription: job.serviceDescription,
    notesDriver: job.notesDriver,
    mapsLink: job.mapsLink,
    customerId: job.customerId,
    contactId: job.contactId,
    vehicles: job.vehicles.map((s) => ({
      id: s.id,
      categoryId: s.categoryId,
      vehicleId: s.vehicleId,
      driverId: s.driverId,
      vehicleNotes: s.vehicleNotes,
      startingDepotId: s.startingDepot?.id ?? null,
      endingDepotId: s.endingDepot?.id ?? null,
    })),
    legs: job.legs.map((l) => ({
      originAddress: l.originAddress,
      destinationAddress: l.destinationAddress,
      departureTime: l.departureTime,
      arrivalTime: l.arrivalTime,
      notes: l.notes,
    })),
    basePrice: job.basePrice,
    extraCharges: job.extraCharges,
    discounts: job.discounts,
    taxMode: job.taxMode,
    taxRate: job.taxRate,
    currency: job.currency,
    pricingNotes: job.pricingNotes,
    termsTemplateId: job.termsTemplateId,
    termsAndConditions: job.termsAndConditions,
    ...changes,
  };
}

async function query(url, text, values) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    return (await db.query(text, values)).rows;
  } finally {
    await db.end();
  }
}

/** Runs `work` over `items`, `width` at a time. */
async function inBatches(items, width, work) {
  const out = [];
  for (let i = 0; i < items.length; i += width)
    out.push(...(await Promise.all(items.slice(i, i + width).map(work))));
  return out;
}

/**
 * Sessions, terminals, jobs and vehicles for the run. Sign-ins go one (managers) or four (drivers) at
 * a time: the per-account throttle counts an attempt before it clears on success, and 60 sign-ins of
 * the one volume manager at once would pass its limit of 10.
 */
async function setUp(base, databaseUrl, runId, users) {
  const office = { 'x-forwarded-for': OFFICE_ADDRESS };
  const managerCookies = [];
  for (let i = 0; i < users.manager; i++) managerCookies.push(await signIn(base, VOLUME_MANAGER, office));
  const admin = managerCookies[0];
  const managers = managerCookies.map((c, i) => person('manager', i, OFFICE_ADDRESS, [c]));
  const drivers = await inBatches(
    Array.from({ length: users.driver }, (_, i) => i),
    4,
    async (i) =>
      person('driver', i, phoneAddress(i), [
        await signIn(base, volumeDriver(i + 1), { 'x-forwarded-for': phoneAddress(i) }),
      ]),
  );
  const get = async (url) => ok(await call(base, 'GET', url, { cookie: admin, headers: office }), url).json;
  const { total: driverTotal } = await get('/api/drivers?limit=1');
  if (driverTotal < users.driver + users.terminal + CLOCK_IN_CREW)
    throw new Error(
      `office mix: the volume data has ${driverTotal} drivers, needs ${users.driver + users.terminal + CLOCK_IN_CREW} (seed:load --jobs 100000 has 286)`,
    );

  // Draft jobs to come: nobody else writes them and a save mails no one.
  const drafts = (await get('/api/jobs?status=draft&period=upcoming&limit=200')).items.map((j) => j.id);
  if (drafts.length < SHARED_JOBS + users.manager)
    throw new Error(`office mix: ${drafts.length} draft jobs to come, needs ${SHARED_JOBS + users.manager}`);
  const sharedJobs = drafts.slice(0, SHARED_JOBS);
  const ownJobs = drafts.slice(SHARED_JOBS, SHARED_JOBS + users.manager);

  // A vehicle held by an open shift or an open defect would refuse the clock-in.
  const busy = new Set(
    (
      await query(
        databaseUrl,
        `select vehicle_id from shifts where end_time is null and vehicle_id is not null
         union select vehicle_id from vehicle_defects where cleared_at is null`,
      )
    ).map((r) => r.vehicle_id),
  );
  const fleet = (await get('/api/vehicles?type=company_owned&limit=200')).items;
  const vehicles = fleet.filter((v) => v.isActive !== 0 && !busy.has(v.id)).slice(0, users.terminal);
  if (vehicles.length < users.terminal)
    throw new Error(`office mix: ${vehicles.length} free company vehicles, needs ${users.terminal}`);
  const questions = await get('/api/inspection-questions?type=pre_departure');
  const inspection = { responses: questions.map((q) => ({ questionId: q.id, passed: true })) };
  // Clock-out carries the end-of-shift inspection: a driver with a job that day may not end without it (ADR 27).
  const endOfShift = {
    responses: (await get('/api/inspection-questions?type=end_of_shift')).map((q) => ({
      questionId: q.id,
      passed: true,
    })),
    clearOfBus: 'confirmed',
  };

  const terminals = [];
  for (let i = 0; i < users.terminal; i++) {
    const address = terminalAddress(i);
    const made = ok(
      await call(base, 'POST', '/api/terminals', {
        cookie: admin,
        headers: office,
        body: { name: `Office mix ${runId} ${i + 1}` },
      }),
      'terminal',
    ).json;
    const enrol = ok(
      await call(base, 'POST', '/api/terminal/enrol', {
        body: { code: made.enrolmentCode },
        headers: { 'x-forwarded-for': address },
      }),
      'enrolment',
    );
    const t = person('terminal', i, address, [setCookie(enrol, 'dms_terminal')]);
    const driverNumber = users.driver + 1 + i;
    Object.assign(t, {
      terminalId: made.id,
      pin: volumePin(driverNumber),
      vehicleId: vehicles[i].id,
      seq: 0,
    });
    // Learns the driver's id and closes a shift an interrupted run left open.
    const headers = { 'x-forwarded-for': address, 'idempotency-key': `om-${runId}-${i}-setup` };
    const login = ok(
      await call(base, 'POST', '/api/terminal/login', {
        cookie: t.cookie(),
        body: { driverNumber: t.pin },
        headers,
      }),
      `PIN sign-in of driver ${driverNumber}`,
    );
    t.keep(login);
    t.driverId = login.json.id;
    const active = await call(base, 'GET', '/api/shifts/active', { cookie: t.cookie(), headers });
    if (active.json?.id)
      ok(
        await call(base, 'POST', `/api/shifts/end/${active.json.id}`, {
          body: { endOfShift },
          cookie: t.cookie(),
          headers: { ...headers, 'idempotency-key': `om-${runId}-${i}-setup-end` },
        }),
        'closing a left-over shift',
      );
    t.keep(await call(base, 'POST', '/api/terminal/logout', { cookie: t.cookie(), headers }));
    terminals.push(t);
  }
  managers.forEach((m, i) => {
    m.ownJob = ownJobs[i];
  });
  return { admin, managers, drivers, terminals, sharedJobs, ownJobs, inspection, endOfShift };
}

/** The writes the server acknowledged, to be found in the database afterwards. */
function ledger() {
  return {
    shiftsStarted: new Map(), // shift id -> driver id
    shiftsEnded: new Map(), // shift id -> endTime answered
    fuelLogs: new Set(),
    incidents: new Set(),
    /** job id -> { acked: [{ version, notes?, status? }], unknown } */
    jobSaves: new Map(),
    statusChanges: new Map(),
    /** Terminal submissions whose outcome is not known (every attempt failed): they may be stored. */
    unknown: { shiftsStarted: 0, shiftsEnded: 0, fuelLogs: 0, incidents: 0 },
  };
}

function jobEntry(map, id) {
  if (!map.has(id)) map.set(id, { acked: [], unknown: 0 });
  return map.get(id);
}

/**
 * The load: each person loops over their screens until the time is up; a terminal then clocks out
 * of the shift it is in, at once, so that every shift the run opened is closed.
 */
async function drive({ base, setup, durationS, runId }) {
  const rec = recorder();
  const writes = ledger();
  let stopping = false;
  const think = async (u, [lo, hi]) => {
    if (!stopping) await sleep(u.rnd.int(lo, hi));
  };

  async function send(u, method, url, { body, headers = {}, route, expected409 } = {}) {
    const started = performance.now();
    let res = null;
    let message;
    try {
      res = await call(base, method, url, {
        cookie: u.cookie(),
        body,
        headers: { 'x-forwarded-for': u.address, ...headers },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      u.keep(res);
      if (!isOk(res)) {
        try {
          message = res.json?.message;
        } catch {
          message = 'an answer that is not JSON';
        }
      }
    } catch (error) {
      message = error.cause?.code ?? error.name ?? String(error);
    }
    rec.add(
      u.kind,
      route ?? `${method} ${url.split('?')[0]}`,
      res?.status ?? 'network error',
      performance.now() - started,
      {
        expected409,
        message,
      },
    );
    return res;
  }

  /** A terminal submission: one key, sent again on a network error or a 5xx, as the terminal app does. */
  async function submit(t, url, body, route) {
    const key = `om-${runId}-${t.index}-${++t.seq}`;
    for (let attempt = 1; ; attempt++) {
      const res = await send(t, 'POST', url, { body, headers: { 'idempotency-key': key }, route });
      if ((res && res.status < 500) || attempt === TERMINAL_ATTEMPTS) return res;
      rec.retried();
      await sleep(250 * 2 ** (attempt - 1));
    }
  }
  /** null when acknowledged, else whether the write may still have happened. */
  const outcome = (res) => (isOk(res) ? 'acked' : res === null || res.status >= 500 ? 'unknown' : 'refused');

  const manager = {
    async jobList(m) {
      const filter = m.rnd.weighted(JOB_FILTERS);
      const res = await send(
        m,
        'GET',
        `/api/jobs?${filter}&limit=50${filter.includes('offset') ? '' : '&offset=0'}&shape=rows`,
        {
          route: 'GET /api/jobs (manager list)',
        },
      );
      // The screen's rows (ADR 40): a row's first cell is the job's id.
      if (isOk(res)) m.seen = res.json.items.map((row) => row[0]);
    },
    async jobDetail(m) {
      if (!m.seen?.length) return manager.jobList(m);
      await send(m, 'GET', `/api/jobs/${m.rnd.pick(m.seen)}`, { route: 'GET /api/jobs/{id}' });
    },
    async dispatch(m) {
      const day = m.rnd.next() < 0.5 ? 0 : m.rnd.int(1, 6);
      await send(m, 'GET', `/api/dispatch?date=${dayFromToday(day)}`);
    },
    async report(m) {
      await send(m, 'GET', `${m.rnd.pick(REPORTS)}?limit=50&offset=0`);
    },
    // The page opens on the week's totals per driver and day; one look in three opens a day's shifts.
    async timesheets(m) {
      const res = await send(
        m,
        'GET',
        `/api/shifts/summary?startDate=${dayFromToday(-6)}&endDate=${dayFromToday(0)}`,
      );
      const driver = isOk(res) && res.json.drivers.length > 0 ? m.rnd.pick(res.json.drivers) : null;
      if (!driver || m.rnd.next() >= 1 / 3) return;
      const day = m.rnd.pick(driver.days).date;
      await send(m, 'GET', `/api/shifts/all?startDate=${day}&endDate=${day}&driverId=${driver.driverId}`, {
        route: 'GET /api/shifts/all (one day of one driver)',
      });
    },
    async saveJob(m) {
      const id = m.rnd.pick(setup.sharedJobs);
      const read = await send(m, 'GET', `/api/jobs/${id}`, { route: 'GET /api/jobs/{id}' });
      if (!isOk(read)) return;
      const job = read.json;
      await think(m, EDIT_THINK);
      m.saves = (m.saves ?? 0) + 1;
      const notes = `Office mix ${runId}: manager ${m.index + 1}, save ${m.saves}`;
      const res = await send(m, 'PUT', `/api/jobs/${id}`, {
        body: jobInput(job, { pricingNotes: notes }),
        route: 'PUT /api/jobs/{id}',
        expected409: true,
      });
      const entry = jobEntry(writes.jobSaves, id);
      if (isOk(res))
        entry.acked.push({ version: res.json.version, notes: res.json.pricingNotes, sent: notes });
      else if (outcome(res) === 'unknown') entry.unknown += 1;
    },
    async changeStatus(m) {
      if (!m.status) {
        const read = await send(m, 'GET', `/api/jobs/${m.ownJob}`, { route: 'GET /api/jobs/{id}' });
        if (!isOk(read)) return;
        m.status = read.json.status;
      }
      // The manager's own job: nobody else changes it, so each change is one version.
      m.status = m.status === 'quoted' ? 'draft' : 'quoted';
      const res = await send(m, 'PATCH', `/api/jobs/${m.ownJob}/status`, {
        body: { status: m.status },
        route: 'PATCH /api/jobs/{id}/status',
      });
      const entry = jobEntry(writes.statusChanges, m.ownJob);
      if (isOk(res)) entry.acked.push({ version: res.json.version, status: res.json.status, sent: m.status });
      else {
        if (outcome(res) === 'unknown') entry.unknown += 1;
        m.status = undefined; // not known now: the next change reads the job first
      }
    },
  };

  const driver = {
    myJobs: (d) =>
      send(d, 'GET', '/api/jobs?mine=1&period=upcoming&limit=200', { route: 'GET /api/jobs (My Jobs)' }),
    offers: (d) => send(d, 'GET', '/api/job-offers'),
    available: (d) => send(d, 'GET', '/api/jobs/available?limit=20&offset=0'),
  };

  async function clockOut(t, shiftId) {
    const end = await submit(
      t,
      `/api/shifts/end/${shiftId}`,
      { endOfShift: setup.endOfShift },
      'POST /api/shifts/end/{id}',
    );
    if (isOk(end)) writes.shiftsEnded.set(shiftId, end.json.endTime);
    else if (outcome(end) === 'unknown') writes.unknown.shiftsEnded += 1;
  }

  /** One shift at the depot: PIN, the home screen, clock-in with the inspection, forms, clock-out. */
  async function terminalShift(t) {
    const login = await submit(t, '/api/terminal/login', { driverNumber: t.pin }, 'POST /api/terminal/login');
    if (!isOk(login)) return think(t, TERMINAL_THINK);
    const [active] = await Promise.all([
      send(t, 'GET', '/api/shifts/active'),
      send(t, 'GET', '/api/jobs?terminal=1&period=today&limit=200', {
        route: 'GET /api/jobs (terminal today)',
      }),
    ]);
    // A clock-in whose every attempt failed may have been stored: the driver clocks out of it first.
    const open = isOk(active) ? active.json?.id : null;
    if (open) await clockOut(t, open);
    await think(t, TERMINAL_THINK);
    if (!stopping) {
      await Promise.all([
        send(t, 'GET', '/api/vehicles?type=company_owned&limit=200'),
        send(t, 'GET', '/api/inspection-questions?type=pre_departure'),
      ]);
      await think(t, TERMINAL_THINK);
    }
    const start = stopping
      ? null
      : await submit(
          t,
          '/api/shifts/start',
          { vehicleId: t.vehicleId, inspection: setup.inspection },
          'POST /api/shifts/start',
        );
    if (start && isOk(start)) {
      const shiftId = start.json.shift.id;
      writes.shiftsStarted.set(shiftId, t.driverId);
      // The terminal reads the shift again after clock-in; it carries the vehicle's last reading,
      // which a believable fuel log continues from (ADR 27).
      const shown = await send(t, 'GET', '/api/shifts/active');
      const last = isOk(shown) ? shown.json?.fuelBaseline?.previous?.odometerReading : undefined;
      await think(t, TERMINAL_THINK);
      if (!stopping) {
        t.odometer = Math.max(t.odometer ?? 0, last ?? 100_000 + t.index * 1000) + t.rnd.int(20, 200);
        const fuel = await submit(
          t,
          '/api/fuel-logs',
          {
            odometerReading: t.odometer,
            litersAdded: t.rnd.int(4000, 30000) / 100,
            fuelType: 'Diesel',
            location: 'Granville Depot bowser',
          },
          'POST /api/fuel-logs',
        );
        if (isOk(fuel)) writes.fuelLogs.add(fuel.json.id);
        else if (outcome(fuel) === 'unknown') writes.unknown.fuelLogs += 1;
        await think(t, TERMINAL_THINK);
      }
      if (!stopping && t.rnd.next() < 0.5) {
        const incident = await submit(
          t,
          '/api/incident-reports',
          {
            incidentType: t.rnd.pick(['near_miss', 'passenger_incident', 'property_damage']),
            location: 'Parramatta Road, Granville',
            description: `Office mix ${runId}: a car cut in at the lights; no contact, passengers seated.`,
          },
          'POST /api/incident-reports',
        );
        if (isOk(incident)) writes.incidents.add(incident.json.id);
        else if (outcome(incident) === 'unknown') writes.unknown.incidents += 1;
        await think(t, TERMINAL_THINK);
      }
      await clockOut(t, shiftId);
    } else if (start && outcome(start) === 'unknown') writes.unknown.shiftsStarted += 1;
    await submit(t, '/api/terminal/logout', undefined, 'POST /api/terminal/logout');
    await think(t, TERMINAL_THINK);
  }

  const loops = [
    ...setup.managers.map((m) => [
      m,
      async () => {
        while (!stopping) {
          await manager[m.rnd.weighted(MANAGER_SCREENS)](m);
          await think(m, MANAGER_THINK);
        }
      },
    ]),
    ...setup.drivers.map((d) => [
      d,
      async () => {
        while (!stopping) {
          await driver[d.rnd.weighted(DRIVER_SCREENS)](d);
          await think(d, DRIVER_THINK);
        }
      },
    ]),
    ...setup.terminals.map((t) => [
      t,
      async () => {
        while (!stopping) await terminalShift(t);
      },
    ]),
  ];
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  // People arrive over the first seconds, not in one burst; the terminals over ten, so that their
  // shifts do not stay in step.
  const running = loops.map(([u, loop]) =>
    sleep(u.rnd.int(0, u.kind === 'terminal' ? 10_000 : 3_000)).then(loop),
  );
  await sleep(durationS * 1000);
  stopping = true;
  await Promise.all(running);
  const elapsedS = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  return { rec, writes, elapsedS, clientCpuMs: (cpu.user + cpu.system) / 1000 };
}

/**
 * Every acknowledged write, looked for in the database: by the ids the answers gave, and by the rows
 * the run's terminal drivers made since it began (a row no answer named is a doubled write, or one
 * whose answer was lost). A job's version goes up by one per applied save: the versions the saves
 * were answered with must be exactly those between the version before the run and the one after.
 */
async function verify(databaseUrl, { since, writes, setup, versionsBefore }) {
  const drivers = setup.terminals.map((t) => t.driverId);
  const idsIn = async (table, ids) =>
    new Set(
      (await query(databaseUrl, `select id from ${table} where id = any($1)`, [[...ids]])).map((r) => r.id),
    );
  const madeSince = async (table) =>
    (
      await query(databaseUrl, `select id from ${table} where driver_id = any($1) and created_at >= $2`, [
        drivers,
        since,
      ])
    ).map((r) => r.id);
  const check = (kind, acked, found, made, unknown) => {
    const lost = [...acked].filter((id) => !found.has(id)).length;
    const extra = made.filter((id) => !acked.has(id)).length;
    return { kind, acknowledged: acked.size, lost, doubled: Math.max(0, extra - unknown), unknown };
  };

  const started = new Set(writes.shiftsStarted.keys());
  const rows = {
    shifts: await query(databaseUrl, 'select id, end_time from shifts where id = any($1)', [
      [...new Set([...started, ...writes.shiftsEnded.keys()])],
    ]),
    inspections: await query(
      databaseUrl,
      'select shift_id, count(*)::int as n from pre_departure_inspections where shift_id = any($1) group by shift_id',
      [[...started]],
    ),
  };
  const shiftFound = new Set(rows.shifts.map((r) => r.id).filter((id) => started.has(id)));
  const results = [
    check('Shifts started', started, shiftFound, await madeSince('shifts'), writes.unknown.shiftsStarted),
  ];
  // Clock-in writes its pre-departure inspection in the same transaction: one per shift, exactly.
  const inspected = new Map(rows.inspections.map((r) => [r.shift_id, r.n]));
  results.push({
    kind: 'Pre-departure inspections (with the clock-ins)',
    acknowledged: started.size,
    lost: [...started].filter((id) => !inspected.has(id)).length,
    // Two for one shift, or more made since the start than the clock-ins that could have made them.
    doubled: Math.max(
      [...inspected.values()].reduce((n, c) => n + Math.max(0, c - 1), 0),
      (await madeSince('pre_departure_inspections')).length - started.size - writes.unknown.shiftsStarted,
      0,
    ),
    unknown: writes.unknown.shiftsStarted,
  });
  const endOf = new Map(rows.shifts.map((r) => [r.id, r.end_time?.toISOString() ?? null]));
  const ended = [...writes.shiftsEnded];
  results.push({
    kind: 'Shifts ended',
    acknowledged: ended.length,
    lost: ended.filter(([id, at]) => endOf.get(id) !== at).length,
    // Clock-out only ends an open shift, so none can end twice; `open` counts those the run left open.
    doubled: 0,
    unknown: writes.unknown.shiftsEnded,
    open: [...started].filter((id) => endOf.get(id) === null).length,
  });
  results.push(
    check(
      'Fuel logs',
      writes.fuelLogs,
      await idsIn('fuel_logs', writes.fuelLogs),
      await madeSince('fuel_logs'),
      writes.unknown.fuelLogs,
    ),
  );
  results.push(
    check(
      'Incident reports',
      writes.incidents,
      await idsIn('incident_reports', writes.incidents),
      await madeSince('incident_reports'),
      writes.unknown.incidents,
    ),
  );

  const jobIds = [...setup.sharedJobs, ...setup.ownJobs];
  const after = new Map(
    (
      await query(databaseUrl, 'select id, version, status, pricing_notes from jobs where id = any($1)', [
        jobIds,
      ])
    ).map((r) => [r.id, r]),
  );
  const jobCheck = (kind, map, lastMatches) => {
    let acknowledged = 0;
    let lost = 0;
    let doubled = 0;
    let unknown = 0;
    for (const [id, entry] of map) {
      const applied = (after.get(id)?.version ?? 0) - versionsBefore.get(id);
      const acked = entry.acked.length;
      acknowledged += acked;
      unknown += entry.unknown;
      const versions = new Set(entry.acked.map((a) => a.version));
      // Each acknowledged write answered a version of its own, within what the database holds.
      const missing =
        acked -
        [...versions].filter((v) => v > versionsBefore.get(id) && v <= versionsBefore.get(id) + applied)
          .length;
      const last = entry.acked.reduce((a, b) => (b.version > (a?.version ?? -1) ? b : a), null);
      lost += Math.max(missing, acked - applied, 0) + (last && !lastMatches(last, after.get(id)) ? 1 : 0);
      doubled += Math.max(0, applied - acked - entry.unknown);
    }
    return { kind, acknowledged, lost, doubled, unknown };
  };
  results.push(
    jobCheck(
      'Job saves (PUT with version)',
      writes.jobSaves,
      (last, row) => row?.pricing_notes === last.sent,
    ),
  );
  results.push(
    jobCheck('Job status changes', writes.statusChanges, (last, row) => row?.status === last.sent),
  );
  return results;
}

/**
 * Deletes what a run's terminal drivers wrote since `since` and the idempotency records of its keys
 * (`keyPrefix`…), in one transaction, so that the volume data stays as the seed made it for the other
 * scenarios. `query(text, values)` is either engine's (node-postgres or PGlite); the forms go before
 * the shifts they point at.
 */
export async function removeRunRows(query, { drivers, since, keyPrefix }) {
  await query('begin');
  try {
    // An incident put itself on the managers' attention list: left there, the next run's manager home
    // (Lighthouse) opened on hundreds of items about incidents that no longer exist.
    await query(
      `delete from attention_items where kind = 'incident' and subject_id in
        (select id from incident_reports where driver_id = any($1) and created_at >= $2)`,
      [drivers, since],
    );
    for (const table of [
      'fuel_logs',
      'incident_reports',
      'pre_departure_inspections',
      'end_of_shift_inspections',
      'shifts',
    ])
      await query(`delete from ${table} where driver_id = any($1) and created_at >= $2`, [drivers, since]);
    await query('delete from idempotency_records where key like $1', [`${keyPrefix}%`]);
    await query('commit');
  } catch (error) {
    await query('rollback');
    throw error;
  }
}

async function cleanUp(databaseUrl, { since, setup, runId }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await removeRunRows((text, values) => db.query(text, values), {
      drivers: setup.terminals.map((t) => t.driverId),
      since,
      keyPrefix: `om-${runId}-`,
    });
  } finally {
    await db.end();
  }
}

/**
 * Warnings and errors in the server's output: pino's JSON lines at warn or above and Node's own
 * warnings, counted, each with the first frames of our code under it (the server runs with
 * --trace-deprecation, so a deprecation says where it was called from).
 */
export function serverComplaints(logFile) {
  let text = '';
  try {
    text = readFileSync(logFile, 'utf8');
  } catch {
    return [];
  }
  const found = new Map();
  let last = null;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    if (/^\s+at /.test(line)) {
      const frame = line.trim().slice(3);
      if (last && last.where.length < 3 && !/node_modules|node:|\(<anonymous>\)/.test(frame))
        last.where.push(frame.replace(`${root}/`, ''));
      continue;
    }
    let message;
    try {
      const entry = JSON.parse(line);
      last = null;
      if (entry.level < 40) continue;
      message = `${entry.level >= 50 ? 'error' : 'warn'}: ${entry.msg}${entry.err?.message ? ` (${entry.err.message})` : ''}`;
    } catch {
      message = line
        .trim()
        .replace(/^\(node:\d+\) /, '')
        .slice(0, 240);
    }
    if (message.startsWith('(Use `node --trace')) continue;
    const entry = found.get(message) ?? { message, count: 0, where: [] };
    entry.count += 1;
    found.set(message, entry);
    last = entry;
  }
  return [...found.values()].sort((a, b) => b.count - a.count);
}

/** The whole office mix against the volume database at `databaseUrl`; answers its figures. */
export async function runOfficeMix({
  databaseUrl,
  jobs,
  durationS = OFFICE_MIX_DURATION_S,
  users = OFFICE_MIX_USERS,
}) {
  const runId = Date.now().toString(36);
  const logFile = path.join(root, 'bench/.data/office-mix-server.log');
  const server = await startServer({
    database: { url: databaseUrl },
    env: {
      TRUST_PROXY: '127.0.0.1',
      NODE_OPTIONS: [process.env.NODE_OPTIONS, '--trace-deprecation --stack-trace-limit=40']
        .filter(Boolean)
        .join(' '),
    },
    logFile,
  });
  let result;
  try {
    console.log(
      `office mix: signing in ${users.manager} managers and ${users.driver} drivers, enrolling ${users.terminal} terminals`,
    );
    const setup = await setUp(server.base, databaseUrl, runId, users);
    const jobIds = [...setup.sharedJobs, ...setup.ownJobs];
    const versionsBefore = new Map(
      (await query(databaseUrl, 'select id, version from jobs where id = any($1)', [jobIds])).map((r) => [
        r.id,
        r.version,
      ]),
    );
    const statuses = new Map(
      (await query(databaseUrl, 'select id, status from jobs where id = any($1)', [setup.ownJobs])).map(
        (r) => [r.id, r.status],
      ),
    );
    for (const m of setup.managers) m.status = statuses.get(m.ownJob);
    const [{ now: since }] = await query(databaseUrl, 'select now()');
    console.log(`office mix: ${users.manager + users.driver + users.terminal} people for ${durationS} s`);
    const serverCpuBefore = cpuMs(server.pid);
    const load = await drive({ base: server.base, setup, durationS, runId });
    const serverCpuMs = cpuMs(server.pid) - serverCpuBefore;
    const loadAverage = os.loadavg();
    const figures = load.rec.summary(load.elapsedS);
    const writes = await verify(databaseUrl, { since, writes: load.writes, setup, versionsBefore });
    await cleanUp(databaseUrl, { since, setup, runId });
    for (const t of setup.terminals)
      await call(server.base, 'DELETE', `/api/terminals/${t.terminalId}`, {
        cookie: setup.admin,
        headers: { 'x-forwarded-for': OFFICE_ADDRESS },
      });
    result = {
      started: since,
      probe: PROBE,
      jobs,
      users,
      durationS,
      elapsedS: load.elapsedS,
      ...figures,
      writes,
      serverCpuCores: serverCpuMs / 1000 / load.elapsedS,
      serverCpuMsPerRequest: serverCpuMs / Math.max(1, figures.overall.requests),
      clientCpuCores: load.clientCpuMs / 1000 / load.elapsedS,
      loadAverage,
      logFile: path.relative(root, logFile),
    };
  } finally {
    await server.stop();
  }
  // Read once the server has exited: its last lines are written by then.
  result.complaints = serverComplaints(logFile);
  return result;
}
