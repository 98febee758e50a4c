import { dateInZone, formatEnrolmentCode } from '@dms/domain';
import { buildApp } from './app';
import { ConfigError, loadConfig, resolveSessionSecret } from './config';
import { openConfiguredDatabase } from './db/open';
import { formatDemoCredentials } from './demo/demo-credentials';
import { isDatabaseEmpty, seedDemo } from './demo/demo-seed';
import { pinKeyOf } from './lib/pin-digest';
import { createTerminal, terminalEnrolmentKey } from './modules/terminals';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  await database.migrate();
  if (config.seedDemo && (await isDatabaseEmpty(database.db))) {
    const credentials = await seedDemo(database.db, {
      today: dateInZone(new Date(), config.timezone),
      pinKey: pinKeyOf(resolveSessionSecret(config)),
    });
    // A terminal ready to enrol, so that a newcomer reaches the PIN keypad in a minute.
    const { code } = await createTerminal(
      database.db,
      'Demo depot terminal',
      null,
      terminalEnrolmentKey(config),
    );
    process.stdout.write(
      `${formatDemoCredentials(credentials, config.publicUrl, formatEnrolmentCode(code))}\n`,
    );
  }

  const app = await buildApp({
    config,
    db: database.db,
    engine: database.engine,
    listen: database.listen,
    createBoss: database.createBoss,
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${database.engine} database; open ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
