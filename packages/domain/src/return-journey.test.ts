import { describe, expect, it } from 'vitest';
import { canReturnJourney, returnJourney } from './return-journey';

const leg = (originAddress: string, destinationAddress: string) => ({ originAddress, destinationAddress });

describe('returnJourney', () => {
  it('brings a one-leg trip back with its ends swapped', () => {
    expect(returnJourney([leg('Northside PS', 'Australian Museum')])).toEqual([
      leg('Australian Museum', 'Northside PS'),
    ]);
  });

  it('reverses the whole trip: every leg, last first', () => {
    const out = [leg('Depot', 'Northside PS'), leg('Northside PS', 'Museum'), leg('Museum', 'Zoo')];
    expect(returnJourney(out)).toEqual([
      leg('Zoo', 'Museum'),
      leg('Museum', 'Northside PS'),
      leg('Northside PS', 'Depot'),
    ]);
  });

  it('keeps a leg with one end (its gap stays a gap) and skips legs with no address', () => {
    const out = [
      leg('A', 'B'),
      leg('', ''),
      leg('B', ''),
      { originAddress: null, destinationAddress: undefined },
    ];
    expect(returnJourney(out)).toEqual([leg('', 'B'), leg('B', 'A')]);
  });

  it('trims the addresses it copies', () => {
    expect(returnJourney([leg('  A ', 'B  ')])).toEqual([leg('B', 'A')]);
  });

  it('is offered only once the first leg has both ends', () => {
    expect(canReturnJourney([])).toBe(false);
    expect(canReturnJourney([leg('A', '')])).toBe(false);
    expect(canReturnJourney([leg('  ', 'B')])).toBe(false);
    expect(canReturnJourney([leg('', ''), leg('A', 'B')])).toBe(false);
    expect(canReturnJourney([leg('A', 'B'), leg('', '')])).toBe(true);
    expect(returnJourney([leg('A', '')])).toEqual([]);
  });
});
