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

export interface PdfWord {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word with its box on its page (pdftotext -bbox), to check that no two are drawn over each other. */
export async function pdfWords(pdf: Buffer): Promise<PdfWord[]> {
  const pdftotext = await ensurePdftotext();
  const dir = await mkdtemp(path.join(tmpdir(), 'dms-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run(pdftotext, ['-bbox', '-enc', 'UTF-8', file, '-'], {
      maxBuffer: 16 * 1024 * 1024,
    });
    const words: PdfWord[] = [];
    stdout.split('<page ').forEach((page, i) => {
      for (const m of page.matchAll(
        /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
      )) {
        words.push({
          page: i,
          xMin: Number(m[1]),
          yMin: Number(m[2]),
          xMax: Number(m[3]),
          yMax: Number(m[4]),
          text: m[5]!
            .replace(/&amp;/g, '&')
            .replace(/&lt;/g, '<')
            .replace(/&gt;/g, '>')
            .replace(/&quot;/g, '"'),
        });
      }
    });
    return words;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Whether two words are drawn over each other. A word's box runs from the font's ascent to its
 * descent, so lines set close together touch by a point or two; overprinted text shares most of its height.
 */
export function overlaps(a: PdfWord, b: PdfWord): boolean {
  if (a.page !== b.page) return false;
  const across = Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin);
  const down = Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin);
  return across > 0.5 && down > 0.4 * Math.min(a.yMax - a.yMin, b.yMax - b.yMin);
}
