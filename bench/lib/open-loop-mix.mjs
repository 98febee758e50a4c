// The open-loop scenario of issue 28: a large operator's busiest hour sent at fixed arrival rates
// (bench/lib/open-loop.mjs) against the production server on a volume database, PostgreSQL or the
// embedded PGlite. Each request is drawn from the mix below; a terminal's request is the next step of
// one enrolled terminal's cycle (PIN sign-in, clock-in with the pre-departure inspection, clock-out).
// `node bench/open-loop.mjs` runs it alone; `npm run bench` after the API scenarios.
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { root } from '../../scripts/lib.mjs';
import { call, ok, setCookie, signIn, VOLUME_MANAGER, volumeDriver, volumePin } from './http.mjs';
import { cpuMs, machineBusyMs, postgresCpu, postgresCpuSince, settle } from './load.mjs';
import { dayFromToday, JOB_FILTERS, prng, REPORTS, removeRunRows, serverComplaints } from './office-mix.mjs';
import { OPEN_LOOP_RATES, OPEN_LOOP_SECONDS, openLoopVerdict, runRate } from './open-loop.mjs';
import { startServer } from './servers.mjs';

/**
 * Shares of the requests (per 100). Managers, drivers and terminals in about the office mix's
 * proportions (bench/lib/office-mix.mjs, itself set to the reliability probe's), with the invoice and
 * compliance pages issue 25 and 26 added. The dispatch board is rare because it is dear (0.4-1 s of
 * the server's CPU at 100,000 jobs for its driver-hours checks): an office opens it a few times a
 * minute, not several times a second. Available Jobs is the driver's heaviest answer and the screen
 * they open least.
 */
export const OPEN_LOOP_MIX = [
  ['manager: job list', 22],
  ['manager: job detail', 18],
  ['manager: report list', 8],
  ['manager: invoice list', 4],
  ['manager: compliance due', 2],
  ['manager: dispatch board', 0.2],
  ['driver: My Jobs', 14],
  ['driver: job offers', 12],
  ['driver: available jobs', 2],
  ['terminal', 15],
];
const MANAGER_SESSIONS = 5;
const PHONE_DRIVERS = 40;
const TERMINALS = 20;
const WARM_UP_S = Number(process.env.BENCH_OPEN_LOOP_WARM_UP ?? 3);
const REQUEST_TIMEOUT_MS = 10_000;
// Behind a trusted proxy each client has its own address (as in the office mix): enrolment allows 10
// a depot address in 15 minutes, and these ranges are not the office mix's.
const OFFICE_ADDRESS = '203.0.113.20';
const phoneAddress = (i) => `198.51.100.${101 + i}`;
const terminalAddress = (i) => `192.0.2.${101 + i}`;

const isOk = (res) => res.status >= 200 && res.status < 300;

