// `npm run bench`: the API scenarios against the production build on PostgreSQL with volume data,
// each beside its baseline (ADR 21); the job list also on the embedded PGlite; Lighthouse and bundle
// sizes for the first pages; the budgets checked; bench/RESULTS.md written. See README "Benchmarks".
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { root } from '../scripts/lib.mjs';
import { readCaptured, toPhases } from './lib/capture.mjs';
import {
  BENCH_DATABASE,
  BENCH_JOBS,
  BENCH_SERVER_URL,
  ensurePgliteVolume,
  ensurePostgresVolume,
  forgetIdempotencyKeys,
  postgresVersion,
} from './lib/data.mjs';
import { call, ok, setCookie, signIn, VOLUME_MANAGER, volumeDriver, volumePin } from './lib/http.mjs';
import { lighthouseScores } from './lib/lighthouse.mjs';
import { cookieFrom, DURATION_S, measure, settle } from './lib/load.mjs';
import { runOfficeMix } from './lib/office-mix.mjs';
import { runOpenLoop } from './lib/open-loop-mix.mjs';
import { measurePageCost } from './lib/page-cost.mjs';
import { checkBudgets, ratioShortfallSection, writeResults } from './lib/report.mjs';
import { startBaseline, startServer } from './lib/servers.mjs';
import { pairedRatio, productFirst, WARM_UP_S, warmsUp } from './lib/turns.mjs';

const JOBS = BENCH_JOBS;
const PGLITE_JOBS = Number(process.env.BENCH_PGLITE_JOBS ?? 10_000);
const MANAGER = VOLUME_MANAGER;
const DRIVER = volumeDriver(1);
/** Terminal clock-in runs one driver per connection, from the end of the PIN range the seed gives out (the office mix takes the front). */
const CLOCK_IN_CONNECTIONS = 8;
// As the list screen asks for it: rows of cells (ADR 40).
const JOB_LIST_QUERY = '/api/jobs?status=completed&limit=50&offset=0&shape=rows';
/** The invoice list's first page (issue 25): the seed bills every completed job, about 70 % of them. */
const INVOICE_LIST_QUERY = '/api/invoices?limit=50&offset=0';
/**
 * `BENCH_SCENARIOS=invoice-list,job-list`: only these scenarios, on PostgreSQL, no Lighthouse, board or
 * office mix; the figures are printed, and RESULTS.md (a whole run's record) is left as it is.
 */
const ONLY = (process.env.BENCH_SCENARIOS ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);

const workDir = path.join(root, 'bench/.data');
mkdirSync(workDir, { recursive: true });

