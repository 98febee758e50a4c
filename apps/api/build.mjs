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
  // The dispatch board's worker thread is its own file beside the server (board-hours-thread.ts).
  entryPoints: {
    server: path.join(here, 'src/server.ts'),
    cli: path.join(here, 'src/cli.ts'),
    'board-hours.worker': path.join(here, 'src/modules/driver-hours/board-hours.worker.ts'),
  },
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
console.log('api: built dist/server.js, dist/cli.js and dist/board-hours.worker.js');
