import { describe, expect, it } from 'vitest';
import { updatedAgo } from './ago';

describe('updatedAgo', () => {
  it('each unit up to just below the next: 59 s, 59 min, 23 h; a whole day is 1 d', () => {
    expect(updatedAgo(59.9)).toEqual({ value: 59, unit: 's' });
    expect(updatedAgo(60)).toEqual({ value: 1, unit: 'min' });
    expect(updatedAgo(3599)).toEqual({ value: 59, unit: 'min' });
    expect(updatedAgo(3600)).toEqual({ value: 1, unit: 'h' });
    expect(updatedAgo(86399)).toEqual({ value: 23, unit: 'h' });
    expect(updatedAgo(86400)).toEqual({ value: 1, unit: 'd' });
    expect(updatedAgo(3 * 86400 + 5)).toEqual({ value: 3, unit: 'd' });
  });
  it('a negative or unreadable age is 0 s', () => {
    expect(updatedAgo(-5)).toEqual({ value: 0, unit: 's' });
    expect(updatedAgo(Number.NaN)).toEqual({ value: 0, unit: 's' });
  });
});