/** Sign-ins, a terminal, the jobs and vehicles the scenarios use; the same on every engine. */
async function prepare(base) {
  const manager = await signIn(base, MANAGER);
  const driver = await signIn(base, DRIVER);
  const page = ok(
    await call(base, 'GET', '/api/jobs?status=assigned&period=upcoming&limit=1', { cookie: manager }),
    'job list',
  );
  const jobId = page.json.items[0]?.id;
  const terminal = ok(
    await call(base, 'POST', '/api/terminals', { cookie: manager, body: { name: `Bench ${Date.now()}` } }),
    'terminal',
  );
  const enrol = ok(
    await call(base, 'POST', '/api/terminal/enrol', { body: { code: terminal.json.enrolmentCode } }),
    'enrolment',
  );
  const device = setCookie(enrol, 'dms_terminal');
  const questions = ok(
    await call(base, 'GET', '/api/inspection-questions?type=pre_departure', { cookie: manager }),
    'questions',
  ).json;
  // PINs follow the seed's numbering (driver n has 1000 + n - 1): the driver list does not show them.
  const drivers = ok(await call(base, 'GET', '/api/drivers?limit=1', { cookie: manager }), 'drivers').json;
  const vehicles = ok(
    await call(base, 'GET', '/api/vehicles?limit=200', { cookie: manager }),
    'vehicles',
  ).json;
  const pins = Array.from({ length: CLOCK_IN_CONNECTIONS + 1 }, (_, i) =>
    volumePin(drivers.total - CLOCK_IN_CONNECTIONS + i),
  );
  const vehicleItems = (vehicles.items ?? vehicles)
    .filter((v) => v.type === 'company_owned')
    .slice(-CLOCK_IN_CONNECTIONS - 1);
  const crew = pins.map((pin, i) => ({ pin, vehicleId: vehicleItems[i]?.id }));
  const inspection = { responses: questions.map((q) => ({ questionId: q.id, passed: true })) };
  // Clock-out carries the end-of-shift inspection: a driver with a job that day may not end without it (ADR 27).
  const endQuestions = ok(
    await call(base, 'GET', '/api/inspection-questions?type=end_of_shift', { cookie: manager }),
    'end-of-shift questions',
  ).json;
  const endOfShift = {
    responses: endQuestions.map((q) => ({ questionId: q.id, passed: true })),
    clearOfBus: 'confirmed',
  };
  // A shift left open by an interrupted run would refuse the next clock-in.
  for (const member of crew) {
    const login = await call(base, 'POST', '/api/terminal/login', {
      cookie: device,
      body: { driverNumber: member.pin },
    });
    const sid = setCookie(login, 'sid');
    const active = await call(base, 'GET', '/api/shifts/active', { cookie: `${device}; ${sid}` });
    if (active.json?.id)
      await call(base, 'POST', `/api/shifts/end/${active.json.id}`, {
        cookie: `${device}; ${sid}`,
        body: { endOfShift },
      });
  }
  const seriesId = await benchSeries(base, manager);
  return { manager, driver, jobId, device, crew, inspection, endOfShift, seriesId };
}

/**
 * Issue 28 measures the series of issue 27 too: a school run three days a week for a year, made on the
 * first run and found again by its title after (the volume seed has no series).
 */
async function benchSeries(base, manager) {
  const title = 'Bench series: school run';
  const found = ok(
    await call(base, 'GET', `/api/jobs?search=${encodeURIComponent(title)}&limit=1`, { cookie: manager }),
    'series lookup',
  ).json.items[0]?.seriesId;
  if (found) return found;
  const made = ok(
    await call(base, 'POST', '/api/job-series', {
      cookie: manager,
      body: {
        job: {
          title,
          legs: [
            {
              originAddress: 'Depot',
              destinationAddress: 'School',
              departureTime: '07:30',
              arrivalTime: '08:30',
            },
          ],
          basePrice: 300,
        },
        recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR', start: daysAgo(0), until: daysAgo(-364) },
      },
    }),
    'series',
  );
  return made.json.series.id;
}

/** The scenarios of issue 11; `steps` is what one iteration sends (the clock-in cycle has three). */
function scenarios(ctx, { engine }) {
  const all = allScenarios(ctx, { engine });
  return ONLY.length ? all.filter((s) => ONLY.includes(s.name)) : all;
}

