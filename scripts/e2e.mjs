// Browser journeys: builds what is stale, then Playwright starts the built server itself
// (see apps/web/playwright.config.ts) on a free port with a temporary DATA_DIR.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { freePort, run } from './lib.mjs';

export async function runE2e(extraArgs = []) {
  let chrome;
  try {
    chrome = await ensureChromium();
  } catch (error) {
    console.error(error.message);
    return 1;
  }
  const built = await buildIfStale();
  if (built !== 0) return built;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dms-e2e-'));
  try {
    const env = {
      ...process.env,
      CHROME_PATH: chrome,
      E2E_PORT: String(await freePort()),
      // The mock OpenID Connect issuer standing in for Google (apps/web/e2e/support/mock-oidc-server.mjs).
      E2E_OIDC_PORT: String(await freePort()),
      E2E_DATA_DIR: dataDir,
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    };
    return await run('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', ...extraArgs], {
      env,
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(await runE2e(process.argv.slice(2)));
