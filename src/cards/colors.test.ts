import { describe, expect, it } from 'vitest';
import { colorOf } from './colors';

describe('series colours', () => {
  it('tell the wind speed, its 10-minute average and the gust apart (issue 22)', () => {
    const wind = ['windspd', 'windavg10m', 'gust'].map(colorOf);
    expect(new Set(wind).size).toBe(3);
  });

  it('tell the heating, cooling and growing degree days apart (issue 26)', () => {
    expect(new Set(['hddday', 'cddday', 'gddday'].map(colorOf)).size).toBe(3);
  });
});