function allScenarios(ctx, { engine }) {
  // Every read is measured in three turns, the median of the turns' ratios kept: one 10 s turn on a
  // shared two-core machine moved a ratio by as much as 0.16 between runs (bench/NOTES.md §21, §22). The
  // terminal's writes keep one turn: their crew of drivers is used up by cycles a turn's end cuts short.
  const get = (name, label, url, cookie, extra = {}) => ({
    name,
    label,
    connections: 10,
    list: false,
    rounds: 3,
    steps: [{ method: 'GET', path: url, cookie }],
    ...extra,
  });
  const jobList = get('job-list', 'Job list, page of 50, status filter', JOB_LIST_QUERY, ctx.manager, {
    connections: 50,
    list: true,
  });
  // The embedded engine answers one query at a time: 50 connections only queue up behind it (and
  // time out), so it gets the load a small operator's office would put on it.
  if (engine === 'pglite') return [{ ...jobList, connections: 10, rounds: 1 }];
  // The invoice list is held to the job list's ratio (issue 25): measured the same way.
  const invoiceList = get('invoice-list', 'Invoice list, first page of 50', INVOICE_LIST_QUERY, ctx.manager, {
    connections: 50,
    list: true,
  });
  // Issue 28: the lists the later issues added are measured beside the others.
  const complianceDue = get(
    'compliance-due',
    'Compliance due in 30 days, page of 50',
    '/api/compliance/due?days=30&limit=50&offset=0',
    ctx.manager,
    { list: true },
  );
  const reports = [
    ['pre-departure', '/api/inspections/pre-departure'],
    ['end-of-shift', '/api/inspections/end-of-shift'],
    ['fuel-logs', '/api/fuel-logs'],
    ['emergencies', '/api/emergency-alerts'],
    ['incidents', '/api/incident-reports'],
    ['timesheets', `/api/shifts/summary?startDate=${daysAgo(6)}&endDate=${daysAgo(0)}&`],
  ].map(([name, url]) =>
    get(
      `report-${name}`,
      name === 'timesheets' ? 'Timesheets, one week (the page default)' : `Report list: ${name}, page of 50`,
      `${url}${url.endsWith('&') ? '' : '?'}limit=50&offset=0`,
      ctx.manager,
      {
        list: true,
      },
    ),
  );
  // autocannon starts each cycle with a fresh context, so a driver is lent for one cycle from a pool
  // at least as large as the connections: two connections never clock in the same driver.
  const idle = ctx.crew.slice(0, -1);
  const terminalCookie = (context) => [ctx.device, context.sid].filter(Boolean).join('; ');
  let idempotency = 0;
  return [
    jobList,
    invoiceList,
    complianceDue,
    get('job-detail', 'Job detail', `/api/jobs/${ctx.jobId}`, ctx.manager),
    get('series', 'A series of a year: its dates and jobs', `/api/job-series/${ctx.seriesId}`, ctx.manager, {
      list: true,
    }),
    get(
      'my-jobs',
      "Driver's My Jobs (upcoming, up to 200)",
      '/api/jobs?mine=1&period=upcoming&limit=200',
      ctx.driver,
      {
        list: true,
      },
    ),
    get('available-jobs', 'Available jobs, page of 20', '/api/jobs/available?limit=20&offset=0', ctx.driver, {
      list: true,
    }),
    {
      name: 'terminal-sign-in',
      label: 'Terminal PIN sign-in',
      connections: 10,
      rollback: true,
      steps: [
        {
          method: 'POST',
          path: '/api/terminal/login',
          cookie: ctx.device,
          body: { driverNumber: ctx.crew[0].pin },
        },
      ],
    },
    {
      name: 'clock-in',
      label: 'Terminal sign-in, clock-in with inspection, clock-out (3 requests)',
      connections: Math.min(CLOCK_IN_CONNECTIONS, ctx.crew.length - 1),
      rollback: true,
      cycle: true,
      steps: [
        {
          method: 'POST',
          path: '/api/terminal/login',
          cookie: ctx.device,
          body: (context) => {
            if (!context.member) context.member = idle.shift();
            return { driverNumber: context.member.pin };
          },
          onResponse: (context, headers) => {
            context.sid = cookieFrom(headers, 'sid') ?? context.sid;
          },
        },
        {
          method: 'POST',
          path: '/api/shifts/start',
          cookie: terminalCookie,
          headers: () => ({ 'idempotency-key': `bench-${process.pid}-${++idempotency}` }),
          body: (context) => ({ vehicleId: context.member.vehicleId, inspection: ctx.inspection }),
          onResponse: (context, _headers, body) => {
            try {
              context.shiftId = JSON.parse(body).shift.id;
            } catch {}
          },
        },
        {
          method: 'POST',
          path: (context) => `/api/shifts/end/${context.shiftId}`,
          cookie: terminalCookie,
          headers: () => ({ 'idempotency-key': `bench-${process.pid}-${++idempotency}` }),
          body: () => ({ endOfShift: ctx.endOfShift }),
          onResponse: (context) => {
            if (context.member && !idle.includes(context.member) && context.member !== ctx.crew.at(-1))
              idle.push(context.member);
          },
        },
      ],
    },
    ...reports,
    // A yardstick, held to no budget: the least a signed-in request does (its session and its user, the
    // answer checked and sent). Its ratio is the most any route can reach whose SQL costs as little.
    get(
      'signed-in-floor',
      "A signed-in request's least work: the caller's own account",
      '/api/user',
      ctx.manager,
      {
        yardstick: true,
      },
    ),
    get('quote-pdf', 'Quote PDF (warm, one connection)', `/api/jobs/${ctx.jobId}/quote/pdf`, ctx.manager, {
      connections: 1,
    }),
  ];
}

