import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

/**
 * Writes `name.br` and `name.gz` beside every built text file above 1 KB, at the highest levels (it
 * happens once per build, not per request). The server sends the copy the browser accepts
 * (@fastify/static `preCompressed`), so no CPU is spent compressing at request time.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'dms:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // closeBundle: after Vite has copied public/ too, so its files get copies as well.
    async closeBundle() {
      const files = await compressibleFiles(outDir);
      await Promise.all(files.map(writeCompressedCopies));
    },
  };
}

async function compressibleFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // .vite holds the build manifest, which only our tools read.
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await compressibleFiles(full)));
    else if (COMPRESSIBLE.test(entry.name) && (await stat(full)).size >= MIN_BYTES) found.push(full);
  }
  return found;
}

async function writeCompressedCopies(file: string): Promise<void> {
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy that is not smaller is not written: the server then falls back to the plain file.
  if (br.length < content.length) await writeFile(`${file}.br`, br);
  if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
}
