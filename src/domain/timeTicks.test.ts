import { describe, expect, test } from 'vitest';
import { timeTicks } from './timeTicks';
import { localParts, zonedMidnight } from './timeZones';

const H = 3600;
const D = 86400;
const day = (t: number, tz: string) => {
  const p = localParts(t, tz);
  return `${p.y}-${p.m}-${p.d}`;
};
const WIDTHS = [330, 390, 600, 800, 1280, 1860];

describe('time axis labels', () => {
  test('a day: every 2 hours on a desktop, every 4 on a phone, on whole local hours', () => {
    const tz = 'Europe/Prague';
    const from = zonedMidnight(2026, 6, 10, tz);
    const wide = timeTicks(from, from + D, 1200, tz);
    expect(wide).toMatchObject({ unit: 'hour', step: 2 });
    expect(wide.ticks.map((t) => localParts(t, tz).h)).toEqual([
      0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 0,
    ]);
    const phone = timeTicks(from, from + D, 330, tz);
    expect(phone).toMatchObject({ unit: 'hour', step: 4 });
    expect(phone.ticks).toHaveLength(7);
  });

  test('a zone half an hour off UTC still gets whole local hours', () => {
    const tz = 'Asia/Kolkata';
    const from = zonedMidnight(2026, 3, 1, tz) + 17 * 60;
    const { ticks } = timeTicks(from, from + D, 1200, tz);
    expect(ticks.every((t) => localParts(t, tz).mi === 0 && localParts(t, tz).h % 2 === 0)).toBe(true);
  });

  test('the night the clocks go back labels 02:00 once', () => {
    const tz = 'Europe/Prague';
    const from = zonedMidnight(2026, 10, 25, tz);
    const hours = timeTicks(from, from + 25 * H, 1200, tz).ticks.map((t) => localParts(t, tz).h);
    expect(hours.filter((h) => h === 2)).toHaveLength(1);
  });

  test('a week: one date per local midnight, never a date twice, at every width', () => {
    for (const tz of ['UTC', 'America/New_York', 'Asia/Hong_Kong']) {
      const to = zonedMidnight(2026, 11, 26, tz);
      const from = zonedMidnight(2026, 11, 19, tz);
      for (const w of WIDTHS) {
        const { unit, step, ticks } = timeTicks(from, to, w, tz);
        expect(unit).toBe('day');
        const days = ticks.map((t) => day(t, tz));
        expect(new Set(days).size).toBe(days.length);
        expect(ticks.every((t) => localParts(t, tz).h === 0 || localParts(t, tz).mi !== 0)).toBe(true);
        if (w >= 800) expect(step).toBe(1); // the spec's date label per 48 half-hour points
        expect((ticks.length - 1) * 54).toBeLessThanOrEqual(w);
      }
    }
  });

  test('a month: a date per day where it fits (24 hourly points), wider steps on phones', () => {
    const tz = 'UTC';
    const from = Date.UTC(2026, 0, 1) / 1000;
    expect(timeTicks(from, from + 31 * D, 1860, tz)).toMatchObject({ unit: 'day', step: 1 });
    const phone = timeTicks(from, from + 31 * D, 330, tz);
    expect(phone.unit).toBe('day');
    expect(phone.step).toBeGreaterThan(1);
  });

  test('a year: the first of months, spread to fit', () => {
    const tz = 'UTC';
    const from = Date.UTC(2026, 0, 1) / 1000;
    const to = Date.UTC(2027, 0, 1) / 1000;
    const wide = timeTicks(from, to, 1860, tz);
    expect(wide).toMatchObject({ unit: 'month', step: 1 });
    expect(wide.ticks).toHaveLength(13);
    const phone = timeTicks(from, to, 330, tz);
    expect(phone.step).toBeGreaterThan(1);
    expect(phone.ticks.every((t) => localParts(t, tz).d === 1)).toBe(true);
  });

  test('an empty or reversed span has no labels', () => {
    expect(timeTicks(10, 10, 800, 'UTC').ticks).toEqual([]);
  });
});

