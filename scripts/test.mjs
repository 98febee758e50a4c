// `npm test`: types, lint, unit and API tests on a real database engine, browser journeys.
// `--unit-only` runs only the Vitest suites. Every step runs even when an earlier one fails, and a closing line sums the tests up.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { runE2e } from './e2e.mjs';
import { root, run } from './lib.mjs';

const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const vitestReport = path.join(tmp, 'vitest-report.json');
const playwrightReport = path.join(tmp, 'playwright-report.json');
for (const file of [vitestReport, playwrightReport]) rmSync(file, { force: true });

const steps = [
  ['typecheck', () => run('npm', ['run', 'typecheck'])],
  ['lint', () => run('npm', ['run', 'lint'])],
  [
    `unit and API tests (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
    () =>
      run(process.execPath, [
        'node_modules/vitest/vitest.mjs',
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${vitestReport}`,
      ]),
  ],
  ['browser journeys', () => runE2e()],
];
// `--unit-only`: just the unit and API tests (CI's second run on PostgreSQL).
const selected = process.argv.includes('--unit-only')
  ? steps.filter(([name]) => name.startsWith('unit'))
  : steps;

const failedSteps = [];
for (const [name, step] of selected) {
  console.log(`\n=== ${name}`);
  if ((await step()) !== 0) failedSteps.push(name);
}

let passed = 0;
let failed = 0;
let skipped = 0;
let flaky = 0;
if (existsSync(vitestReport)) {
  const r = JSON.parse(readFileSync(vitestReport, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}
if (existsSync(playwrightReport)) {
  const s = JSON.parse(readFileSync(playwrightReport, 'utf8')).stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
  flaky = s.flaky ?? 0;
}
console.log(`\nSteps failed: ${failedSteps.length ? failedSteps.join(', ') : 'none'}`);
console.log(
  `${passed} passed, ${failed} failed, ${skipped} skipped${flaky ? ` (${flaky} journeys passed only on their retry: see the list above)` : ''}`,
);
process.exit(failedSteps.length || failed ? 1 : 0);