/** The run with the median requests per second (its own p99 and CPU with it). */
function medianRun(runs) {
  return [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)];
}

function daysAgo(n) {
  return new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
}

const resolve = (v, context) => (typeof v === 'function' ? v(context) : v);

/** The step as a fetch, for warming up and capturing (the capture crew member is the spare last one). */
async function sendStep(base, step, context) {
  const res = await call(base, step.method, resolve(step.path, context), {
    cookie: resolve(step.cookie, context),
    body: resolve(step.body, context),
    headers: resolve(step.headers, context) ?? {},
  });
  const flat = [];
  for (const c of res.headers.getSetCookie()) flat.push('set-cookie', c);
  step.onResponse?.(context, flat, res.json ? JSON.stringify(res.json) : '');
  return res;
}

/** Runs each scenario once to warm up, once more while the SQL is recorded. */
async function capture(base, captureFile, list, ctx) {
  const plan = {};
  const bytes = {};
  for (const scenario of list) {
    const spare = { member: ctx.crew.at(-1) };
    for (const step of scenario.steps) ok(await sendStep(base, step, spare), `${scenario.name} warm-up`);
    const context = { member: ctx.crew.at(-1) };
    for (const [i, step] of scenario.steps.entries()) {
      const from = Date.now();
      const res = ok(await sendStep(base, step, context), scenario.name);
      await new Promise((r) => setTimeout(r, 20));
      const statements = readCaptured(captureFile, from, Date.now());
      const key = scenario.steps.length > 1 ? `${scenario.name}-${i + 1}` : scenario.name;
      plan[key] = {
        phases: toPhases(statements),
        rollback: Boolean(scenario.rollback),
        statements: statements.length,
      };
      bytes[scenario.name] = Math.max(bytes[scenario.name] ?? 0, res.bytes);
    }
  }
  return { plan, bytes };
}

function autocannonRequests(scenario) {
  return scenario.steps.map((step) => {
    const dynamic = ['path', 'cookie', 'body', 'headers'].some((k) => typeof step[k] === 'function');
    const request = {
      method: step.method,
      path: typeof step.path === 'function' ? '/' : step.path,
      headers: {
        ...(step.body !== undefined
          ? { 'content-type': 'application/json' }
          : { 'x-requested-with': 'bench' }),
        ...(typeof step.cookie === 'string' ? { cookie: step.cookie } : {}),
      },
      ...(step.body !== undefined && typeof step.body !== 'function'
        ? { body: JSON.stringify(step.body) }
        : {}),
    };
    if (dynamic)
      request.setupRequest = (req, context) => {
        const next = { ...req, headers: { ...req.headers, ...(resolve(step.headers, context) ?? {}) } };
        if (typeof step.path === 'function') next.path = step.path(context);
        if (typeof step.cookie === 'function') next.headers.cookie = step.cookie(context);
        if (typeof step.body === 'function') next.body = JSON.stringify(step.body(context));
        return next;
      };
    if (step.onResponse)
      request.onResponse = (_status, body, context, headers) => step.onResponse(context, headers, body);
    return request;
  });
}

