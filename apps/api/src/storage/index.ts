import path from 'node:path';
import { type Config, resolveSessionSecret } from '../config';
import { LocalStorage } from './local-storage';
import type { ObjectStorage } from './object-storage';
import { S3Storage } from './s3-storage';

export * from './local-storage';
export * from './object-storage';
export * from './s3-storage';

const engines = new WeakMap<Config, ObjectStorage>();

/** The storage engine of a configuration (STORAGE_DRIVER), made once per configuration. */
export function getObjectStorage(config: Config): ObjectStorage {
  let storage = engines.get(config);
  if (!storage) {
    storage =
      config.storage.driver === 's3'
        ? new S3Storage(config.storage.s3)
        : new LocalStorage(path.join(config.dataDir, 'uploads'), resolveSessionSecret(config));
    engines.set(config, storage);
  }
  return storage;
}
