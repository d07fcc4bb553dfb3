import { describe, expect, test } from 'vitest';
import { addValue } from '../../src/domain/aggregate';
import type { BucketRow } from '../storage/samples';
import { localForecast, popOf, summaryOf, trendOf, zambretti } from './zambretti';

const bucket = (time: number, values: Record<string, number>): BucketRow => ({
  time,
  aggs: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, addValue(undefined, v)])),
});

describe('Zambretti dial', () => {
  test('high steady pressure in summer is settled fine; deep falling pressure is stormy', () => {
    const fine = zambretti({ pressure: 1035, change3h: 0, windDir: null, month: 7, latitude: 50 });
    expect(fine).toMatchObject({ letter: 'A', text: 'Settled fine', trend: 'steady' });
    expect(summaryOf(fine.index)).toBe('sunny');
    const storm = zambretti({ pressure: 975, change3h: -4, windDir: 200, month: 1, latitude: 50 });
    expect(storm.trend).toBe('falling');
    expect(summaryOf(storm.index)).toBe('storm');
    expect(popOf(storm.index)).toBeGreaterThan(popOf(fine.index));
  });

  test('the trend threshold is 1.6 hPa in 3 hours', () => {
    expect(trendOf(1.6)).toBe('rising');
    expect(trendOf(1.5)).toBe('steady');
    expect(trendOf(-1.6)).toBe('falling');
  });

  test('a southerly wind means the opposite in the southern hemisphere, and seasons swap', () => {
    const input = { pressure: 1008, change3h: 0, windDir: 180, month: 1 };
    const north = zambretti({ ...input, latitude: 50 });
    const south = zambretti({ ...input, latitude: -35 });
    // South wind lowers the reading in the north (warm, moist) and raises it in the south (cold, dry).
    expect(south.index).toBeLessThan(north.index);
    const rising = { pressure: 1010, change3h: 3, windDir: null };
    // January is summer in the south: rising pressure counts for more there.
    expect(zambretti({ ...rising, month: 1, latitude: -35 }).index).toBeLessThan(
      zambretti({ ...rising, month: 1, latitude: 50 }).index,
    );
  });
});