describe('exact labels at the edges (mutation survivors, issue 30)', () => {
  const tz = 'UTC';
  const at = (y: number, m: number, d: number, h = 0, mi = 0) => Date.UTC(y, m - 1, d, h, mi) / 1000;
  const hoursOf = (ticks: number[]) => ticks.map((t) => new Date(t * 1000).getUTCHours());

  test('no span, or a reversed one: the empty hour axis', () => {
    expect(timeTicks(10, 10, 800, tz)).toEqual({ unit: 'hour', step: 1, ticks: [] });
    expect(timeTicks(100, 10, 800, tz)).toEqual({ unit: 'hour', step: 1, ticks: [] });
  });

  test('exactly two days is still hours, each 2-hour label once (day 2’s 02:00 too)', () => {
    const r = timeTicks(at(2026, 6, 1), at(2026, 6, 3), 1200, tz);
    expect(r.unit).toBe('hour');
    expect(r.step).toBe(2);
    expect(r.ticks).toEqual(Array.from({ length: 25 }, (_, i) => at(2026, 6, 1) + i * 2 * H));
  });

  test('hour steps: 600 px is no phone, 590 px is; a step is widened until its labels fit', () => {
    // 13 labels fit in 600 px (44 px each): 26 hours at 2 h is 13, exactly fitting.
    expect(timeTicks(at(2026, 6, 1), at(2026, 6, 2, 2), 600, tz).step).toBe(2);
    expect(timeTicks(at(2026, 6, 1), at(2026, 6, 2), 600, tz).step).toBe(2);
    expect(timeTicks(at(2026, 6, 1), at(2026, 6, 2), 590, tz).step).toBe(4);
    // Two days in 600 px: 24 and 16 labels do not fit, 12 (every 4 hours) do.
    expect(timeTicks(at(2026, 6, 1), at(2026, 6, 3), 600, tz).step).toBe(4);
    // Two days in 100 px (2 labels): not even every 12 hours: one label per day.
    expect(timeTicks(at(2026, 6, 1), at(2026, 6, 3), 100, tz)).toEqual({
      unit: 'day',
      step: 1,
      ticks: [at(2026, 6, 1), at(2026, 6, 2), at(2026, 6, 3)],
    });
  });

  test('days: from the first midnight at or after the start, up to and with the end', () => {
    expect(timeTicks(at(2026, 11, 19), at(2026, 11, 26), 1280, tz)).toEqual({
      unit: 'day',
      step: 1,
      ticks: [19, 20, 21, 22, 23, 24, 25, 26].map((d) => at(2026, 11, d)),
    });
    expect(timeTicks(at(2026, 11, 19, 6), at(2026, 11, 22, 6), 1280, tz).ticks).toEqual([
      at(2026, 11, 20),
      at(2026, 11, 21),
      at(2026, 11, 22),
    ]);
  });

  test('day steps: 31 days in 330 px every 7 days; 12 days in 330 px every 2 (6 labels, just fitting)', () => {
    expect(timeTicks(at(2026, 1, 1), at(2026, 2, 1), 330, tz)).toEqual({
      unit: 'day',
      step: 7,
      ticks: [1, 8, 15, 22, 29].map((d) => at(2026, 1, d)),
    });
    const twelve = timeTicks(at(2026, 1, 1), at(2026, 1, 13), 330, tz);
    expect(twelve.step).toBe(2);
    expect(twelve.ticks).toEqual([1, 3, 5, 7, 9, 11, 13].map((d) => at(2026, 1, d)));
  });

  test('62 days are still days; 40 days that fit no day step are months', () => {
    expect(timeTicks(at(2026, 1, 1), at(2026, 1, 1) + 62 * D, 1860, tz)).toMatchObject({
      unit: 'day',
      step: 2,
    });
    expect(timeTicks(at(2026, 1, 1), at(2026, 2, 10), 100, tz)).toEqual({
      unit: 'month',
      step: 1,
      ticks: [at(2026, 1, 1), at(2026, 2, 1)],
    });
  });

  test('months: from the first 1st at or after the start', () => {
    const first = (from: number) => timeTicks(from, at(2027, 1, 15), 1860, tz).ticks[0];
    expect(first(at(2026, 1, 1))).toBe(at(2026, 1, 1));
    expect(first(at(2026, 1, 1, 6))).toBe(at(2026, 2, 1));
    expect(first(at(2026, 1, 1, 0, 30))).toBe(at(2026, 2, 1));
    expect(first(at(2026, 1, 15))).toBe(at(2026, 2, 1));
    expect(timeTicks(at(2026, 1, 15), at(2027, 1, 15), 1860, tz).ticks).toHaveLength(12);
  });

  test('month steps: a year in 330 px every 2 months; 6-month steps fall on January and July', () => {
    expect(timeTicks(at(2026, 1, 1), at(2027, 1, 1), 330, tz)).toEqual({
      unit: 'month',
      step: 2,
      ticks: [1, 3, 5, 7, 9, 11].map((m) => at(2026, m, 1)).concat(at(2027, 1, 1)),
    });
    expect(timeTicks(at(2026, 2, 15), at(2027, 2, 15), 100, tz)).toEqual({
      unit: 'month',
      step: 6,
      ticks: [at(2026, 7, 1), at(2027, 1, 1)],
    });
    // 487.04 days are 16 months of 30.44 days: in 330 px (8 labels) every 2 months just fits.
    expect(timeTicks(at(2026, 1, 1), at(2026, 1, 1) + 487.04 * D, 330, tz).step).toBe(2);
  });

  test('hour labels in a day', () => {
    expect(hoursOf(timeTicks(at(2026, 6, 1, 1), at(2026, 6, 1, 9), 1200, tz).ticks)).toEqual([2, 4, 6, 8]);
  });
});
