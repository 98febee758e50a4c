// Child processes of the bench: the production server (as `npm start` runs it) and the baseline.
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { freePort, root } from '../../scripts/lib.mjs';

export const SESSION_SECRET = 'bench-session-secret-0123456789abcdef0123456789abcdef';

async function waitFor(url, child, what, anyAnswer = false) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok || anyAnswer) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not answer ${url} within 60 s`);
}

function stopper(child) {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
}

/**
 * The production server on a free port. `database` is { url } for PostgreSQL or { dataDir } for the
 * embedded engine; `captureFile` preloads the SQL recorder (never for a measured run); `env` adds
 * to its environment; `logFile` takes its stdout and stderr (pino's warnings and errors go to stdout,
 * which is otherwise dropped), for a run that reports what the server complained of; `nodeArgs` go to
 * Node before the script (`--cpu-prof` for a profile).
 */
export async function startServer({ database, captureFile, env: extraEnv = {}, logFile, nodeArgs = [] }) {
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    SESSION_SECRET,
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  if (database.url) env.DATABASE_URL = database.url;
  else env.DATA_DIR = database.dataDir;
  // BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=…' profiles the product server of any scenario.
  const fromEnv = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const args = ['--enable-source-maps', ...nodeArgs, ...fromEnv];
  if (captureFile) {
    env.BENCH_CAPTURE_FILE = captureFile;
    args.push('--import', path.join(root, 'bench/sql-capture.mjs'));
  }
  args.push(path.join(root, 'apps/api/dist/server.js'));
  // The log's folder (bench/.data) is made by the full run; a scenario run alone may come first.
  if (logFile) mkdirSync(path.dirname(logFile), { recursive: true });
  const log = logFile ? openSync(logFile, 'w') : null;
  const child = spawn(process.execPath, args, {
    cwd: root,
    env,
    stdio: ['ignore', log ?? 'ignore', log ?? 'inherit'],
  });
  if (log !== null) closeSync(log);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, child, 'the server');
  return { base, port, pid: child.pid, stop: stopper(child) };
}

export async function startBaseline(planFile) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'bench/baseline-server.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), BENCH_BASELINE_FILE: planFile },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  // 404 for an unknown scenario is an answer: the server is up.
  await waitFor(`${base}/s/__ready__`, child, 'the baseline', true);
  return { base, port, pid: child.pid, stop: stopper(child) };
}

/** Runs a command to completion with its output shown; rejects on a non-zero exit. */
export function runCommand(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')}: exit ${code}`)),
    );
  });
}