describe('local forecast from 5-minute buckets', () => {
  const now = Date.parse('2026-07-10T12:02:00Z') / 1000;
  const series = (from: number, to: number, f: (hoursAgo: number) => Record<string, number>) => {
    const out: BucketRow[] = [];
    for (let t = from - (from % 300); t <= to; t += 300) out.push(bucket(t, f((now - t) / 3600)));
    return out;
  };

  test('falling pressure over 3 hours → falling trend, wetter summary, pop, 12 hourly and 3 daily rows', () => {
    const fiveMinute = series(now - 26 * 3600, now, (h) => ({
      relbaro: 1000 + h * 1.5, // 4.5 hPa lower than 3 hours ago
      tempc0: 20 + Math.sin(h),
      humc0: 70,
      windspd: 4,
      winddir: 225,
    }));
    const daily = [0, 1, 2, 3].map((d) => {
      const b = bucket(Date.parse('2026-07-07T00:00:00Z') / 1000 + d * 86400, { tempc0: 15 });
      b.aggs.tempc0 = [2, 40, 12 + d, 25 + d, 20];
      return b;
    });
    const f = localForecast({ now, timezone: 'UTC', latitude: 50, fiveMinute, daily });
    const cur = Object.fromEntries(f.current.columns.map((c, i) => [c, f.current.rows[0][i]]));
    expect(cur.trend).toBe('falling');
    expect(cur.baro3h).toBeCloseTo(-4.5, 1);
    expect(cur.relbaro).toBe(1000);
    expect(['rain', 'storm', 'unsettled']).toContain(cur.summary);
    expect(cur.pop).toBeGreaterThan(0.5);
    expect(cur.winddir).toBe(225);
    expect(cur.confidence).toBeGreaterThan(0.6);

    expect(f.hourly.columns[0]).toBe('dt');
    expect(f.hourly.rows).toHaveLength(12);
    expect(f.hourly.rows[0][0]).toBe(Date.parse('2026-07-10T13:00:00Z') / 1000);
    const conf = f.hourly.columns.indexOf('confidence');
    expect(f.hourly.rows[11][conf]).toBeLessThan(f.hourly.rows[0][conf] as number);
    // Temperature: persistence of yesterday's change from now to then.
    const temp = f.hourly.columns.indexOf('tempc0');
    expect(typeof f.hourly.rows[0][temp]).toBe('number');

    expect(f.daily.rows.map((r) => r[0])).toEqual([
      Date.parse('2026-07-10T00:00:00Z') / 1000,
      Date.parse('2026-07-11T00:00:00Z') / 1000,
      Date.parse('2026-07-12T00:00:00Z') / 1000,
    ]);
    const dconf = f.daily.columns.indexOf('confidence');
    const confs = f.daily.rows.map((r) => r[dconf] as number);
    expect(confs[0]).toBeGreaterThan(confs[1]);
    expect(confs[1]).toBeGreaterThan(confs[2]);
    // Highs and lows: the mean of the last three whole days before today (max 25..27 → 26, min 12..14 → 13),
    // carried on by half their trend (+1 °C a day) from the middle of those days; today's high is already 28.
    const column = (k: string) => f.daily.rows.map((r) => r[f.daily.columns.indexOf(k)]);
    expect(column('temp_max')).toEqual([28, 27.5, 28]);
    expect(column('temp_min')).toEqual([14, 14.5, 15]);
  });

  test('rising pressure → rising trend and a finer summary than falling', () => {
    const make = (sign: number) =>
      localForecast({
        now,
        timezone: 'UTC',
        latitude: 50,
        fiveMinute: series(now - 4 * 3600, now, (h) => ({ relbaro: 1015 - sign * h })),
        daily: [],
      });
    const code = (f: ReturnType<typeof make>) =>
      f.current.rows[0][f.current.columns.indexOf('code')] as string;
    const rising = make(1);
    expect(rising.current.rows[0][rising.current.columns.indexOf('trend')]).toBe('rising');
    expect(code(rising) < code(make(-1))).toBe(true);
  });

  test('without a barometer there is no forecast, only the observed values', () => {
    const f = localForecast({
      now,
      timezone: 'UTC',
      latitude: null,
      fiveMinute: series(now - 3600, now, () => ({ tempc0: 12 })),
      daily: [],
    });
    const cur = Object.fromEntries(f.current.columns.map((c, i) => [c, f.current.rows[0][i]]));
    expect(cur).toMatchObject({ summary: null, tempc0: 12, pop: null, confidence: 0 });
    expect(f.hourly.rows).toEqual([]);
    expect(f.daily.rows).toEqual([]);
  });

  test('steady days give the same high and low each day; a front is not carried on in full', () => {
    const days = (maxes: number[]) =>
      localForecast({
        now,
        timezone: 'UTC',
        latitude: 50,
        fiveMinute: series(now - 4 * 3600, now, () => ({ relbaro: 1015, tempc0: 18 })),
        daily: maxes.map((max, d) => {
          const b = bucket(Date.parse('2026-07-07T00:00:00Z') / 1000 + d * 86400, { tempc0: 15 });
          b.aggs.tempc0 = [2, 40, max - 10, max, max - 5];
          return b;
        }),
      });
    const highs = (f: ReturnType<typeof days>) =>
      f.daily.rows.map((r) => r[f.daily.columns.indexOf('temp_max')]);
    expect(highs(days([24, 24, 24]))).toEqual([24, 24, 24]);
    // 10 °C warmer each day: carried on as 3 °C a day at most, halved.
    expect(highs(days([10, 20, 30]))).toEqual([23, 24.5, 26]);
  });
});
