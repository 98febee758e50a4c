// Lighthouse performance scores of the first pages people open, with Debian's Chromium.
import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { Audit } from 'lighthouse/core/audits/audit.js';
import CumulativeLayoutShift from 'lighthouse/core/audits/metrics/cumulative-layout-shift.js';
import FirstContentfulPaint from 'lighthouse/core/audits/metrics/first-contentful-paint.js';
import LargestContentfulPaint from 'lighthouse/core/audits/metrics/largest-contentful-paint.js';
import SpeedIndex from 'lighthouse/core/audits/metrics/speed-index.js';
import TotalBlockingTime from 'lighthouse/core/audits/metrics/total-blocking-time.js';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/**
 * pages: [{ name, url, cookie? }] -> [{ name, url, score, lcpMs, tbtMs, metrics, longTasks }] (score null
 * when it could not run); `metrics` are the scored metrics of the median run (see `metricsOf`).
 */
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
      metrics: lhr ? metricsOf(lhr) : [],
      longTasks: (lhr?.audits['long-tasks']?.details?.items ?? [])
        .map((t) => ({
          url: String(t.url ?? '')
            .split('/')
            .pop(),
          ms: Math.round(t.duration),
        }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 3),
    };
  } catch (error) {
    return { name: page.name, url: page.url, score: null, error: String(error?.message ?? error) };
  }
}

// The desktop preset's scoring curves (Lighthouse's own), to say what value of a metric would bring a
// page to the budget with its other metrics as measured.
const CURVES = {
  'first-contentful-paint': FirstContentfulPaint.defaultOptions.desktop.scoring,
  'speed-index': SpeedIndex.defaultOptions.desktop.scoring,
  'largest-contentful-paint': LargestContentfulPaint.defaultOptions.desktop.scoring,
  'total-blocking-time': TotalBlockingTime.defaultOptions.desktop.scoring,
  'cumulative-layout-shift': CumulativeLayoutShift.defaultOptions,
};

export const LIGHTHOUSE_BUDGET = 95;

/**
 * The scored metrics of one run: [{ id, value, score, weight, toPass }], where `toPass` is the largest
 * value of that metric alone that would bring the page to LIGHTHOUSE_BUDGET with the other metrics as
 * they were (null when even a perfect score of it would not; the value itself when the page passes).
 */
export function metricsOf(lhr) {
  const metrics = lhr.categories.performance.auditRefs
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.numericValue !== undefined)
    .map((ref) => ({
      id: ref.id,
      value: lhr.audits[ref.id].numericValue,
      score: lhr.audits[ref.id].score ?? 0,
      weight: ref.weight,
    }));
  const weights = metrics.reduce((n, m) => n + m.weight, 0);
  const points = metrics.reduce((n, m) => n + m.weight * m.score, 0);
  return metrics.map((m) => {
    const curve = CURVES[m.id];
    const needed = ((LIGHTHOUSE_BUDGET / 100) * weights - (points - m.weight * m.score)) / m.weight;
    let toPass = null;
    if (needed <= m.score) toPass = m.value;
    else if (curve && needed <= 1) {
      // The curve falls as the value grows: the largest value still scoring `needed`.
      let [low, high] = [0, m.value];
      for (let i = 0; i < 40; i++) {
        const mid = (low + high) / 2;
        if (Audit.computeLogNormalScore(curve, mid) >= needed) low = mid;
        else high = mid;
      }
      toPass = low;
    }
    return { ...m, toPass };
  });
}
