// Browser tests drive Debian's Chromium; Playwright's own browser download cannot run here.
import { existsSync } from 'node:fs';
import { run } from './lib.mjs';

export function chromiumPath() {
  return process.env.CHROME_PATH || '/usr/bin/chromium';
}

export async function ensureChromium() {
  const executable = chromiumPath();
  if (existsSync(executable)) return executable;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!process.env.CHROME_PATH && isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Chromium is missing: installing Debian package chromium with apt-get ...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (
      (await run('apt-get', ['update', '-qq'], { env })) === 0 &&
      (await run('apt-get', ['install', '-y', '-qq', 'chromium'], { env })) === 0 &&
      existsSync(executable)
    ) {
      return executable;
    }
  }
  throw new Error(
    `Chromium not found at ${executable}. Install it (Debian: apt-get install -y chromium) or set CHROME_PATH to a Chromium binary.`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(await ensureChromium());
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
