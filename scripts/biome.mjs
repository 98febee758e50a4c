// Runs Biome from its platform package. The registry reachable from our machines serves only the
// Linux builds, so the @biomejs/biome wrapper (which lists every platform) cannot be locked for
// `npm ci`; see docs/adr/0005-biome-from-platform-packages.md.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pkg = `@biomejs/cli-${process.platform}-${process.arch}`;
let binary;
try {
  binary = require.resolve(`${pkg}/biome`);
} catch {
  console.error(`Biome has no installed build for ${process.platform}-${process.arch} (${pkg}).`);
  process.exit(1);
}
const child = spawn(binary, process.argv.slice(2), { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
