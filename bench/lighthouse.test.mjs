import { Audit } from 'lighthouse/core/audits/audit.js';
import { describe, expect, it } from 'vitest';
import { metricsOf } from './lib/lighthouse.mjs';

// A report of the shape Lighthouse writes, reduced to what scoring reads.
const report = (tbt) => {
  const refs = [
    ['largest-contentful-paint', 25, 1116, 0.92],
    ['total-blocking-time', 30, tbt, Audit.computeLogNormalScore({ p10: 150, median: 350 }, tbt)],
    ['cumulative-layout-shift', 25, 0, 1],
    ['first-contentful-paint', 10, 676, 0.98],
    ['speed-index', 10, 1165, 0.94],
    ['interactive', 0, 1200, 1],
  ];
  return {
    categories: { performance: { auditRefs: refs.map(([id, weight]) => ({ id, weight })) } },
    audits: Object.fromEntries(refs.map(([id, , numericValue, score]) => [id, { numericValue, score }])),
  };
};
const pageScore = (metrics) =>
  metrics.reduce((n, m) => n + m.weight * m.score, 0) / metrics.reduce((n, m) => n + m.weight, 0);

describe('what would bring a page to 95', () => {
  it('finds the total blocking time that alone lifts the page to 95, and no more', () => {
    const metrics = metricsOf(report(300));
    expect(pageScore(metrics)).toBeLessThan(0.95);
    expect(metrics.map((m) => m.id)).not.toContain('interactive');
    const tbt = metrics.find((m) => m.id === 'total-blocking-time');
    expect(tbt.toPass).toBeGreaterThan(100);
    expect(tbt.toPass).toBeLessThan(300);
    expect(pageScore(metricsOf(report(tbt.toPass)))).toBeGreaterThanOrEqual(0.95 - 1e-6);
    expect(pageScore(metricsOf(report(tbt.toPass + 5)))).toBeLessThan(0.95);
    // CLS already scores 1: it cannot lift the page.
    expect(metrics.find((m) => m.id === 'cumulative-layout-shift').toPass).toBeNull();
  });

  it('gives a passing page its own values', () => {
    const metrics = metricsOf(report(90));
    expect(pageScore(metrics)).toBeGreaterThanOrEqual(0.95);
    expect(metrics.every((m) => m.toPass === m.value)).toBe(true);
  });
});
