import { describe, expect, it } from 'vitest';
import { ratioVerdict, screenSizeVerdicts } from './lib/report.mjs';

const KB = 1024;
const result = (name, bytes, ratio = 1, engine = 'PostgreSQL 15') => ({ name, bytes, ratio, engine });

describe('issue 28 budgets', () => {
  it('holds each screen to its size, and report lists to the largest of them', () => {
    const verdicts = screenSizeVerdicts([
      result('job-list', 24 * KB),
      result('job-list', 90 * KB, 1, 'PGlite'),
      result('available-jobs', 41 * KB),
      result('report-timesheets', 60 * KB),
      result('report-fuel-logs', 12 * KB),
      result('report-incidents', 45 * KB),
    ]);
    expect(verdicts.map((v) => [v.budget, v.pass])).toEqual([
      ['A job-list page of 50 under 25 KB', true],
      ['An Available Jobs page under 40 KB', false],
      ['A week of timesheets under 100 KB', true],
      ['A report-list page of 50 under 40 KB', false],
    ]);
    expect(verdicts[3].actual).toBe('45.0 KB (largest: report-incidents)');
  });

  it('names every scenario under 0.67 of its baseline', () => {
    const [pass] = ratioVerdict([result('job-list', 1, 0.9), result('clock-in', 1, 0.7)]);
    expect(pass).toMatchObject({ pass: true, actual: 'lowest 0.70 (clock-in)' });
    const [fail] = ratioVerdict([result('job-list', 1, 0.9), result('report-incidents', 1, 0.5)]);
    expect(fail).toMatchObject({ pass: false, actual: 'below: report-incidents 0.50' });
  });
});
