import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Run through `npm run test:e2e` (scripts/e2e.mjs), which builds the app, picks a free port and a
// temporary DATA_DIR, and makes sure Debian's Chromium is installed.
const root = process.cwd();
const port = Number(process.env.E2E_PORT ?? 5099);
const baseURL = `http://127.0.0.1:${port}`;
// The local OpenID Connect issuer that stands in for Google (e2e/support/mock-oidc-server.mjs).
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? 5098);
const oidcIssuer = `http://127.0.0.1:${oidcPort}`;
// The identity the mock issuer signs in: unique per run. Set here once (the main process) so that the
// workers, which inherit the environment, see the same value.
process.env.E2E_GOOGLE_EMAIL ??= `google.${Date.now().toString(36)}@example.test`;
process.env.E2E_GOOGLE_GIVEN_NAME ??= 'Grace';
process.env.E2E_GOOGLE_FAMILY_NAME ??= 'Hopper';

export default defineConfig({
  testDir: path.join(root, 'apps/web/e2e'),
  outputDir: path.join(root, '.tmp/test-results'),
  workers: 1,
  // One retry: a journey that fails and then passes is reported as flaky (npm test's summary counts
  // it) rather than costing the whole run; one that fails twice fails the run.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: path.join(root, '.tmp/playwright-report.json') }]],
  use: {
    baseURL,
    browserName: 'chromium',
    screenshot: 'only-on-failure',
    // A click on something that never comes fails at its own step, not when the journey's time runs out.
    actionTimeout: 20_000,
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      command: 'node apps/web/e2e/support/mock-oidc-server.mjs',
      cwd: root,
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        E2E_OIDC_PORT: String(oidcPort),
        E2E_GOOGLE_EMAIL: process.env.E2E_GOOGLE_EMAIL,
        E2E_GOOGLE_GIVEN_NAME: process.env.E2E_GOOGLE_GIVEN_NAME,
        E2E_GOOGLE_FAMILY_NAME: process.env.E2E_GOOGLE_FAMILY_NAME,
      },
    },
    {
      command: 'node --enable-source-maps apps/api/dist/server.js',
      cwd: root,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        DATA_DIR: process.env.E2E_DATA_DIR ?? path.join(root, '.tmp/e2e-data'),
        LOG_LEVEL: 'warn',
        SEED_DEMO: '1',
        GOOGLE_CLIENT_ID: 'e2e-client',
        GOOGLE_CLIENT_SECRET: 'e2e-secret',
        OIDC_ISSUER_URL: oidcIssuer,
      },
    },
  ],
});