async function runEngine({ engine, database, ctxLabel }) {
  const captureFile = path.join(workDir, `capture-${engine}.jsonl`);
  rmSync(captureFile, { force: true });
  console.log(`bench [${ctxLabel}]: recording the SQL of each scenario`);
  const recorder = await startServer({ database, captureFile });
  let ctx;
  let list;
  let captured;
  let pageCost = null;
  try {
    ctx = await prepare(recorder.base);
    list = scenarios(ctx, { engine });
    captured = await capture(recorder.base, captureFile, list, ctx);
    // Issue 28: what one job-list page costs PostgreSQL. The recorder is the server that records SQL, and
    // no load runs yet.
    if (
      engine === 'postgres' &&
      list.some((s) => s.name === 'job-list') &&
      process.env.BENCH_CAPTURE_ONLY !== '1'
    ) {
      console.log(`bench [${ctxLabel}]: EXPLAIN ANALYZE of the job-list page's statements`);
      pageCost = await measurePageCost({
        serverBase: recorder.base,
        cookie: ctx.manager,
        captureFile,
        databaseUrl: database.url,
        path: JOB_LIST_QUERY,
      }).catch((error) => ({ error: error.message }));
      if (pageCost.settledMs !== undefined)
        console.log(
          `  measured after ${(pageCost.settledMs / 1000).toFixed(1)} s of waiting for the machine to fall idle`,
        );
    }
  } finally {
    await recorder.stop();
  }
  // The recorded clock-in stored its idempotency keys; replayed, they would collide with themselves.
  if (database.url) await forgetIdempotencyKeys(database.url);
  const planFile = path.join(workDir, `baseline-${engine}.json`);
  writeFileSync(
    planFile,
    JSON.stringify({
      engine: engine === 'pglite' ? 'pglite' : 'pg',
      url: database.url,
      dataDir: database.dataDir ? path.join(database.dataDir, 'db') : undefined,
      poolSize: 10,
      scenarios: captured.plan,
    }),
  );

  // For EXPLAIN work (bench/explain.mjs): record the SQL and stop.
  if (process.env.BENCH_CAPTURE_ONLY === '1')
    return { results: [], lighthouse: null, dispatch: null, pageCost };
  const measureProduct = (server, scenario, durationS) =>
    measure({
      url: server.base,
      connections: scenario.connections,
      requests: autocannonRequests(scenario),
      pid: server.pid,
      durationS,
    });
  const measureBaseline = (baseline, scenario, durationS) =>
    measure({
      url: baseline.base,
      connections: scenario.connections,
      requests: (scenario.steps.length > 1
        ? scenario.steps.map((_, i) => `/s/${scenario.name}-${i + 1}`)
        : [`/s/${scenario.name}`]
      ).map((p) => ({ method: 'GET', path: p })),
      pid: baseline.pid,
      durationS,
    });
  const resultOf = (scenario, appRuns, baseRuns) => {
    const app = medianRun(appRuns);
    const base = medianRun(baseRuns);
    const statements = Object.entries(captured.plan)
      .filter(([key]) => key === scenario.name || key.startsWith(`${scenario.name}-`))
      .reduce((n, [, p]) => n + p.statements, 0);
    const { ratio, turnRatios } = pairedRatio(appRuns, baseRuns);
    if (appRuns.length > 1)
      appRuns.forEach((a, i) => {
        const b = baseRuns[i];
        const cores = (run) =>
          run.machineCores === null ? '' : `, ${run.machineCores.toFixed(2)} cores busy`;
        console.log(
          `    turn ${i + 1} (${productFirst(i) ? 'product' : 'baseline'} first): product ${a.rps.toFixed(0)} rps${cores(a)}; ` +
            `baseline ${b.rps.toFixed(0)} rps${cores(b)}; ratio ${(a.rps / b.rps).toFixed(2)}`,
        );
      });
    console.log(
      `  ${scenario.name}: ${app.rps.toFixed(0)} rps, p99 ${app.p99} ms, answers ${JSON.stringify(app.codes)}; ` +
        `baseline ${base.rps.toFixed(0)} rps; ratio ${ratio === null ? 'n/a' : ratio.toFixed(2)}` +
        (turnRatios.length > 1
          ? ` (median of the turns' ${turnRatios.map((r) => r.toFixed(2)).join(', ')})`
          : ''),
    );
    return {
      engine: ctxLabel,
      name: scenario.name,
      label: scenario.label,
      connections: scenario.connections,
      list: Boolean(scenario.list),
      yardstick: Boolean(scenario.yardstick),
      statements,
      bytes: captured.bytes[scenario.name],
      rounds: appRuns.length,
      app,
      baseline: base,
      ratio,
      turnRatios,
    };
  };

  const results = [];
  let lighthouse = null;
  let dispatch = null;
  if (engine === 'postgres') {
    // Both servers up at once, each scenario's product run beside its baseline run in a turn: a
    // swing in the machine's other load lands on both sides instead of on one (ADR 21, lib/turns.mjs).
    console.log(
      `bench [${ctxLabel}]: measuring the product and its baseline in turn (${DURATION_S} s a turn)`,
    );
    const server = await startServer({ database });
    try {
      const baseline = await startBaseline(planFile);
      try {
        for (const scenario of list) {
          const appRuns = [];
          const baseRuns = [];
          if (warmsUp(scenario)) {
            await measureProduct(server, scenario, WARM_UP_S);
            await settle(server.pid);
            await measureBaseline(baseline, scenario, WARM_UP_S);
            await settle(baseline.pid);
          }
          for (let turn = 0; turn < (scenario.rounds ?? 1); turn++) {
            const product = async () => {
              appRuns.push(await measureProduct(server, scenario));
              await settle(server.pid);
            };
            const base = async () => {
              baseRuns.push(await measureBaseline(baseline, scenario));
              await settle(baseline.pid);
            };
            for (const side of productFirst(turn) ? [product, base] : [base, product]) await side();
          }
          results.push(resultOf(scenario, appRuns, baseRuns));
        }
      } finally {
        await baseline.stop();
      }
      if (ONLY.length) return { results, lighthouse, dispatch, pageCost };
      if (process.env.BENCH_SKIP_LIGHTHOUSE !== '1') {
        console.log('bench: Lighthouse');
        lighthouse = await lighthouseScores([
          { name: '/login', url: `${server.base}/login` },
          { name: '/terminal', url: `${server.base}/terminal` },
          { name: 'manager home', url: `${server.base}/`, cookie: ctx.manager },
        ]);
      }
      console.log('bench: dispatch board draw time');
      dispatch = await dispatchRender(server.base);
    } finally {
      await server.stop();
    }
    return { results, lighthouse, dispatch, pageCost };
  }

  // PGlite's directory is one process's: the product and the baseline take turns, whole.
  console.log(`bench [${ctxLabel}]: measuring the product (${DURATION_S} s a scenario)`);
  const appRuns = {};
  const server = await startServer({ database });
  try {
    for (const scenario of list) {
      appRuns[scenario.name] = await measureProduct(server, scenario);
      await settle(server.pid);
    }
  } finally {
    await server.stop();
  }
  console.log(`bench [${ctxLabel}]: measuring the baselines`);
  const baseline = await startBaseline(planFile);
  try {
    for (const scenario of list) {
      const base = await measureBaseline(baseline, scenario);
      await settle(baseline.pid);
      results.push(resultOf(scenario, [appRuns[scenario.name]], [base]));
    }
  } finally {
    await baseline.stop();
  }
  return { results, lighthouse, dispatch, pageCost };
}

