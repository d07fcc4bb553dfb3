import { describe, expect, it } from 'vitest';
import { colorOf } from './colors';

describe('series colours', () => {
  it('tell the wind speed, its 10-minute average and the gust apart (issue 22)', () => {
    const wind = ['windspd', 'windavg10m', 'gust'].map(colorOf);
    expect(new Set(wind).size).toBe(3);
  });
});
