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
