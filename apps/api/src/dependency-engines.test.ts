import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// ADR 31: every installed package declares the Node the machines run, but for the one stated exception.
const root = new URL('../../../', import.meta.url);
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string }; optional?: boolean }>;
};
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  engines: { node: string };
};
/** pg-boss 12 declares Node 22.12; every release that declares Node 20 lacks the PGlite backend (ADR 31). */
const EXCEPTIONS = new Set(['pg-boss']);
const OLDEST_SUPPORTED = semver.minVersion(manifest.engines.node)?.version ?? '';

describe('the Node versions the dependencies declare', () => {
  it('include the oldest Node that package.json supports, for every installed package but pg-boss', () => {
    expect(OLDEST_SUPPORTED).toBe('20.19.0');
    const refusing = Object.entries(lock.packages)
      .filter(([path]) => path.includes('node_modules/'))
      .map(([path, entry]) => ({ name: path.slice(path.lastIndexOf('node_modules/') + 13), entry }))
      .filter(({ name, entry }) => !EXCEPTIONS.has(name) && !entry.optional && entry.engines?.node)
      .filter(({ entry }) => !semver.satisfies(OLDEST_SUPPORTED, entry.engines?.node ?? '*'))
      .map(({ name, entry }) => `${name}@${entry.version} wants node ${entry.engines?.node}`);
    expect(refusing).toEqual([]);
  });

  it('still need the exception: pg-boss refuses Node 20, so the ADR and the README stay true', () => {
    const boss = lock.packages['node_modules/pg-boss'];
    expect(boss?.engines?.node).toBeDefined();
    expect(semver.satisfies(OLDEST_SUPPORTED, boss?.engines?.node ?? '*')).toBe(false);
  });
});
