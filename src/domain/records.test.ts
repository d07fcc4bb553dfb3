import { describe, expect, test } from 'vitest';
import { type Agg, emptyAgg } from './aggregate';
import { emptyRecords, mergeRecords, periodStarts, recordDay, recordsOf } from './records';

const agg = (min: number, max: number): Agg => [2, min + max, min, max, max];
const UTC = 'UTC';
// 2026-03-15 12:00 UTC
const NOW = Date.UTC(2026, 2, 15, 12) / 1000;

describe('records', () => {
  test('period starts are local midnights of the station', () => {
    const s = periodStarts(NOW, UTC);
    expect(s.today).toBe(Date.UTC(2026, 2, 15) / 1000);
    expect(s.yesterday).toBe(Date.UTC(2026, 2, 14) / 1000);
    expect(s.month).toBe(Date.UTC(2026, 2, 1) / 1000);
    expect(s.year).toBe(Date.UTC(2026, 0, 1) / 1000);
    const prague = periodStarts(NOW, 'Europe/Prague');
    expect(prague.today).toBe(Date.UTC(2026, 2, 14, 23) / 1000);
  });

  test('the year follows the rain season (issue 26): July starts it, so in March it began last July', () => {
    expect(periodStarts(NOW, UTC, 7).year).toBe(Date.UTC(2025, 6, 1) / 1000);
    expect(periodStarts(NOW, UTC, 3).year).toBe(Date.UTC(2026, 2, 1) / 1000);
    expect(periodStarts(NOW, UTC, 4).year).toBe(Date.UTC(2025, 3, 1) / 1000);
  });

  test('each period keeps its own extremes with the time they happened; the first time wins a tie', () => {
    const s = periodStarts(NOW, UTC);
    const t = (d: number, h: number) =>
      Date.UTC(2025 + (d < 0 ? -1 : 0), d < 0 ? 6 : 2, d < 0 ? 1 : d, h) / 1000;
    const records = recordsOf(
      [
        { time: t(-1, 10), aggs: { tempc0: agg(-12, 35), windspd: agg(0, 20) } }, // last July (all-time only)
        { time: Date.UTC(2026, 1, 2, 3) / 1000, aggs: { tempc0: agg(-5, 8) } }, // February: this year
        { time: Date.UTC(2026, 2, 14, 15) / 1000, aggs: { tempc0: agg(4, 16) } }, // yesterday
        { time: Date.UTC(2026, 2, 15, 9) / 1000, aggs: { tempc0: agg(6, 14), gust: agg(2, 9) } }, // today
        { time: Date.UTC(2026, 2, 15, 10) / 1000, aggs: { tempc0: agg(7, 14) } }, // same high: earlier kept
      ],
      s,
    );
    expect(records.allTime.tempc0).toEqual({
      max: { value: 35, time: t(-1, 10) },
      min: { value: -12, time: t(-1, 10) },
    });
    expect(records.year.tempc0.min).toEqual({ value: -5, time: Date.UTC(2026, 1, 2, 3) / 1000 });
    expect(records.month.tempc0.max?.value).toBe(16);
    expect(records.yesterday.tempc0).toEqual({
      max: { value: 16, time: Date.UTC(2026, 2, 14, 15) / 1000 },
      min: { value: 4, time: Date.UTC(2026, 2, 14, 15) / 1000 },
    });
    expect(records.today.tempc0.max).toEqual({ value: 14, time: Date.UTC(2026, 2, 15, 9) / 1000 });
    // Wind and gust have highs only.
    expect(records.allTime.windspd).toEqual({ max: { value: 20, time: t(-1, 10) } });
    expect(records.today.gust.min).toBeUndefined();
    expect(records.yesterday.gust).toBeUndefined();
  });

  test('merging keeps the higher high and the lower low', () => {
    const s = periodStarts(NOW, UTC);
    const a = recordsOf([{ time: s.month + 3600, aggs: { tempc0: agg(2, 20) } }], s);
    const b = recordsOf([{ time: s.today + 3600, aggs: { tempc0: agg(5, 25) } }], s);
    const m = mergeRecords(a, b);
    expect(m.month.tempc0).toEqual({
      max: { value: 25, time: s.today + 3600 },
      min: { value: 2, time: s.month + 3600 },
    });
    expect(m.today.tempc0.min?.value).toBe(5);
  });
});

