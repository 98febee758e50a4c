// `npm start`: build what is stale, then run the production server (OPERATIONS.md).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';
import { root } from './lib.mjs';

const code = await buildIfStale();
if (code !== 0) process.exit(code);

const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (exitCode, signal) => process.exit(exitCode ?? (signal ? 0 : 1)));
