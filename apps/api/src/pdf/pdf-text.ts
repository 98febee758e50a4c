import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// Test helper: the text of a PDF as a reader's copy-paste sees it, by poppler's pdftotext. Like
// scripts/ensure-chromium.mjs, it installs Debian's poppler-utils when missing and we are root.

const run = promisify(execFile);

function findPdftotext(): string | null {
  for (const dir of (process.env.PATH ?? '/usr/bin').split(path.delimiter)) {
    const candidate = path.join(dir, 'pdftotext');
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

let ensured: Promise<string> | null = null;

export function ensurePdftotext(): Promise<string> {
  ensured ??= (async () => {
    const found = findPdftotext();
    if (found) return found;
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    if (isRoot && existsSync('/usr/bin/apt-get')) {
      const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
      await run('apt-get', ['update', '-qq'], { env, maxBuffer: 64 * 1024 * 1024 });
      await run('apt-get', ['install', '-y', '-qq', 'poppler-utils'], { env, maxBuffer: 64 * 1024 * 1024 });
      const installed = findPdftotext();
      if (installed) return installed;
    }
    throw new Error('pdftotext not found. Install it (Debian: apt-get install -y poppler-utils).');
  })();
  return ensured;
}

export interface PdfText {
  /** All pages, in reading order with the layout kept. */
  text: string;
  /** Each page's text. */
  pages: string[];
}

export async function pdfText(pdf: Buffer): Promise<PdfText> {
  const pdftotext = await ensurePdftotext();
  const dir = await mkdtemp(path.join(tmpdir(), 'dms-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run(pdftotext, ['-layout', '-enc', 'UTF-8', file, '-'], {
      maxBuffer: 16 * 1024 * 1024,
    });
    // pdftotext ends every page with a form feed.
    const pages = stdout.split('\f').slice(0, -1);
    return { text: stdout, pages };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
