import { describe, expect, it } from 'vitest';
import { driverName } from './names';

describe('driverName', () => {
  it("names a driver, or says 'Driver' when no name is known", () => {
    expect(driverName({ firstName: 'James', lastName: 'Wilson' })).toBe('James Wilson');
    expect(driverName({ firstName: 'Priya', lastName: null })).toBe('Priya');
    expect(driverName({ firstName: null, lastName: null })).toBe('Driver');
  });
});
