import { describe, expect, it } from 'vitest';
import { ratioWithTurns } from './lib/report.mjs';
import { pairedRatio, productFirst, warmsUp } from './lib/turns.mjs';

const run = (rps) => ({ rps });

describe("a scenario's turns", () => {
  it('alternate which side goes first, the product in the first turn', () => {
    expect([0, 1, 2, 3].map(productFirst)).toEqual([true, false, true, false]);
  });

  it("take the ratio within each turn, so a slow turn slows both of its sides, and keep the turns' median", () => {
    // The machine was half as fast during the second turn: a ratio of the sides' medians (1,000 / 1,600)
    // would say 0.63, though the product answered 0.70 of its baseline in every turn but the third.
    const { ratio, turnRatios } = pairedRatio(
      [run(1400), run(700), run(1000)],
      [run(2000), run(1000), run(1600)],
    );
    expect(turnRatios).toEqual([0.7, 0.7, 0.625]);
    expect(ratio).toBe(0.7);
  });

  it('take the middle of an even number of turns, and leave out a turn whose baseline answered nothing', () => {
    expect(pairedRatio([run(600), run(800)], [run(1000), run(1000)]).ratio).toBeCloseTo(0.7);
    expect(pairedRatio([run(600), run(800)], [run(0), run(1000)])).toEqual({ ratio: 0.8, turnRatios: [0.8] });
    expect(pairedRatio([run(600)], [run(0)])).toEqual({ ratio: null, turnRatios: [] });
  });

  it("show each turn's ratio beside the scenario's, where there was more than one", () => {
    expect(ratioWithTurns({ ratio: 0.7, turnRatios: [0.7, 0.7, 0.625] })).toBe(
      '0.70 (turns 0.70, 0.70, 0.63)',
    );
    expect(ratioWithTurns({ ratio: 0.6651, turnRatios: [0.6651] })).toBe('0.665');
    expect(ratioWithTurns({ ratio: 0.9 })).toBe('0.90');
  });

  it('warm a read up before its first turn, never a scenario that writes', () => {
    expect(warmsUp({ steps: [{ method: 'GET' }] })).toBe(true);
    expect(warmsUp({ rollback: true, steps: [{ method: 'POST' }] })).toBe(false);
    expect(warmsUp({ rollback: true, steps: [{ method: 'POST' }, { method: 'GET' }] })).toBe(false);
  });
});
