import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';

// A PostgreSQL cluster of a test's own, in a temporary folder on a free port, from the PostgreSQL
// programs this machine has (initdb, pg_ctl). A fault test may restart it or stop it at will without
// touching the shared server. The programs refuse to run as root: as root they run as `postgres`.

export interface PrivatePostgres {
  url: string;
  /**
   * `pg_ctl restart -m immediate`: every connection is cut as in a crash; resolves once it is up again.
   * Asynchronous, so that the test's own clients keep sending while the server is down.
   */
  restartImmediately(): Promise<void>;
  stop(): void;
}

/** The folder of initdb and pg_ctl, or null when the machine has none. */
export function postgresBinDir(): string | null {
  const fromEnv = process.env.PG_BIN_DIR;
  if (fromEnv && existsSync(path.join(fromEnv, 'pg_ctl'))) return fromEnv;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

const isRoot = () => process.getuid?.() === 0;

export async function startPrivatePostgres(binDir: string): Promise<PrivatePostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'dms-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  // As root, the folder is handed to the postgres user that the programs then run as.
  if (isRoot()) execFileSync('chown', ['postgres:postgres', dir]);
  chmodSync(dir, 0o700);
  const argvOf = (program: string, args: string[]): [string, string[]] => {
    const command = path.join(binDir, program);
    return isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  };
  const run = (program: string, args: string[]) => {
    const [file, argv] = argvOf(program, args);
    execFileSync(file, argv, { stdio: 'pipe', timeout: 60_000 });
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const ctl = (...args: string[]) => run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), ...args]);
  ctl('-o', options, '-w', 'start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restartImmediately: async () => {
      const [file, argv] = argvOf('pg_ctl', [
        ...['-D', data, '-l', path.join(dir, 'log')],
        ...['-o', options, '-m', 'immediate', '-w', 'restart'],
      ]);
      await promisify(execFile)(file, argv, { timeout: 60_000 });
    },
    stop: () => {
      try {
        ctl('-m', 'immediate', '-w', 'stop');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