describe('recordDay (issue 22: the wettest day one day early east of UTC)', () => {
  test('a bucket starting at local midnight is that day, in Prague as in UTC and west of it', () => {
    // 26/11 00:00 in Prague is 25/11 23:00 UTC.
    expect(recordDay(Date.UTC(2026, 10, 25, 23, 0) / 1000, 'Europe/Prague')).toBe('2026-11-26');
    expect(recordDay(Date.UTC(2026, 10, 26, 0, 0) / 1000, 'UTC')).toBe('2026-11-26');
    expect(recordDay(Date.UTC(2026, 10, 26, 5, 0) / 1000, 'America/New_York')).toBe('2026-11-26');
  });

  test('the last bucket of a day is that day', () => {
    expect(recordDay(Date.UTC(2026, 10, 26, 22, 55) / 1000, 'Europe/Prague')).toBe('2026-11-26');
    expect(recordDay(Date.UTC(2026, 10, 26, 13, 55) / 1000, 'Asia/Tokyo')).toBe('2026-11-26');
  });
});

describe('records: order, ties and period edges', () => {
  const s = periodStarts(NOW, UTC);

  test('a later, more extreme bucket replaces the record; a later tie does not', () => {
    const records = recordsOf(
      [
        { time: s.today + 3600, aggs: { tempc0: agg(6, 14) } },
        { time: s.today + 7200, aggs: { tempc0: agg(3, 18) } }, // both extremes beaten
        { time: s.today + 10800, aggs: { tempc0: agg(3, 18) } }, // both tied: the earlier time stays
      ],
      s,
    );
    expect(records.today.tempc0).toStrictEqual({
      max: { value: 18, time: s.today + 7200 },
      min: { value: 3, time: s.today + 7200 },
    });
  });

  test('a key without readings in a bucket (count 0) makes no record', () => {
    const records = recordsOf([{ time: s.today + 3600, aggs: { tempc0: agg(6, 14), humc0: emptyAgg() } }], s);
    expect(records.today).toStrictEqual({
      tempc0: { max: { value: 14, time: s.today + 3600 }, min: { value: 6, time: s.today + 3600 } },
    });
  });

  test('a bucket at the very start of a period belongs to it', () => {
    const at = (time: number) => recordsOf([{ time, aggs: { gust: agg(1, 5) } }], s);
    const periodsOf = (time: number) =>
      Object.entries(at(time))
        .filter(([, keys]) => 'gust' in keys)
        .map(([p]) => p);
    expect(periodsOf(s.today)).toEqual(['today', 'month', 'year', 'allTime']);
    expect(periodsOf(s.yesterday)).toEqual(['yesterday', 'month', 'year', 'allTime']);
    expect(periodsOf(s.month)).toEqual(['month', 'year', 'allTime']);
    expect(periodsOf(s.year)).toEqual(['year', 'allTime']);
    expect(periodsOf(s.year - 1)).toEqual(['allTime']);
  });

  test('merging: a later lower high or higher low changes nothing; ties keep the earlier time', () => {
    const early = recordsOf([{ time: s.month + 3600, aggs: { tempc0: agg(2, 20) } }], s);
    const lower = recordsOf([{ time: s.today + 3600, aggs: { tempc0: agg(5, 15) } }], s);
    const tied = recordsOf([{ time: s.today + 3600, aggs: { tempc0: agg(2, 20) } }], s);
    const kept = { max: { value: 20, time: s.month + 3600 }, min: { value: 2, time: s.month + 3600 } };
    expect(mergeRecords(early, lower).month.tempc0).toStrictEqual(kept);
    expect(mergeRecords(early, tied).month.tempc0).toStrictEqual(kept);
    // A later lower low replaces the earlier one.
    const colder = recordsOf([{ time: s.today + 3600, aggs: { tempc0: agg(-1, 10) } }], s);
    expect(mergeRecords(early, colder).month.tempc0.min).toStrictEqual({ value: -1, time: s.today + 3600 });
  });

  test('merging an entry with only a low keeps the other side’s high', () => {
    const earlier = emptyRecords();
    earlier.allTime.tempc0 = { max: { value: 30, time: 100 }, min: { value: 0, time: 100 } };
    const later = emptyRecords();
    later.allTime.tempc0 = { min: { value: -5, time: 200 } };
    expect(mergeRecords(earlier, later).allTime.tempc0).toStrictEqual({
      max: { value: 30, time: 100 },
      min: { value: -5, time: 200 },
    });
  });

  test('single-digit months and days are written with two digits', () => {
    expect(recordDay(Date.UTC(2026, 2, 5, 12) / 1000, 'UTC')).toBe('2026-03-05');
  });
});
