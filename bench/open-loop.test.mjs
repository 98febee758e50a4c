import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLoopVerdict, rateHolds, runRate, schedule, summarise } from './lib/open-loop.mjs';
import { capacityOf, openLoopVerdicts, replaceOpenLoopSection } from './lib/open-loop-report.mjs';

describe('schedule', () => {
  it('sends request i at i / rate seconds, rate × seconds of them', () => {
    expect(schedule(50, 0.1)).toEqual([0, 20, 40, 60, 80]);
    const at200 = schedule(200, 20);
    expect(at200).toHaveLength(4000);
    expect(at200.at(-1)).toBe(19_995);
  });

  it('refuses a rate or a duration that is not positive', () => {
    expect(() => schedule(0, 10)).toThrow(/positive/);
    expect(() => schedule(50, -1)).toThrow(/positive/);
  });
});

describe('summarise', () => {
  const samples = (list) =>
    list.map(([op, ms, ok = true]) => ({ op, ms, ok, ...(ok ? {} : { failure: '503' }) }));

  it('takes the nearest-rank p50 and p99, counts errors and the answers a second', () => {
    // 100 answers of 1..100 ms: the p99 is the 99th value, not an average of the slowest.
    const figures = summarise({
      rate: 50,
      seconds: 2,
      samples: samples(Array.from({ length: 100 }, (_, i) => ['a', 100 - i, i !== 3])),
      elapsedMs: 2500,
    });
    expect(figures).toMatchObject({ requests: 100, p50: 50, p99: 99, max: 100, errors: 1, achieved: 40 });
  });

  it('gives figures per request, the most sent first', () => {
    const figures = summarise({
      rate: 10,
      seconds: 1,
      samples: samples([
        ['job list', 5],
        ['clock-in', 30, false],
        ['job list', 7],
      ]),
      elapsedMs: 1000,
    });
    expect(figures.byOp).toEqual([
      { op: 'job list', requests: 2, p50: 5, p99: 7, max: 7, errors: 0, failures: {} },
      { op: 'clock-in', requests: 1, p50: 30, p99: 30, max: 30, errors: 1, failures: { 503: 1 } },
    ]);
  });

  it('answers no percentiles for a run without answers', () => {
    expect(summarise({ rate: 1, seconds: 1, samples: [], elapsedMs: 0 })).toMatchObject({
      requests: 0,
      p50: null,
      p99: null,
      achieved: 0,
    });
  });
});

describe('openLoopVerdict', () => {
  const rate = (r, p99, errors = 0) => ({ rate: r, requests: r * 20, p99, errors });

  it('holds a rate with its p99 under 100 ms and no errors', () => {
    expect(rateHolds(rate(50, 99.9))).toBe(true);
    expect(rateHolds(rate(50, 100))).toBe(false);
    expect(rateHolds(rate(50, 20, 1))).toBe(false);
    expect(rateHolds({ rate: 50, requests: 0, p99: null, errors: 0 })).toBe(false);
  });

  it('reports the highest rate held with every lower one, and whether it meets 200 a second', () => {
    expect(openLoopVerdict([rate(200, 80), rate(50, 10), rate(100, 30)])).toMatchObject({
      highest: 200,
      meetsTarget: true,
      rates: [
        { rate: 50, pass: true },
        { rate: 100, pass: true },
        { rate: 200, pass: true },
      ],
    });
    expect(openLoopVerdict([rate(50, 10), rate(100, 140), rate(200, 90)])).toMatchObject({
      highest: 50,
      meetsTarget: false,
    });
    expect(openLoopVerdict([rate(50, 10, 2)]).highest).toBeNull();
  });

  it('makes a budget row of each PostgreSQL run only', () => {
    const run = (engine, rates) => ({ engine, rates, verdict: openLoopVerdict(rates) });
    const verdicts = openLoopVerdicts([
      run('PostgreSQL, 100000 jobs', [rate(50, 10), rate(100, 40), rate(200, 180, 3)]),
      run('PGlite, 10000 jobs', [rate(50, 400)]),
    ]);
    expect(verdicts).toEqual([
      {
        budget:
          'Open loop (PostgreSQL, 100000 jobs): 200 requests a second with p99 under 100 ms and no errors',
        actual: 'held up to 100/s; at 200/s p99 180 ms, 3 errors',
        pass: false,
      },
    ]);
  });
});

