import { isStale, run } from './lib.mjs';

const shared = ['packages/domain/src', 'package-lock.json'];

/** Builds the web app and the server bundle when their sources changed since the last build. */
export async function buildIfStale() {
  if (
    isStale('apps/web/dist/index.html', [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/precompress-plugin.ts',
      'apps/web/public',
      ...shared,
    ])
  ) {
    const code = await run('npm', ['run', 'build', '-w', '@dms/web']);
    if (code !== 0) return code;
  }
  if (isStale('apps/api/dist/server.js', ['apps/api/src', 'apps/api/build.mjs', ...shared])) {
    const code = await run('npm', ['run', 'build', '-w', '@dms/api']);
    if (code !== 0) return code;
  }
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(await buildIfStale());
