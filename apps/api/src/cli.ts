import { parseArgs } from 'node:util';
import {
  dateInZone,
  ENROLMENT_CODE_TTL_MINUTES,
  formatEnrolmentCode,
  USER_ROLES,
  type UserRole,
} from '@dms/domain';
import { ConfigError, loadConfig, resolveSessionSecret } from './config';
import { openConfiguredDatabase } from './db/open';
import { formatDemoCredentials } from './demo/demo-credentials';
import { isDatabaseEmpty, seedDemo } from './demo/demo-seed';
import { checkSizes, defaultSizes, seedVolume, type VolumeSizes } from './demo/volume-seed';
import { pinKeyOf } from './lib/pin-digest';
import { createTerminal, terminalEnrolmentKey } from './modules/terminals';
import { createUserAccount } from './modules/users';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  db:migrate                 apply pending migrations
  user:create --email E --password P --first-name F --last-name L --roles manager,driver
              [--driver-number 1234] [--verified]
                             create an account; prints its id
  seed:demo                  load the demo operator into an empty database
  terminal:code --name N     create a terminal named N and print its one-time enrolment code
                             (15 minutes), to type on the depot device at /terminal
  seed:load --jobs N [--drivers N --vehicles N --customers N --shifts N --forms N]
                             fill an empty database with volume data over two years (benchmarks)
`;

class UsageError extends Error {}

async function run(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help') {
    process.stdout.write(USAGE);
    return;
  }
  if (!['db:migrate', 'user:create', 'seed:demo', 'terminal:code', 'seed:load'].includes(command)) {
    throw new UsageError(`Unknown command '${command}'.`);
  }
  // Sizes are checked before the database is opened: a typo should not cost a migration.
  const volumeSizes = command === 'seed:load' ? parseVolumeSizes(rest) : null;
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    if (command === 'db:migrate') {
      process.stdout.write(`Migrations applied (${database.engine}).\n`);
    } else if (command === 'terminal:code') {
      const { values } = parseArgs({ args: rest, options: { name: { type: 'string' } }, strict: true });
      const name = values.name?.trim();
      if (!name) throw new UsageError('Give the terminal a name: terminal:code --name "Depot kiosk"');
      const { code } = await createTerminal(database.db, name, null, terminalEnrolmentKey(config));
      process.stdout.write(
        `Terminal '${name}' created. On the depot device open ${config.publicUrl}/terminal and enter:\n\n  ${formatEnrolmentCode(code)}\n\nThe code works once, for ${ENROLMENT_CODE_TTL_MINUTES} minutes.\n`,
      );
    } else if (volumeSizes) {
      if (!(await isDatabaseEmpty(database.db))) {
        throw new UsageError('The database already has users; seed:load only loads into an empty database.');
      }
      const started = Date.now();
      const result = await seedVolume(database.db, volumeSizes, {
        today: dateInZone(new Date(), config.timezone),
        timezone: config.timezone,
        pinKey: pinKeyOf(resolveSessionSecret(config)),
        onProgress: (line) => process.stdout.write(`${line}\n`),
      });
      const counts = Object.entries(result.counts)
        .map(([table, n]) => `  ${table.padEnd(28)} ${n}`)
        .join('\n');
      process.stdout.write(
        `Loaded in ${((Date.now() - started) / 1000).toFixed(1)} s (${database.engine}):\n${counts}\n` +
          `Manager: ${result.manager.email} / ${result.manager.password}\n` +
          `Drivers: ${result.driver.emailPattern} / ${result.driver.password}; terminal PINs from ${result.driver.firstPin}\n`,
      );
    } else if (command === 'seed:demo') {
      if (!(await isDatabaseEmpty(database.db))) {
        throw new UsageError('The database already has users; seed:demo only loads into an empty database.');
      }
      const credentials = await seedDemo(database.db, {
        today: dateInZone(new Date(), config.timezone),
        pinKey: pinKeyOf(resolveSessionSecret(config)),
      });
      process.stdout.write(`${formatDemoCredentials(credentials, config.publicUrl)}\n`);
    } else {
      const { values } = parseArgs({
        args: rest,
        options: {
          email: { type: 'string' },
          password: { type: 'string' },
          'first-name': { type: 'string' },
          'last-name': { type: 'string' },
          roles: { type: 'string', default: 'driver' },
          'driver-number': { type: 'string' },
          verified: { type: 'boolean', default: false },
        },
        strict: true,
      });
      const roles = (values.roles ?? '')
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean);
      const unknown = roles.filter((r) => !(USER_ROLES as readonly string[]).includes(r));
      if (unknown.length > 0)
        throw new UsageError(`Unknown role(s): ${unknown.join(', ')}. Use manager,driver.`);
      const result = await createUserAccount(database.db, pinKeyOf(resolveSessionSecret(config)), {
        email: values.email ?? '',
        password: values.password ?? '',
        firstName: values['first-name'] ?? '',
        lastName: values['last-name'] ?? '',
        roles: roles as UserRole[],
        driverNumber: values['driver-number'] ?? null,
        emailVerified: values.verified ?? false,
      });
      if (!result.ok) throw new UsageError(result.errors.map((e) => `${e.path}: ${e.message}`).join('\n'));
      process.stdout.write(`${result.id}\n`);
    }
  } finally {
    await database.close();
  }
}

function parseVolumeSizes(args: string[]): VolumeSizes {
  const names = ['jobs', 'drivers', 'vehicles', 'customers', 'shifts', 'forms'] as const;
  let values: Partial<Record<(typeof names)[number], string>>;
  try {
    values = parseArgs({
      args,
      options: Object.fromEntries(names.map((n) => [n, { type: 'string' as const }])),
      strict: true,
    }).values as typeof values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const given: Partial<VolumeSizes> = {};
  for (const name of names) {
    const raw = values[name];
    if (raw === undefined) continue;
    if (!/^\d+$/.test(raw.trim())) throw new UsageError(`--${name} must be a whole number (got '${raw}').`);
    given[name] = Number(raw.trim());
  }
  if (given.jobs === undefined) throw new UsageError('Say how many jobs: seed:load --jobs 100000');
  const sizes = defaultSizes(given.jobs, given);
  const problem = checkSizes(sizes);
  if (problem) throw new UsageError(problem);
  return sizes;
}

run(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    if (error instanceof UsageError) process.stderr.write(`\n${USAGE}`);
    process.exit(2);
  }
  const message = error instanceof Error ? error.message : String(error);
  // PGlite's data directory can be opened by one process at a time.
  const hint = /lock|already in use|postmaster/i.test(message)
    ? '\nIs the server running against the same DATA_DIR? Stop it first.'
    : '';
  process.stderr.write(`Failed: ${message}${hint}\n`);
  process.exit(1);
});
