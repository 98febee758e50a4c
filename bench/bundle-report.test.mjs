import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleReport, firstLoadFiles, formatReport, overBudget } from './bundle-report.mjs';

// A small build as Vite's manifest describes it: an entry with a shared chunk, a lazy page that
// imports the shared chunk and one of its own, and a lazy editor only the page loads later.
const manifest = {
  'index.html': {
    file: 'assets/index-A.js',
    isEntry: true,
    imports: ['_shared-B.js'],
    dynamicImports: ['src/login-page.tsx', 'src/manager-page.tsx'],
    css: ['assets/index-A.css'],
  },
  '_shared-B.js': { file: 'assets/shared-B.js' },
  '_form-C.js': { file: 'assets/form-C.js', imports: ['_shared-B.js'] },
  'src/login-page.tsx': {
    file: 'assets/login-page-D.js',
    isDynamicEntry: true,
    imports: ['index.html', '_shared-B.js', '_form-C.js'],
    dynamicImports: ['src/editor.tsx'],
  },
  'src/manager-page.tsx': { file: 'assets/manager-page-E.js', isDynamicEntry: true, imports: ['index.html'] },
  'src/editor.tsx': { file: 'assets/editor-F.js', isDynamicEntry: true, css: ['assets/editor-F.css'] },
};

describe('firstLoadFiles', () => {
  it('takes the entry, the lazy modules of the route and their static imports, each once', () => {
    expect(firstLoadFiles(manifest, ['src/login-page.tsx'])).toEqual({
      js: ['assets/index-A.js', 'assets/shared-B.js', 'assets/login-page-D.js', 'assets/form-C.js'],
      css: ['assets/index-A.css'],
    });
  });

  it("leaves out what loads later: other routes' pages and the page's own dynamic imports", () => {
    const { js } = firstLoadFiles(manifest, ['src/login-page.tsx']);
    expect(js).not.toContain('assets/manager-page-E.js');
    expect(js).not.toContain('assets/editor-F.js');
  });

  it('refuses a lazy module the build does not have, so a stale route list fails loudly', () => {
    expect(() => firstLoadFiles(manifest, ['src/renamed-page.tsx'])).toThrow(/not in the build manifest/);
  });
});

describe('bundleReport', () => {
  let dist;
  const sizes = {
    'assets/index-A.js': 4000,
    'assets/shared-B.js': 2000,
    'assets/form-C.js': 1500,
    'assets/login-page-D.js': 1200,
    'assets/manager-page-E.js': 900,
    'assets/editor-F.js': 9000,
    'assets/index-A.css': 3000,
    'assets/editor-F.css': 500,
  };
  // Varied text, so that the gzip sizes are realistic and differ from file to file.
  const content = (file, bytes) =>
    Array.from({ length: bytes }, (_, i) => String.fromCharCode(97 + ((i * file.length * 7) % 26))).join('');

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'dms-bundle-report-'));
    await mkdir(path.join(dist, 'assets'));
    await mkdir(path.join(dist, '.vite'));
    await writeFile(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
    for (const [file, bytes] of Object.entries(sizes))
      await writeFile(path.join(dist, file), content(file, bytes));
    // The build's precompressed copy of the entry is what the server sends: the report counts it.
    await writeFile(path.join(dist, 'assets/index-A.js.gz'), Buffer.alloc(777));
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));

  const routes = [
    { route: '/login', budgetGzipBytes: 800, lazy: ['src/login-page.tsx'] },
    { route: '/', budgetGzipBytes: 100_000, lazy: ['src/manager-page.tsx'] },
  ];

  it('sums the raw and compressed bytes of each route’s first load', async () => {
    const [login, home] = await bundleReport(dist, routes);
    expect(login.route).toBe('/login');
    expect(login.files).toHaveLength(4);
    expect(login.jsBytes).toBe(4000 + 2000 + 1500 + 1200);
    const gz = (file) => gzipSync(content(file, sizes[file]), { level: 9 }).length;
    expect(login.gzipBytes).toBe(
      777 + gz('assets/shared-B.js') + gz('assets/form-C.js') + gz('assets/login-page-D.js'),
    );
    expect(login.brotliBytes).toBeGreaterThan(0);
    expect(login.cssFiles).toEqual(['assets/index-A.css']);
    expect(home.files).toEqual(['assets/index-A.js', 'assets/shared-B.js', 'assets/manager-page-E.js']);
    expect(home.jsBytes).toBe(4000 + 2000 + 900);
  });

  it('flags the routes over their gzip budget and prints them in the table', async () => {
    const rows = await bundleReport(dist, routes);
    expect(overBudget(rows).map((r) => r.route)).toEqual(['/login']);
    const table = formatReport(rows).split('\n');
    expect(table[0]).toMatch(/^route\s+files\s+JS\s+JS gzip/);
    expect(table[1]).toMatch(/^\/login .*OVER$/);
    expect(table[2]).toMatch(/^\/ .*ok$/);
  });
});
