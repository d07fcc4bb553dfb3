import { describe, expect, test } from 'vitest';
import { breakAtGaps, findGaps, GAP_LIST_MAX, usualInterval } from './gaps';

const T0 = 1_700_000_100 - (1_700_000_100 % 300);
/** Bucket times every `every` s from T0, `n` of them, leaving out the indexes in `skip`. */
const series = (n: number, every: number, skip: (i: number) => boolean = () => false) =>
  Array.from({ length: n }, (_, i) => T0 + i * every).filter((_, i) => !skip(i));

describe('usualInterval', () => {
  test('the median step rounded up to whole buckets; holes and double uploads do not move it', () => {
    expect(usualInterval(series(50, 300))).toBe(300);
    expect(usualInterval(series(50, 600, (i) => i % 7 === 0))).toBe(600);
    // A 16-minute console (WU's default) → 20 minutes in 5-minute buckets.
    expect(usualInterval(series(20, 960))).toBe(1200);
    expect(usualInterval([T0])).toBeNull();
    expect(usualInterval([T0, T0])).toBeNull();
  });
});

describe('findGaps', () => {
  test('a station uploading every 10 minutes has no gaps; every 5 minutes with one hour out has one', () => {
    const to = T0 + 100 * 600;
    expect(findGaps(series(100, 600), T0, to)).toMatchObject({ interval: 600, gaps: [], coverage: 1 });
    const holed = series(100, 300, (i) => i >= 40 && i < 52);
    const report = findGaps(holed, T0, T0 + 100 * 300);
    expect(report.interval).toBe(300);
    expect(report.gaps).toEqual([{ from: T0 + 40 * 300, to: T0 + 52 * 300, missing: 12, ongoing: false }]);
    expect(report.count).toBe(1);
    expect(report.coverage).toBe(0.88);
  });

  test('one late upload (a single empty bucket) is jitter; two in a row are a gap', () => {
    expect(
      findGaps(
        series(30, 300, (i) => i === 10),
        T0,
        T0 + 30 * 300,
      ).gaps,
    ).toEqual([]);
    expect(
      findGaps(
        series(30, 300, (i) => i === 10 || i === 11),
        T0,
        T0 + 30 * 300,
      ).gaps,
    ).toEqual([{ from: T0 + 10 * 300, to: T0 + 12 * 300, missing: 2, ongoing: false }]);
  });

  test('a station that stopped has an ongoing gap up to now; the time before its first reading is no gap', () => {
    const times = series(20, 300).map((t) => t + 3600);
    const now = T0 + 3600 + 20 * 300 + 3600;
    const report = findGaps(times, T0, now);
    expect(report.gaps).toEqual([{ from: times[19] + 300, to: now, missing: 12, ongoing: true }]);
    // Not yet twice the interval since the last reading: still on time.
    expect(findGaps(times, T0, times[19] + 600).gaps).toEqual([]);
  });

  test('newest first, listed up to the limit while counting all', () => {
    const many = series(GAP_LIST_MAX * 4 + 10, 300, (i) => i % 4 !== 0);
    const report = findGaps(many, T0, many[many.length - 1] + 300);
    // Every 4th bucket only: the usual interval is 20 minutes, so no gaps at all.
    expect(report).toMatchObject({ interval: 1200, count: 0 });
    const holes = series(GAP_LIST_MAX * 6, 300, (i) => i % 6 === 1 || i % 6 === 2);
    const r2 = findGaps(holes, T0, holes[holes.length - 1] + 300);
    expect(r2.count).toBe(GAP_LIST_MAX);
    expect(r2.gaps).toHaveLength(GAP_LIST_MAX);
    expect(r2.gaps[0].from).toBeGreaterThan(r2.gaps[1].from);
  });

  test('no readings or just one: nothing to judge', () => {
    expect(findGaps([], T0, T0 + 3600)).toMatchObject({ interval: null, gaps: [], coverage: null });
    expect(findGaps([T0], T0, T0 + 3600)).toMatchObject({ interval: null, gaps: [] });
  });
});

describe('breakAtGaps', () => {
  test('an empty row goes into each hole, so the line stops there', () => {
    const rows = series(10, 300, (i) => i === 4 || i === 5).map((time) => ({ time, tempc0: 20 }));
    const out = breakAtGaps(rows, 300);
    expect(out).toHaveLength(rows.length + 1);
    expect(out[4]).toEqual({ time: T0 + 4 * 300 });
    expect(out[3].time).toBe(T0 + 3 * 300);
    expect(out[5].time).toBe(T0 + 6 * 300);
  });

  test('evenly spaced rows (at the bucket or the station interval) are left as they are', () => {
    const daily = series(10, 86400).map((time) => ({ time }));
    expect(breakAtGaps(daily, 86400)).toEqual(daily);
    const tenMin = series(10, 600).map((time) => ({ time }));
    expect(breakAtGaps(tenMin, 300)).toEqual(tenMin);
  });
});

describe('edges (mutation survivors, issue 30)', () => {
  test('two readings give their step; of an even count of steps the median is the lower middle one', () => {
    expect(usualInterval([T0, T0 + 600])).toBe(600);
    // Steps 300 and 900: the lower, 300.
    expect(usualInterval([T0, T0 + 300, T0 + 1200])).toBe(300);
  });

  test('an interval given for no readings: nothing to judge', () => {
    expect(findGaps([], T0, T0 + 3600, 300)).toEqual({
      interval: 300,
      from: T0,
      to: T0 + 3600,
      gaps: [],
      count: 0,
      coverage: null,
    });
  });

  test('coverage counts the ongoing gap’s missing readings and ends at the last reading’s interval', () => {
    // 20 readings, then 13 intervals of silence: 32 expected, 12 missing (the 13th is not due yet): 20/32.
    const times = series(20, 300);
    expect(findGaps(times, T0, times[19] + 3900).coverage).toBe(0.625);
    // Judged 1 s after the last reading: 10 expected up to its interval, 2 missing in the hole: 0.8.
    const holed = series(10, 300, (i) => i === 3 || i === 4);
    expect(findGaps(holed, T0, holed[holed.length - 1] + 1)).toMatchObject({ count: 1, coverage: 0.8 });
  });

  test('over the list limit: the newest 100 listed, all counted', () => {
    const holes = series(6 * (GAP_LIST_MAX + 1), 300, (i) => i % 6 === 1 || i % 6 === 2);
    const r = findGaps(holes, T0, holes[holes.length - 1] + 300);
    expect(r.count).toBe(GAP_LIST_MAX + 1);
    expect(r.gaps).toHaveLength(GAP_LIST_MAX);
    expect(r.gaps[0].from).toBe(T0 + (6 * GAP_LIST_MAX + 1) * 300);
    expect(r.gaps[GAP_LIST_MAX - 1].from).toBe(T0 + (6 + 1) * 300);
  });

  test('breakAtGaps: three rows are enough to find a hole; fewer, or no spacing at all, are left as they are', () => {
    const three = [{ time: T0 }, { time: T0 + 300 }, { time: T0 + 1500 }];
    expect(breakAtGaps(three, 300)).toEqual([
      { time: T0 },
      { time: T0 + 300 },
      { time: T0 + 600 },
      { time: T0 + 1500 },
    ]);
    const two = [{ time: T0 }, { time: T0 + 3000 }];
    expect(breakAtGaps(two, 300)).toEqual(two);
    const same = [{ time: T0 }, { time: T0 }, { time: T0 }];
    expect(breakAtGaps(same, 300)).toEqual(same);
  });
});