/** Runs a bench script in its own Node process; answers the last line it printed, as JSON, or { error }. */
function lastJsonLineOf(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => {
      try {
        resolve(code === 0 ? JSON.parse(out.trim().split('\n').at(-1)) : { error: `exit ${code}` });
      } catch (error) {
        resolve({ error: String(error) });
      }
    });
  });
}

/** bench/dispatch-render.ts (TypeScript, through tsx) against the running product server. */
const dispatchRender = (base) =>
  lastJsonLineOf([
    '--import',
    'tsx',
    path.join(root, 'bench/dispatch-render.ts'),
    '--json',
    base,
    MANAGER.email,
    MANAGER.password,
  ]);

async function bundleSizes() {
  const file = path.join(root, 'bench/bundle-report.mjs');
  if (!existsSync(file)) {
    console.log('bundle report: not available');
    return null;
  }
  const { bundleReport } = await import(pathToFileURL(file).href);
  return bundleReport(path.join(root, 'apps/web/dist'));
}

const started = new Date();
const buildCode = await buildIfStale();
if (buildCode !== 0) process.exit(buildCode);

const pgUrl = await ensurePostgresVolume(BENCH_SERVER_URL, BENCH_DATABASE, JOBS);
const pg = await runEngine({
  engine: 'postgres',
  database: { url: pgUrl },
  ctxLabel: `PostgreSQL, ${JOBS} jobs`,
});
const { pageCost } = pg;
if (ONLY.length) {
  // A part of the bench: its figures and the budgets they touch, printed; RESULTS.md is a whole run's.
  const verdicts = checkBudgets({
    results: pg.results,
    bundles: null,
    lighthouse: null,
    dispatch: null,
    pageCost,
  });
  for (const v of verdicts.filter((v) => !v.budget.startsWith('Bundle')))
    console.log(`  ${v.pass ? 'PASS' : 'FAIL'}  ${v.budget}: ${v.actual}`);
  const shortfall = ratioShortfallSection(pg.results);
  if (shortfall.length) console.log(`\n${shortfall.join('\n')}`);
  process.exit(0);
}
const pgliteDir = await ensurePgliteVolume(PGLITE_JOBS);
const lite = await runEngine({
  engine: 'pglite',
  database: { dataDir: pgliteDir },
  ctxLabel: `PGlite, ${PGLITE_JOBS} jobs`,
});
if (process.env.BENCH_CAPTURE_ONLY === '1') {
  // Only the SQL, for bench/explain.mjs: RESULTS.md is a whole run's record, and this measured nothing.
  console.log('bench: recorded the SQL in bench/.data/baseline-<engine>.json; RESULTS.md left as it is');
  process.exit(0);
}
// The open loop (issue 28) on each engine once its scenarios are done, alone on the machine; it removes
// the rows its terminals wrote. BENCH_OPEN_LOOP_RATES and BENCH_OPEN_LOOP_SECONDS change its rates.
const openLoop = [];
if (process.env.BENCH_SKIP_OPEN_LOOP !== '1') {
  const rates = process.env.BENCH_OPEN_LOOP_RATES?.split(',').map(Number);
  const seconds = process.env.BENCH_OPEN_LOOP_SECONDS
    ? Number(process.env.BENCH_OPEN_LOOP_SECONDS)
    : undefined;
  openLoop.push(
    await runOpenLoop({
      database: { url: pgUrl },
      engine: `PostgreSQL, ${JOBS} jobs`,
      jobs: JOBS,
      rates,
      seconds,
    }),
    await runOpenLoop({
      database: { dataDir: pgliteDir },
      engine: `PGlite, ${PGLITE_JOBS} jobs`,
      jobs: PGLITE_JOBS,
      rates,
      seconds,
    }),
  );
}
// After the other scenarios, so that they never share the machine with its 200 people; it removes
// the rows its terminals wrote (bench/lib/office-mix.mjs), which would otherwise grow their lists.
const officeMix =
  process.env.BENCH_SKIP_OFFICE_MIX === '1' ? null : await runOfficeMix({ databaseUrl: pgUrl, jobs: JOBS });
const bundles = await bundleSizes();
const results = [...pg.results, ...lite.results];
const verdicts = checkBudgets({
  results,
  bundles,
  lighthouse: pg.lighthouse,
  dispatch: pg.dispatch,
  officeMix,
  openLoop,
  pageCost,
});
const file = writeResults({
  started,
  finished: new Date(),
  pgVersion: await postgresVersion(pgUrl),
  jobs: JOBS,
  pgliteJobs: PGLITE_JOBS,
  results,
  bundles,
  lighthouse: pg.lighthouse,
  dispatch: pg.dispatch,
  verdicts,
  officeMix,
  openLoop,
  pageCost,
});
console.log(`bench: wrote ${path.relative(root, file)}`);
for (const v of verdicts) console.log(`  ${v.pass ? 'PASS' : 'FAIL'}  ${v.budget}: ${v.actual}`);
process.exit(verdicts.every((v) => v.pass) ? 0 : 1);
