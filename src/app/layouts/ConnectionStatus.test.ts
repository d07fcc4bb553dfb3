import { describe, expect, it } from 'vitest';
import { dataFreshness } from './ConnectionStatus';

describe('the status dot', () => {
  it('is green only while the station sends: stale after 5 minutes, silent after 30 (issue 22)', () => {
    expect(dataFreshness(60)).toBe('fresh');
    expect(dataFreshness(12 * 60)).toBe('stale');
    expect(dataFreshness(31 * 60)).toBe('silent');
    expect(dataFreshness(null)).toBeNull();
  });
});
