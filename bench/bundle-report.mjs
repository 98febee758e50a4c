// What a first load of each route fetches, in bytes, from the web build's manifest; and whether it
// keeps within the budgets of issue 11. `node bench/bundle-report.mjs [distDir]` prints the table
// and exits 1 when a route is over its budget (build first: `npm run build -w @dms/web`).
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** kB as Vite and the browsers' network panels count them. */
const KB = 1000;

/**
 * The routes with a budget, and the modules each one loads lazily on its first render (the route's
 * page and the lazy layouts and pages it renders at once; see apps/web/src/app/router.tsx). The
 * browser journey `bundle-budget.spec.ts` checks this list against what Chromium really fetches.
 */
export const ROUTES = [
  { route: '/login', budgetGzipBytes: 150 * KB, lazy: ['src/features/auth/pages/login-page.tsx'] },
  {
    route: '/terminal',
    budgetGzipBytes: 150 * KB,
    lazy: ['src/features/terminal/pages/terminal-login-page.tsx'],
  },
  {
    // A customer's quote link (issue 24, ADR 32): public, on a phone, often on a slow network. The
    // login page's 147 kB plus the domain's formatters (they come with its zod schemas, ~26 kB) and
    // the page itself (~14 kB).
    route: '/q/not-a-token',
    budgetGzipBytes: 190 * KB,
    lazy: ['src/features/quotes/pages/public-quote-page.tsx'],
  },
  {
    // The manager home: the signed-in shell and the manager dashboard.
    route: '/',
    budgetGzipBytes: 350 * KB,
    lazy: [
      'src/app/shell/app-layout.tsx',
      'src/app/home-page.tsx',
      'src/features/jobs/pages/manager-dashboard-page.tsx',
      // The live "Needs attention" list above the jobs (issue 29, ADR 28).
      'src/features/attention/components/attention-panel.tsx',
    ],
  },
];

/**
 * The JS and CSS files a first load fetches: the entry and everything it imports statically, and
 * each lazy module with its static imports. Dynamic imports are left out unless listed in `lazy`:
 * they load later, if ever.
 */
export function firstLoadFiles(manifest, lazy, entry = 'index.html') {
  const js = new Set();
  const css = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest: is the route list out of date?`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  for (const key of lazy) visit(key);
  return { js: [...js], css: [...css] };
}

/** The bytes sent for a file: its precompressed copy when the build wrote one, else compressed here. */
async function encodedSize(file, extension, compress) {
  if (existsSync(file + extension)) return (await stat(file + extension)).size;
  return compress(await readFile(file)).length;
}
const gzipBytes = (file) => encodedSize(file, '.gz', (b) => gzipSync(b, { level: 9 }));
const brotliBytes = (file) =>
  encodedSize(file, '.br', (b) =>
    brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
  );

async function sum(files, size) {
  const sizes = await Promise.all(files.map(size));
  return sizes.reduce((a, b) => a + b, 0);
}

/**
 * One row per route: the JavaScript its first load fetches (`files`, under `distDir`), raw, gzip and
 * brotli bytes, the CSS beside it, and the route's gzip budget.
 */
export async function bundleReport(distDir, routes = ROUTES) {
  const manifest = JSON.parse(await readFile(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const inDist = (file) => path.join(distDir, file);
  return Promise.all(
    routes.map(async ({ route, lazy, budgetGzipBytes }) => {
      const { js, css } = firstLoadFiles(manifest, lazy);
      const jsFiles = js.map(inDist);
      const cssFiles = css.map(inDist);
      return {
        route,
        files: js,
        jsBytes: await sum(jsFiles, async (f) => (await stat(f)).size),
        gzipBytes: await sum(jsFiles, gzipBytes),
        brotliBytes: await sum(jsFiles, brotliBytes),
        cssFiles: css,
        cssGzipBytes: await sum(cssFiles, gzipBytes),
        budgetGzipBytes,
      };
    }),
  );
}

/** The rows whose gzip JavaScript is over budget. */
export const overBudget = (rows) => rows.filter((row) => row.gzipBytes > row.budgetGzipBytes);

const kb = (bytes) => `${(bytes / KB).toFixed(1)} kB`;

export function formatReport(rows) {
  const header = ['route', 'files', 'JS', 'JS gzip', 'JS brotli', 'CSS gzip', 'budget (gzip)', ''];
  const lines = rows.map((r) => [
    r.route,
    String(r.files.length),
    kb(r.jsBytes),
    kb(r.gzipBytes),
    kb(r.brotliBytes),
    kb(r.cssGzipBytes),
    kb(r.budgetGzipBytes),
    r.gzipBytes > r.budgetGzipBytes ? 'OVER' : 'ok',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  return [header, ...lines]
    .map((l) =>
      l
        .map((c, i) => c.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const distDir = path.resolve(
    process.argv.slice(2).find((a) => !a.startsWith('--')) ??
      path.join(import.meta.dirname, '../apps/web/dist'),
  );
  if (!existsSync(path.join(distDir, '.vite/manifest.json'))) {
    console.error(`No build manifest in ${distDir}: run \`npm run build -w @dms/web\` first.`);
    process.exit(2);
  }
  const rows = await bundleReport(distDir);
  console.log(formatReport(rows));
  if (process.argv.includes('--files')) {
    for (const row of rows) console.log(`\n${row.route}\n  ${row.files.join('\n  ')}`);
  }
  const over = overBudget(rows);
  if (over.length) {
    console.error(`\nOver budget: ${over.map((r) => r.route).join(', ')}`);
    process.exit(1);
  }
}
