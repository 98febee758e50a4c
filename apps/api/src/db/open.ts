import path from 'node:path';
import type { Config } from '../config';
import { type DatabaseHandle, openDatabase } from './client';

/** The database the configuration names: PostgreSQL at DATABASE_URL, else PGlite in $DATA_DIR/db. */
export function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openDatabase({ url: config.databaseUrl })
    : openDatabase({ dataDir: path.join(config.dataDir, 'db') });
}