/** Sessions, enrolled terminals (each with a driver and a vehicle that clock in), job ids to open. */
async function setUp(base, runId) {
  const office = { 'x-forwarded-for': OFFICE_ADDRESS };
  const managers = [];
  for (let i = 0; i < MANAGER_SESSIONS; i++) managers.push(await signIn(base, VOLUME_MANAGER, office));
  const get = async (url) =>
    ok(await call(base, 'GET', url, { cookie: managers[0], headers: office }), url).json;
  const { total: driverTotal } = await get('/api/drivers?limit=1');
  // Phones take the front of the PIN range, terminals the next ones, one spare after them for PIN
  // sign-ins when every terminal is busy; small volume data (few drivers) shares them out.
  const phoneCount = Math.min(PHONE_DRIVERS, Math.floor(driverTotal / 2));
  const drivers = [];
  for (let i = 0; i < phoneCount; i++)
    drivers.push({
      cookie: await signIn(base, volumeDriver(i + 1), { 'x-forwarded-for': phoneAddress(i) }),
      address: phoneAddress(i),
    });

  const jobIds = [];
  for (const filter of ['period=upcoming', 'status=completed', 'period=today'])
    jobIds.push(...(await get(`/api/jobs?${filter}&limit=50&offset=0`)).items.map((j) => j.id));
  const inspection = {
    responses: (await get('/api/inspection-questions?type=pre_departure')).map((q) => ({
      questionId: q.id,
      passed: true,
    })),
  };
  const endOfShift = {
    responses: (await get('/api/inspection-questions?type=end_of_shift')).map((q) => ({
      questionId: q.id,
      passed: true,
    })),
    clearOfBus: 'confirmed',
  };
  const fleet = (await get('/api/vehicles?type=company_owned&limit=200')).items.filter(
    (v) => v.isActive !== 0,
  );

  const terminalCount = Math.min(TERMINALS, driverTotal - phoneCount - 1);
  const terminals = [];
  let seq = 0;
  const key = () => ({ 'idempotency-key': `ol-${runId}-setup-${++seq}` });
  for (let i = 0; i < terminalCount && fleet.length > 0; i++) {
    const address = terminalAddress(i);
    const made = ok(
      await call(base, 'POST', '/api/terminals', {
        cookie: managers[0],
        headers: office,
        body: { name: `Open loop ${runId} ${i + 1}` },
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
    const t = {
      index: i,
      terminalId: made.id,
      device: setCookie(enrol, 'dms_terminal'),
      address,
      pin: volumePin(phoneCount + 1 + i),
      seq: 0,
      state: 'login',
      busy: false,
    };
    const headers = (sid) => ({ cookie: [t.device, sid].filter(Boolean).join('; ') });
    const login = ok(
      await call(base, 'POST', '/api/terminal/login', {
        ...headers(),
        body: { driverNumber: t.pin },
        headers: { 'x-forwarded-for': address, ...key() },
      }),
      `PIN sign-in of ${t.pin}`,
    );
    const sid = setCookie(login, 'sid');
    t.driverId = login.json.id;
    // A shift an interrupted run left open would refuse the clock-in.
    const active = await call(base, 'GET', '/api/shifts/active', {
      ...headers(sid),
      headers: { 'x-forwarded-for': address },
    });
    if (active.json?.id)
      await call(base, 'POST', `/api/shifts/end/${active.json.id}`, {
        ...headers(sid),
        body: { endOfShift },
        headers: { 'x-forwarded-for': address, ...key() },
      });
    // A trial shift finds the terminal a vehicle it may take (none held by another shift or an open
    // defect); its rows go with the run's.
    while (fleet.length > 0 && !t.vehicleId) {
      const vehicle = fleet.shift();
      const start = await call(base, 'POST', '/api/shifts/start', {
        ...headers(sid),
        body: { vehicleId: vehicle.id, inspection },
        headers: { 'x-forwarded-for': address, ...key() },
      });
      if (!isOk(start)) continue;
      ok(
        await call(base, 'POST', `/api/shifts/end/${start.json.shift.id}`, {
          ...headers(sid),
          body: { endOfShift },
          headers: { 'x-forwarded-for': address, ...key() },
        }),
        'trial clock-out',
      );
      t.vehicleId = vehicle.id;
    }
    if (!t.vehicleId) {
      await call(base, 'DELETE', `/api/terminals/${t.terminalId}`, { cookie: managers[0], headers: office });
      break;
    }
    terminals.push(t);
  }
  if (terminals.length === 0) throw new Error('open loop: no terminal found a vehicle to clock in with');
  const spare = { pin: volumePin(phoneCount + terminals.length + 1) };
  return { managers, drivers, jobIds, inspection, endOfShift, terminals, spare };
}

/** The request picker: each call draws the next request of the mix (a stream per run, so runs repeat). */
function picker(base, setup, runId) {
  const rnd = prng(0x0de1 + 28);
  const office = { 'x-forwarded-for': OFFICE_ADDRESS };
  const send = async (method, url, { cookie, body, headers = {} } = {}) =>
    (
      await call(base, method, url, {
        cookie,
        body,
        headers,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      })
    ).status;
  const manager = () => ({ cookie: rnd.pick(setup.managers), headers: office });
  const driver = () => {
    const d = rnd.pick(setup.drivers);
    return { cookie: d.cookie, headers: { 'x-forwarded-for': d.address } };
  };
  const get = (url, who) => () => send('GET', url, who);
  let nextTerminal = 0;

  /**
   * The terminal's next step; its state moves on only when the step succeeded. The terminal is busy
   * from the moment the step is drawn (the loop may draw again before the step is sent) until its
   * answer, and after a failed clock-in until it has looked for the shift (not measured).
   */
  function terminalStep(t) {
    t.busy = true;
    const step = t.state;
    const attempt = async () => {
      const headers = {
        'x-forwarded-for': t.address,
        'idempotency-key': `ol-${runId}-${t.index}-${++t.seq}`,
      };
      const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
      const cookie = [t.device, t.sid].filter(Boolean).join('; ');
      if (step === 'login') {
        const res = await call(base, 'POST', '/api/terminal/login', {
          cookie: t.device,
          body: { driverNumber: t.pin },
          headers,
          signal,
        });
        if (isOk(res)) {
          t.sid = setCookie(res, 'sid');
          t.state = 'start';
        }
        return res.status;
      }
      if (step === 'start') {
        // Not known whether a clock-in without an answer (or with a 5xx) was stored: the terminal
        // signs in again and looks before its next clock-in.
        t.state = 'login';
        t.recover = true;
        const res = await call(base, 'POST', '/api/shifts/start', {
          cookie,
          body: { vehicleId: t.vehicleId, inspection: setup.inspection },
          headers,
          signal,
        });
        if (isOk(res)) {
          t.shiftId = res.json.shift.id;
          t.state = 'end';
          t.recover = false;
        }
        return res.status;
      }
      const res = await call(base, 'POST', `/api/shifts/end/${t.shiftId}`, {
        cookie,
        body: { endOfShift: setup.endOfShift },
        headers,
        signal,
      });
      // A 5xx may be tried again; a refusal means the shift is not this terminal's to end any more.
      if (isOk(res) || res.status < 500) {
        t.state = 'login';
        t.recover = !isOk(res);
      }
      return res.status;
    };
    const run = async () => {
      try {
        return await attempt();
      } finally {
        if (t.recover && t.state === 'start')
          closeOpenShift(base, t, setup, runId).finally(() => {
            t.busy = false;
          });
        else t.busy = false;
      }
    };
    const label = { login: 'PIN sign-in', start: 'clock-in with inspection', end: 'clock-out' }[step];
    return { op: `terminal: ${label}`, send: run };
  }

  function terminal() {
    const n = setup.terminals.length;
    for (let k = 0; k < n; k++) {
      const t = setup.terminals[(nextTerminal + k) % n];
      if (!t.busy) {
        nextTerminal = (nextTerminal + k + 1) % n;
        return terminalStep(t);
      }
    }
    // Every terminal is waiting on an answer: the load does not wait with them, a spare driver signs in.
    return {
      op: 'terminal: PIN sign-in',
      send: () =>
        send('POST', '/api/terminal/login', {
          cookie: setup.terminals[0].device,
          body: { driverNumber: setup.spare.pin },
          headers: { 'x-forwarded-for': setup.terminals[0].address },
        }),
    };
  }

  const requests = {
    'manager: job list': () => {
      const filter = rnd.weighted(JOB_FILTERS);
      return get(
        `/api/jobs?${filter}&limit=50${filter.includes('offset') ? '' : '&offset=0'}&shape=rows`,
        manager(),
      );
    },
    'manager: job detail': () => get(`/api/jobs/${rnd.pick(setup.jobIds)}`, manager()),
    'manager: report list': () => get(`${rnd.pick(REPORTS)}?limit=50&offset=0`, manager()),
    'manager: invoice list': () => get('/api/invoices?limit=50&offset=0', manager()),
    'manager: compliance due': () => get('/api/compliance/due', manager()),
    'manager: dispatch board': () =>
      get(`/api/dispatch?date=${dayFromToday(rnd.next() < 0.5 ? 0 : rnd.int(1, 6))}`, manager()),
    'driver: My Jobs': () => get('/api/jobs?mine=1&period=upcoming&limit=200', driver()),
    'driver: job offers': () => get('/api/job-offers', driver()),
    'driver: available jobs': () => get('/api/jobs/available?limit=20&offset=0', driver()),
  };
  return () => {
    const op = rnd.weighted(OPEN_LOOP_MIX);
    if (op === 'terminal') return terminal();
    return { op, send: requests[op]() };
  };
}

/** After a clock-in whose answer failed: ends the shift it may have stored (not measured). */
async function closeOpenShift(base, t, setup, runId) {
  t.recover = false;
  const cookie = [t.device, t.sid].filter(Boolean).join('; ');
  const headers = { 'x-forwarded-for': t.address };
  const active = await call(base, 'GET', '/api/shifts/active', { cookie, headers }).catch(() => null);
  if (active?.json?.id)
    await call(base, 'POST', `/api/shifts/end/${active.json.id}`, {
      cookie,
      body: { endOfShift: setup.endOfShift },
      headers: { ...headers, 'idempotency-key': `ol-${runId}-${t.index}-close-${++t.seq}` },
    }).catch(() => null);
}

/** Deletes the run's rows: through node-postgres while the server runs, or PGlite's files once it stopped. */
async function removeRows(database, rows) {
  if (database.url) {
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      await removeRunRows((text, values) => db.query(text, values), rows);
    } finally {
      await db.end();
    }
    return;
  }
  const db = await PGlite.create({ dataDir: path.join(database.dataDir, 'db') });
  try {
    await removeRunRows((text, values) => db.query(text, values), rows);
  } finally {
    await db.close();
  }
}

/**
 * The open loop against a production server on `database` ({ url } or { dataDir }) holding `jobs`
 * volume jobs: a short warm-up, then each rate for `seconds`, lowest first, the server left to finish
 * its queue between them. Answers each rate's figures and the verdict.
 */
export async function runOpenLoop({
  database,
  engine,
  jobs,
  rates = OPEN_LOOP_RATES,
  seconds = OPEN_LOOP_SECONDS,
}) {
  const runId = Date.now().toString(36);
  const since = new Date(Date.now() - 1000);
  const logFile = path.join(root, `bench/.data/open-loop-${database.url ? 'postgres' : 'pglite'}-server.log`);
  const server = await startServer({ database, env: { TRUST_PROXY: '127.0.0.1' }, logFile });
  const perRate = [];
  let setup;
  const started = new Date();
  let clientCpuUs = 0;
  let measuredS = 0;
  try {
    console.log(`open loop [${engine}]: signing in, enrolling terminals`);
    setup = await setUp(server.base, runId);
    const pick = picker(server.base, setup, runId);
    console.log(
      `open loop [${engine}]: ${setup.managers.length} manager sessions, ${setup.drivers.length} drivers' phones, ` +
        `${setup.terminals.length} terminals; warm-up ${WARM_UP_S} s, then ${rates.join(', ')} requests a second for ${seconds} s each`,
    );
    if (WARM_UP_S > 0) await runRate({ rate: rates[0], seconds: WARM_UP_S, pick });
    await settle(server.pid);
    for (const rate of rates) {
      const cpuBefore = cpuMs(server.pid);
      const postgresBefore = database.url ? postgresCpu() : null;
      const machineBefore = machineBusyMs();
      const clientBefore = process.cpuUsage();
      const startedAt = performance.now();
      const figures = await runRate({ rate, seconds, pick });
      const wallS = (performance.now() - startedAt) / 1000;
      const client = process.cpuUsage(clientBefore);
      clientCpuUs += client.user + client.system;
      measuredS += seconds;
      const cpu = cpuMs(server.pid) - cpuBefore;
      figures.serverCores = cpu / 1000 / seconds;
      // What each request cost, whatever the rate: the figures that say how many two cores can serve.
      const answered = Math.max(1, figures.requests);
      figures.serverMsPerRequest = cpu / answered;
      figures.clientMsPerRequest = (client.user + client.system) / 1000 / answered;
      if (postgresBefore !== null) {
        const postgres = postgresCpuSince(postgresBefore);
        figures.postgresCores = postgres / 1000 / wallS;
        figures.postgresMsPerRequest = postgres / answered;
      }
      if (machineBefore !== null) figures.machineCores = (machineBusyMs() - machineBefore) / 1000 / wallS;
      perRate.push(figures);
      console.log(
        `  ${rate}/s: achieved ${figures.achieved.toFixed(0)}/s, p50 ${figures.p50?.toFixed(0)} ms, ` +
          `p99 ${figures.p99?.toFixed(0)} ms, ${figures.errors} errors in ${figures.requests}`,
      );
      await settle(server.pid);
    }
  } finally {
    // Shifts still open close, the terminals go; then the rows the run wrote.
    for (const t of setup?.terminals ?? []) {
      if (t.state === 'end' || t.recover) {
        t.recover = true;
        await closeOpenShift(server.base, t, setup, runId);
      }
      await call(server.base, 'DELETE', `/api/terminals/${t.terminalId}`, {
        cookie: setup.managers[0],
        headers: { 'x-forwarded-for': OFFICE_ADDRESS },
      }).catch(() => null);
    }
    await server.stop();
  }
  const drivers = setup.terminals.map((t) => t.driverId);
  await removeRows(database, { drivers, since, keyPrefix: `ol-${runId}-` });
  return {
    started,
    engine,
    jobs,
    seconds,
    users: {
      managerSessions: setup.managers.length,
      drivers: setup.drivers.length,
      terminals: setup.terminals.length,
    },
    rates: perRate,
    verdict: openLoopVerdict(perRate),
    clientCores: measuredS > 0 ? clientCpuUs / 1e6 / measuredS : null,
    loadAverage: os.loadavg(),
    machine: `${os.cpus()[0]?.model ?? 'unknown'}, ${os.cpus().length} cores`,
    cores: os.cpus().length,
    complaints: serverComplaints(logFile),
    logFile: path.relative(root, logFile),
  };
}
