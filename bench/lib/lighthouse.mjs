// Lighthouse performance scores of the first pages people open, with Debian's Chromium.
import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/** pages: [{ name, url, cookie? }] -> [{ name, url, score, lcpMs, tbtMs }] (score null when it could not run). */
export async function lighthouseScores(pages) {
  if (!existsSync(CHROME))
    return pages.map((p) => ({ ...p, score: null, error: `no Chromium at ${CHROME}` }));
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS });
  const results = [];
  try {
    for (const page of pages) {
      // The median of a few runs, as Lighthouse's own guidance says: one run swings with the machine.
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await scorePage(chrome.port, page));
      const scored = runs.filter((r) => r.score !== null).sort((a, b) => a.score - b.score);
      results.push(
        scored.length > 0
          ? { ...scored[Math.floor((scored.length - 1) / 2)], runs: scored.map((r) => r.score) }
          : runs[0],
      );
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));

async function scorePage(port, page) {
  try {
    const run = await lighthouse(
      page.url,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        extraHeaders: page.cookie ? { Cookie: page.cookie } : undefined,
      },
      desktopConfig,
    );
    const lhr = run?.lhr;
    return {
      name: page.name,
      url: page.url,
      score:
        lhr?.categories.performance.score == null ? null : Math.round(lhr.categories.performance.score * 100),
      lcpMs: lhr?.audits['largest-contentful-paint']?.numericValue ?? null,
      tbtMs: lhr?.audits['total-blocking-time']?.numericValue ?? null,
    };
  } catch (error) {
    return { name: page.name, url: page.url, score: null, error: String(error?.message ?? error) };
  }
}
