import { describe, expect, it } from 'vitest';
import { countText, pageCount } from './fields';
import { availableJobsSummary } from './job-offer.schema';

describe('a count stopped at its bound (ADR 42)', () => {
  it('reads "1,000+" and offers one page past those counted', () => {
    expect(countText(1000, true)).toBe('1,000+');
    expect(countText(1005, false)).toBe('1,005');
    expect(pageCount(1000, 50, true)).toBe(21);
    expect(pageCount(1005, 50, false)).toBe(21);
    expect(pageCount(0, 50, false)).toBe(0);
  });

  it('keeps the Available Jobs summary as the spec words it, and says when it is a lower bound', () => {
    expect(availableJobsSummary(1)).toBe('Found 1 job with available driver positions');
    expect(availableJobsSummary(12)).toBe('Found 12 jobs with available driver positions');
    expect(availableJobsSummary(1000, true)).toBe('Found 1,000+ jobs with available driver positions');
  });
});
