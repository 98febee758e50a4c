import { parseArgs } from 'node:util';
import {
  dateInZone,
  ENROLMENT_CODE_TTL_MINUTES,
  formatEnrolmentCode,
  USER_ROLES,
  type UserRole,
} from '@dms/domain';
import { ConfigError, loadConfig } from './config';
import { openConfiguredDatabase } from './db/open';
import { formatDemoCredentials } from './demo/demo-credentials';
import { isDatabaseEmpty, seedDemo } from './demo/demo-seed';
import { createTerminal, terminalEnrolmentKey } from './modules/terminals/terminals.service';
import { createUserAccount } from './modules/users/users.service';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  db:migrate                 apply pending migrations
  user:create --email E --password P --first-name F --last-name L --roles manager,driver
              [--driver-number 1234] [--verified]
                             create an account; prints its id
  seed:demo                  load the demo operator into an empty database
  terminal:code --name N     create a terminal named N and print its one-time enrolment code
                             (15 minutes), to type on the depot device at /terminal
`;

class UsageError extends Error {}

async function run(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help') {
    process.stdout.write(USAGE);
    return;
  }
  if (!['db:migrate', 'user:create', 'seed:demo', 'terminal:code'].includes(command)) {
    throw new UsageError(`Unknown command '${command}'.`);
  }
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
    } else if (command === 'seed:demo') {
      if (!(await isDatabaseEmpty(database.db))) {
        throw new UsageError('The database already has users; seed:demo only loads into an empty database.');
      }
      const credentials = await seedDemo(database.db, { today: dateInZone(new Date(), config.timezone) });
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
      const result = await createUserAccount(database.db, {
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
