// `node bench/compression-levels.mjs`: which brotli and gzip levels the API compresses its JSON at
// (ADR 37, bench/NOTES.md §12). A real job-list page (the demo operator's, read from the API run
// with its demo seed, or BENCH_PAYLOAD_FILE) is served by a bare Fastify with @fastify/compress as
// the app registers it, once per level, in a child process; autocannon measures requests per second
// and the bytes sent. A bare route isolates what compressing costs: the product's own work a page
// is the same at every level, so the drop here is the most a level can take from a real route.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { freePort, root } from '../scripts/lib.mjs';
import { call, ok, signIn } from './lib/http.mjs';
import { measure } from './lib/load.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DEMO_MANAGER = { email: 'manager@demo.local', password: 'demo1234' };
const PAGE = '/api/jobs?limit=50&offset=0&shape=rows';
/** The plugin's `syncThreshold` as the app sets it: answers up to this size are compressed in one call. */
const SYNC_THRESHOLD = Number(process.env.BENCH_SYNC_THRESHOLD ?? 64 * 1024);
const CANDIDATES = [
  { encoding: 'identity', level: null },
  ...[1, 2, 3, 4, 5, 6].map((level) => ({ encoding: 'br', level })),
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((level) => ({ encoding: 'gzip', level })),
];

async function waitFor(url, child, what) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not answer ${url} in time`);
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

/** The demo operator's first job-list page as the API sends it, uncompressed. */
async function realPage(dir) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: path.join(dir, 'data'),
      SEED_DEMO: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'bench-session-secret-0123456789abcdef0123456789abcdef',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitFor(`${base}/api/health`, child, 'the API');
    const cookie = await signIn(base, DEMO_MANAGER);
    const res = ok(
      await call(base, 'GET', PAGE, { cookie, headers: { 'accept-encoding': 'identity' } }),
      'job list',
    );
    return JSON.stringify(res.json);
  } finally {
    await stop(child);
  }
}

/** Child mode: the page on GET /page, compressed as the app's plugin would at ENCODING and LEVEL. */
async function serve() {
  const { default: Fastify } = await import('fastify');
  const { default: compress } = await import('@fastify/compress');
  const payload = readFileSync(process.env.PAYLOAD_FILE, 'utf8');
  const level = Number(process.env.LEVEL || 0);
  const app = Fastify({ logger: false });
  if (process.env.ENCODING !== 'identity') {
    await app.register(compress, {
      encodings: [process.env.ENCODING],
      threshold: 1024,
      customTypes: /^application\/(?:[\w.+-]+\+)?json(?:;|$)/,
      brotliOptions: {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: level,
        },
      },
      zlibOptions: { level },
      syncThreshold: Number(process.env.SYNC_THRESHOLD),
      globalDecompression: false,
    });
  }
  app.get('/page', async (_request, reply) => reply.type('application/json; charset=utf-8').send(payload));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'compression-levels-'));
  try {
    const payloadFile = process.env.BENCH_PAYLOAD_FILE ?? path.join(dir, 'page.json');
    if (!process.env.BENCH_PAYLOAD_FILE) writeFileSync(payloadFile, await realPage(dir));
    if (process.env.BENCH_SAVE_PAYLOAD)
      writeFileSync(process.env.BENCH_SAVE_PAYLOAD, readFileSync(payloadFile));
    const plainBytes = Buffer.byteLength(readFileSync(payloadFile, 'utf8'));
    console.log(
      `page: ${PAGE} of the demo operator, ${plainBytes} bytes of JSON; ${CONNECTIONS} connections; sync threshold ${SYNC_THRESHOLD} B`,
    );
    const rows = [];
    for (const { encoding, level } of CANDIDATES) {
      const port = await freePort();
      const child = spawn(process.execPath, [import.meta.filename, '--serve'], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(port),
          PAYLOAD_FILE: payloadFile,
          SYNC_THRESHOLD: String(SYNC_THRESHOLD),
          ENCODING: encoding,
          LEVEL: String(level ?? 0),
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      try {
        const url = `http://127.0.0.1:${port}/page`;
        await waitFor(url, child, 'the page server');
        const headers = { 'accept-encoding': encoding };
        const one = await fetch(url, { headers });
        await one.arrayBuffer();
        const sent = one.headers.get('content-encoding') ?? 'identity';
        if (sent !== encoding) throw new Error(`asked for ${encoding}, got ${sent}`);
        // fetch decodes the body, so the bytes as sent are counted on a plain request.
        const wire = await wireBytes(url, headers);
        const run = await measure({ url, connections: CONNECTIONS, headers, pid: child.pid });
        const compressMs = compressCpuMs(readFileSync(payloadFile), encoding, level);
        rows.push({ encoding, level, bytes: wire, compressMs, ...run });
        console.log(
          `${encoding.padEnd(8)} ${String(level ?? '-').padStart(2)}  ${String(wire).padStart(6)} B  ${run.rps.toFixed(0).padStart(6)} rps  p99 ${run.p99} ms  cpu/req ${run.cpuMsPerRequest?.toFixed(2) ?? '?'} ms  compress ${compressMs.toFixed(3)} ms`,
        );
      } finally {
        await stop(child);
      }
    }
    const identity = rows[0];
    console.log(
      '\n| encoding | level | bytes | of plain | rps | of identity rps | server CPU ms/request | CPU ms to compress once |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    for (const r of rows) {
      console.log(
        `| ${r.encoding} | ${r.level ?? '–'} | ${r.bytes} | ${((100 * r.bytes) / identity.bytes).toFixed(1)} % | ${r.rps.toFixed(0)} | ${((100 * r.rps) / identity.rps).toFixed(0)} % | ${r.cpuMsPerRequest?.toFixed(2) ?? '?'} | ${r.compressMs.toFixed(3)} |`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * CPU time of one compression of the page, in this process, median of 200 after a warm-up: unlike
 * requests per second it hardly moves with other work on a shared machine.
 */
function compressCpuMs(buffer, encoding, level) {
  if (encoding === 'identity') return 0;
  const once =
    encoding === 'br'
      ? () =>
          brotliCompressSync(buffer, {
            params: {
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_QUALITY]: level,
            },
          })
      : () => gzipSync(buffer, { level });
  for (let i = 0; i < 20; i++) once();
  const times = [];
  for (let i = 0; i < 200; i++) {
    const before = process.cpuUsage();
    once();
    const used = process.cpuUsage(before);
    times.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  return times[100];
}

/** The length of the body as sent (the raw socket's count, without fetch's decoding). */
async function wireBytes(url, headers) {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let n = 0;
      res.on('data', (chunk) => {
        n += chunk.length;
      });
      res.on('end', () => resolve(n));
    });
    req.on('error', reject);
    req.end();
  });
}

if (process.argv.includes('--serve')) await serve();
else await main();
