// Bundles the server and the CLI into dist/ with our own workspace code inlined and npm
// dependencies left as imports, and copies the migrations beside them.
import { cp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const pkg = JSON.parse(await readFile(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {});

await rm(path.join(here, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: [path.join(here, 'src/server.ts'), path.join(here, 'src/cli.ts')],
  outdir: path.join(here, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
await cp(path.join(here, 'src/db/migrations'), path.join(here, 'dist/migrations'), { recursive: true });
console.log('api: built dist/server.js and dist/cli.js');
