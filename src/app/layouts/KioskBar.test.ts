import { describe, expect, it } from 'vitest';
import { nextStation } from './KioskBar';

describe('kiosk station cycle', () => {
  it('goes round the chosen stations; none with fewer than two', () => {
    expect(nextStation(['a', 'b', 'c'], 'a')).toBe('b');
    expect(nextStation(['a', 'b', 'c'], 'c')).toBe('a');
    // A station shown that is not in the cycle: start at the first.
    expect(nextStation(['a', 'b'], 'x')).toBe('a');
    expect(nextStation(['a'], 'a')).toBeUndefined();
    expect(nextStation([], undefined)).toBeUndefined();
  });
});
