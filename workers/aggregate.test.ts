import { describe, expect, it } from 'vitest';
import { aggregateRows } from './aggregate';

// 2023-11-15 00:00 UTC; one hour of 5-minute rows i = 0..11.
const T = 1_700_006_400;
const rows = Array.from({ length: 12 }, (_, i) => ({
  time: T + i * 300,
  tempc0: i === 3 ? null : 10 + i, // mean; one missing value
  gust: i % 4, // max
  winddir: i * 10, // last
  lightningdist: 20 - i, // min
}));
const keys = ['tempc0', 'gust', 'winddir', 'lightningdist'];

describe('aggregation of 5-minute rows', () => {
  it('30 minutes: each key by its primary aggregate, missing values skipped', () => {
    expect(aggregateRows(rows, '30m', keys)).toEqual([
      // (10 + 11 + 12 + 14 + 15) / 5 = 12.4; gust 0,1,2,3,0,1; winddir last 50; min distance 15
      { time: T, tempc0: 12.4, gust: 3, winddir: 50, lightningdist: 15 },
      // (16 + … + 21) / 6 = 18.5; gust 2,3,0,1,2,3; last 110; min 9
      { time: T + 1800, tempc0: 18.5, gust: 3, winddir: 110, lightningdist: 9 },
    ]);
  });

  it('1 hour: one bucket over all twelve rows (unsorted input is sorted first)', () => {
    const [hour] = aggregateRows([...rows].reverse(), '1h', keys);
    // (sum 10..21 = 186, minus the missing 13) / 11 = 173 / 11
    expect(hour.time).toBe(T);
    expect(hour.tempc0).toBeCloseTo(173 / 11, 10);
    expect(hour).toMatchObject({ gust: 3, winddir: 110, lightningdist: 9 });
  });

  it('sum on request (e.g. rain increments)', () => {
    const rain = [0.2, 0, 1.4, 0.4].map((v, i) => ({ time: T + i * 300, eventrain: v }));
    const [sum] = aggregateRows(rain, '1h', ['eventrain'], undefined, 'sum');
    expect(sum.eventrain).toBeCloseTo(2.0, 10);
  });

  it('1 day: buckets start at the device-local midnight', () => {
    // 23:55 and 00:05 Prague time (UTC+1 in November): two local days, one UTC day.
    const two = [
      { time: T - 3900, tempc0: 5 },
      { time: T - 3300, tempc0: 7 },
    ];
    expect(aggregateRows(two, '1d', ['tempc0'], 'Europe/Prague')).toEqual([
      { time: T - 3600 - 86400, tempc0: 5 },
      { time: T - 3600, tempc0: 7 },
    ]);
    expect(aggregateRows(two, '1d', ['tempc0'], 'UTC')).toEqual([{ time: T - 86400, tempc0: 6 }]);
  });

  it('a bucket where a key had no value gives null', () => {
    const sparse = [
      { time: T, tempc0: 10, gust: null },
      { time: T + 1800, tempc0: null, gust: 4 },
    ];
    expect(aggregateRows(sparse, '30m', ['tempc0', 'gust'])).toEqual([
      { time: T, tempc0: 10, gust: null },
      { time: T + 1800, tempc0: null, gust: 4 },
    ]);
  });
});
