import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// The import graph of the source trees and the layering rules of DESIGN.md ("Where code goes"),
// checked by architecture.test.ts. Pure over a map of files, so that the test can also feed it a
// planted violation and see it caught.

/** Path (relative to the repository root, '/'-separated) → file text. */
export type SourceFiles = Map<string, string>;

export interface Import {
  from: string;
  /** The resolved file, or null for a package. */
  to: string | null;
  specifier: string;
  /** `import type` / `export type`: gone at run time. */
  typeOnly: boolean;
}

export interface Violation {
  rule: string;
  file: string;
  specifier: string;
  detail: string;
}

/** Every .ts/.tsx file under `dirs`, tests included (the rules decide what they apply to). */
export function readSources(root: string, dirs: readonly string[]): SourceFiles {
  const files: SourceFiles = new Map();
  const walk = (dir: string) => {
    for (const name of readdirSync(path.join(root, dir))) {
      const rel = `${dir}/${name}`;
      if (name === 'node_modules' || name === 'dist') continue;
      if (statSync(path.join(root, rel)).isDirectory()) walk(rel);
      else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts'))
        files.set(rel, readFileSync(path.join(root, rel), 'utf8'));
    }
  };
  for (const dir of dirs) walk(dir);
  return files;
}

const IMPORT =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolve(files: SourceFiles, from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (files.has(candidate)) return candidate;
  }
  // A relative import of something outside the trees read (a .css module, a JSON file).
  return null;
}

export function importsOf(files: SourceFiles): Import[] {
  const imports: Import[] = [];
  for (const [file, text] of files) {
    // Comments may quote code: leave them out.
    const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
    for (const m of code.matchAll(IMPORT)) {
      const specifier = m[3] ?? m[4] ?? '';
      imports.push({
        from: file,
        to: resolve(files, file, specifier),
        specifier,
        typeOnly: Boolean(m[2]),
      });
    }
  }
  return imports;
}

export interface LayerRules {
  /** Folder of the API's source, e.g. 'apps/api/src'. */
  api: string;
  /** Folder of the web app's source, e.g. 'apps/web/src'. */
  web: string;
  /** Imports that break a rule knowingly: `${from} -> ${to}` with the reason. */
  allowed: Readonly<Record<string, string>>;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.includes('/test/');

/** The area of a module file ('apps/api/src/modules/jobs/jobs.service.ts' → 'jobs'), else null. */
function moduleOf(api: string, file: string): string | null {
  const m = file.startsWith(`${api}/modules/`) ? file.slice(api.length + 9).split('/') : null;
  return m && m.length > 1 ? m[0]! : null;
}

function featureOf(web: string, file: string): string | null {
  const m = file.startsWith(`${web}/features/`) ? file.slice(web.length + 10).split('/') : null;
  return m && m.length > 1 ? m[0]! : null;
}

/** Every import that breaks a layering rule, except those on the allow-list. */
export function layerViolations(files: SourceFiles, rules: LayerRules): Violation[] {
  const { api, web } = rules;
  const violations: Violation[] = [];
  const flag = (rule: string, imp: Import, detail: string) => {
    if (rules.allowed[`${imp.from} -> ${imp.to}`] === undefined)
      violations.push({ rule, file: imp.from, specifier: imp.specifier, detail });
  };
  for (const imp of importsOf(files)) {
    if (!imp.to || isTest(imp.from)) continue;
    const fromModule = moduleOf(api, imp.from);
    const toModule = moduleOf(api, imp.to);
    if (toModule && toModule !== fromModule && !imp.to.endsWith(`/modules/${toModule}/index.ts`)) {
      flag(
        'front door',
        imp,
        `${imp.to} is inside the ${toModule} module: import ${api}/modules/${toModule}/index.ts`,
      );
    }
    if (
      fromModule &&
      (imp.to.startsWith(`${api}/plugins/`) || imp.to === `${api}/app.ts` || imp.to === `${api}/server.ts`)
    ) {
      flag('modules below plugins', imp, `a module must not import the app's wiring (${imp.to})`);
    }
    for (const lower of ['db', 'http', 'lib'] as const) {
      if (imp.from.startsWith(`${api}/${lower}/`) && toModule) {
        flag(`${lower}/ below modules`, imp, `${lower}/ must not depend on a module (${imp.to})`);
      }
    }
    const fromFeature = featureOf(web, imp.from);
    const toFeature = featureOf(web, imp.to);
    if (fromFeature && toFeature && fromFeature !== toFeature) {
      flag(
        'features apart',
        imp,
        `web feature ${fromFeature} imports feature ${toFeature}: compose them in app/`,
      );
    }
  }
  return violations;
}

/** Strongly connected components of more than one node (or a self-loop), each sorted. */
export function cycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || edges.get(v)?.has(v)) found.push(component.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** Circles of files through imports that exist at run time (type-only imports cannot loop). */
export function fileCycles(files: SourceFiles): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const imp of importsOf(files)) {
    if (!imp.to || imp.typeOnly || isTest(imp.from)) continue;
    edges.set(imp.from, (edges.get(imp.from) ?? new Set()).add(imp.to));
  }
  return cycles(edges);
}

/** Circles of API modules (any file of one importing any file of another). */
export function moduleCycles(files: SourceFiles, api: string): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const imp of importsOf(files)) {
    if (!imp.to || isTest(imp.from)) continue;
    const from = moduleOf(api, imp.from);
    const to = moduleOf(api, imp.to);
    if (from && to && from !== to) edges.set(from, (edges.get(from) ?? new Set()).add(to));
  }
  return cycles(edges);
}

/**
 * Writes (insert, update, delete) of a table by a module that does not own it. `owners` maps each
 * module to the Drizzle table symbols it owns; a symbol no module owns is not checked.
 */
export function foreignTableWrites(
  files: SourceFiles,
  api: string,
  owners: Readonly<Record<string, readonly string[]>>,
): Violation[] {
  const ownerOf = new Map<string, string>();
  for (const [module, tables] of Object.entries(owners)) for (const t of tables) ownerOf.set(t, module);
  const violations: Violation[] = [];
  for (const [file, text] of files) {
    const module = moduleOf(api, file);
    if (!module || isTest(file)) continue;
    for (const m of text.matchAll(/\.(insert|update|delete)\((\w+)\)/g)) {
      const owner = ownerOf.get(m[2]!);
      if (owner && owner !== module)
        violations.push({
          rule: 'own tables',
          file,
          specifier: m[0],
          detail: `${m[2]} belongs to the ${owner} module: ask it through its index.ts`,
        });
    }
  }
  return violations;
}