describe('capacityOf', () => {
  const run = (lowest) => ({
    cores: 2,
    rates: [{ rate: 100 }, { rate: 50, ...lowest }],
    verdict: { target: 200 },
  });

  it('says from the CPU a request at the lowest rate how many requests the cores can serve', () => {
    const c = capacityOf(run({ serverMsPerRequest: 4, postgresMsPerRequest: 5, clientMsPerRequest: 1 }));
    expect(c).toMatchObject({ rate: 50, perRequest: 10, ceiling: 200 });
    expect(c.usable).toBeCloseTo(140);
    // 200 a second at 10 ms is two cores' whole time: at 70 % of theirs it needs 2.86.
    expect(c.coresForTarget).toBeCloseTo(2.857, 2);
    expect(c.perRequestForTarget).toBeCloseTo(7);
  });

  it('has no figure where the database was not measured apart (the embedded engine)', () => {
    expect(capacityOf(run({ serverMsPerRequest: 4 }))).toBeNull();
  });

  it("puts the capacity in a failed budget's row", () => {
    const rates = [
      {
        rate: 50,
        requests: 10,
        errors: 0,
        p99: 300,
        serverMsPerRequest: 6,
        postgresMsPerRequest: 5,
        clientMsPerRequest: 1,
      },
    ];
    const [verdict] = openLoopVerdicts([
      { engine: 'PostgreSQL, 100000 jobs', cores: 2, rates, verdict: openLoopVerdict(rates) },
    ]);
    expect(verdict.pass).toBe(false);
    expect(verdict.actual).toBe(
      'held none of the rates tried; 200/s not tried; the mix costs 12.0 ms of CPU a request (server 6.0, PostgreSQL 5.0, load generator 1.0), so 2 cores serve at most 167 a second',
    );
  });
});

describe('replaceOpenLoopSection', () => {
  const results = [
    '# Benchmark results',
    '',
    '## Budgets',
    '',
    '| budget | measured | verdict |',
    '|---|---|---|',
    '| Job list | 0.9 | PASS |',
    '| Open loop (PostgreSQL, 100000 jobs): old | x | **FAIL** |',
    '',
    '## Office mix',
    '',
    'mix',
    '',
    '## Open loop',
    '',
    'old figures',
    '',
    '## First pages',
    '',
    'pages',
    '',
  ].join('\n');
  const verdict = { budget: 'Open loop (PostgreSQL, 100000 jobs): new', actual: 'y', pass: true };

  it('replaces only its section and its budget rows', () => {
    const out = replaceOpenLoopSection(results, '## Open loop\n\nnew figures\n', [verdict]);
    expect(out).toContain(
      '| Job list | 0.9 | PASS |\n| Open loop (PostgreSQL, 100000 jobs): new | y | PASS |\n\n',
    );
    expect(out).not.toContain('old');
    expect(out).toContain('## Office mix\n\nmix\n\n## Open loop\n\nnew figures\n\n## First pages\n\npages\n');
  });

  it('puts a first section before the first pages', () => {
    const without = results.replace('## Open loop\n\nold figures\n\n', '');
    const out = replaceOpenLoopSection(without, '## Open loop\n\nnew figures\n', []);
    expect(out).toContain('mix\n\n## Open loop\n\nnew figures\n\n## First pages');
  });
});

describe('runRate', () => {
  // A server that answers after 30 ms whatever else is in flight: at 100 requests a second the loop
  // must keep sending while answers are outstanding, and time each from when it was due.
  let server;
  let base;
  beforeAll(async () => {
    server = createServer((_req, res) => setTimeout(() => res.end('{}'), 30));
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${server.address().port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('sends at the rate without waiting for answers and times from the due moment', async () => {
    let inFlight = 0;
    let most = 0;
    const figures = await runRate({
      rate: 100,
      seconds: 0.5,
      pick: () => ({
        op: 'slow',
        send: async () => {
          most = Math.max(most, ++inFlight);
          const res = await fetch(base);
          await res.text();
          inFlight -= 1;
          return res.ok;
        },
      }),
    });
    expect(figures.requests).toBe(50);
    expect(figures.errors).toBe(0);
    expect(most).toBeGreaterThan(1);
    expect(figures.p50).toBeGreaterThanOrEqual(30);
  });

  it('counts a request that throws as an error', async () => {
    const figures = await runRate({
      rate: 50,
      seconds: 0.1,
      pick: () => ({
        op: 'broken',
        send: () => {
          throw new Error('no answer');
        },
      }),
    });
    expect(figures).toMatchObject({ requests: 5, errors: 5, failures: { Error: 5 } });
  });

  it('counts a request that never settles as an error instead of waiting for it', async () => {
    let n = 0;
    const figures = await runRate({
      rate: 50,
      seconds: 0.1,
      graceMs: 200,
      pick: () => ({ op: 'stuck', send: () => (n++ === 0 ? new Promise(() => {}) : 200) }),
    });
    expect(figures).toMatchObject({ requests: 5, errors: 1, failures: { unsettled: 1 } });
  });

  it('counts an answer other than 2xx as an error, by its status', async () => {
    let n = 0;
    const figures = await runRate({
      rate: 50,
      seconds: 0.1,
      pick: () => ({ op: 'mixed', send: async () => [200, 204, 409, 500, 500][n++] }),
    });
    expect(figures).toMatchObject({ requests: 5, errors: 3, failures: { 409: 1, 500: 2 } });
  });
});
