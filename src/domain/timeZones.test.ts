import { CalendarDateTime, toZoned } from '@internationalized/date';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isTimeZone,
  localDayEnd,
  localDayStart,
  localParts,
  timeZoneChoices,
  zonedMidnight,
  zonedTime,
  zoneOffset,
} from './timeZones';

const utc = (...a: [number, number, number, number?, number?, number?]) =>
  Date.UTC(a[0], a[1] - 1, a[2], a[3] ?? 0, a[4] ?? 0, a[5] ?? 0) / 1000;
const DAY = 86400;
const HOUR = 3600;

describe('localParts / zoneOffset', () => {
  it('reads the wall clock on both sides of DST changes', () => {
    // Prague: CET → CEST at 01:00 UTC on 31 March 2024, back at 01:00 UTC on 27 October.
    expect(localParts(utc(2024, 3, 31, 0, 59, 59), 'Europe/Prague')).toEqual({
      y: 2024,
      m: 3,
      d: 31,
      h: 1,
      mi: 59,
      s: 59,
    });
    expect(localParts(utc(2024, 3, 31, 1), 'Europe/Prague')).toEqual({
      y: 2024,
      m: 3,
      d: 31,
      h: 3,
      mi: 0,
      s: 0,
    });
    expect(zoneOffset(utc(2024, 3, 31, 1) - 1, 'Europe/Prague')).toBe(HOUR);
    expect(zoneOffset(utc(2024, 3, 31, 1), 'Europe/Prague')).toBe(2 * HOUR);
    expect(zoneOffset(utc(2024, 10, 27, 1), 'Europe/Prague')).toBe(HOUR);
    // New York: EST → EDT at 07:00 UTC on 10 March 2024, back at 06:00 UTC on 3 November.
    expect(zoneOffset(utc(2024, 3, 10, 7) - 1, 'America/New_York')).toBe(-5 * HOUR);
    expect(zoneOffset(utc(2024, 3, 10, 7), 'America/New_York')).toBe(-4 * HOUR);
    expect(localParts(utc(2024, 11, 3, 6), 'America/New_York')).toMatchObject({ d: 3, h: 1, mi: 0 });
    expect(localParts(utc(2024, 11, 3, 5, 59), 'America/New_York')).toMatchObject({ d: 3, h: 1, mi: 59 });
  });

  it('knows half- and quarter-hour zones', () => {
    expect(zoneOffset(utc(2024, 7, 1), 'Asia/Kolkata')).toBe(5.5 * HOUR);
    expect(localParts(utc(2024, 7, 1, 18, 29), 'Asia/Kolkata')).toMatchObject({ d: 1, h: 23, mi: 59 });
    expect(localParts(utc(2024, 7, 1, 18, 30), 'Asia/Kolkata')).toMatchObject({ d: 2, h: 0, mi: 0 });
    expect(zoneOffset(utc(2024, 7, 1), 'Asia/Kathmandu')).toBe(5.75 * HOUR);
  });

  it('throws for a zone Intl does not know; isTimeZone tells beforehand', () => {
    expect(() => localParts(0, 'Not/AZone')).toThrow(RangeError);
    expect(isTimeZone('Not/AZone')).toBe(false);
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
  });
});

describe('zonedTime', () => {
  it('is the instant of a wall-clock reading', () => {
    expect(zonedTime(utc(2024, 7, 1, 12), 'Europe/Prague')).toBe(utc(2024, 7, 1, 10));
    expect(zonedTime(utc(2024, 12, 1, 12), 'Europe/Prague')).toBe(utc(2024, 12, 1, 11));
    expect(zonedTime(utc(2024, 7, 1, 12), 'Asia/Kolkata')).toBe(utc(2024, 7, 1, 6, 30));
    expect(zonedTime(utc(2024, 7, 1, 12), 'UTC')).toBe(utc(2024, 7, 1, 12));
  });

  it('moves a time the clocks skip forward by the gap, and takes the earlier of a repeated time', () => {
    // 02:30 does not exist in Prague on 31 March 2024 → 03:30 CEST.
    expect(zonedTime(utc(2024, 3, 31, 2, 30), 'Europe/Prague')).toBe(utc(2024, 3, 31, 1, 30));
    // 02:30 on 27 October 2024 happens twice → the first, CEST.
    expect(zonedTime(utc(2024, 10, 27, 2, 30), 'Europe/Prague')).toBe(utc(2024, 10, 27, 0, 30));
    // New York: 02:30 on 10 March 2024 is skipped, 01:30 on 3 November repeats.
    expect(zonedTime(utc(2024, 3, 10, 2, 30), 'America/New_York')).toBe(utc(2024, 3, 10, 7, 30));
    expect(zonedTime(utc(2024, 11, 3, 1, 30), 'America/New_York')).toBe(utc(2024, 11, 3, 5, 30));
  });

  it('round-trips every instant outside a repeated hour (property)', () => {
    const zones = [
      'Europe/Prague',
      'America/New_York',
      'Asia/Kolkata',
      'Australia/Lord_Howe',
      'America/Santiago',
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: utc(2020, 1, 1), max: utc(2030, 1, 1) }),
        fc.constantFrom(...zones),
        (t, tz) => {
          const p = localParts(t, tz);
          const wall = utc(p.y, p.m, p.d, p.h, p.mi, p.s);
          const back = zonedTime(wall, tz);
          // In a repeated hour the wall time names two instants: the earlier one comes back.
          expect(back === t || (back < t && localParts(back, tz).h === p.h)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('zonedMidnight / localDayStart / localDayEnd', () => {
  it('uses the device-local day in Hong Kong (UTC+8, no DST), the default zone', () => {
    const noonUtc = utc(2024, 3, 31, 12);
    expect(localDayStart(noonUtc, 'Asia/Hong_Kong')).toBe(utc(2024, 3, 31, 16) - DAY);
    expect(localDayEnd(noonUtc, 'Asia/Hong_Kong')).toBe(utc(2024, 3, 31, 16));
    expect(localDayStart(utc(2024, 3, 31, 23, 30), 'Asia/Hong_Kong')).toBe(utc(2024, 3, 31, 16));
    expect(localDayStart(utc(2024, 3, 31, 16), 'Asia/Hong_Kong')).toBe(utc(2024, 3, 31, 16));
    expect(localDayStart(utc(2024, 3, 31, 16) - 1, 'Asia/Hong_Kong')).toBe(utc(2024, 3, 30, 16));
    expect(localDayStart(utc(2024, 3, 31, 12))).toBe(utc(2024, 3, 30, 16));
  });

  it('has 23 and 25 hour days in Prague and New York', () => {
    const spring = utc(2024, 3, 31, 10);
    expect(localDayStart(spring, 'Europe/Prague')).toBe(utc(2024, 3, 30, 23));
    expect(localDayEnd(spring, 'Europe/Prague')).toBe(utc(2024, 3, 31, 22));
    const fall = utc(2024, 10, 27, 1, 30);
    expect(localDayStart(fall, 'Europe/Prague')).toBe(utc(2024, 10, 26, 22));
    expect(localDayEnd(fall, 'Europe/Prague')).toBe(utc(2024, 10, 27, 23));
    expect(localDayStart(utc(2024, 10, 27, 23), 'Europe/Prague')).toBe(utc(2024, 10, 27, 23));
    expect(localDayStart(utc(2024, 10, 27, 23) - 1, 'Europe/Prague')).toBe(utc(2024, 10, 26, 22));
    const ny = (t: number) => localDayEnd(t, 'America/New_York') - localDayStart(t, 'America/New_York');
    expect(ny(utc(2024, 3, 10, 12))).toBe(23 * HOUR);
    expect(ny(utc(2024, 11, 3, 12))).toBe(25 * HOUR);
    expect(ny(utc(2024, 7, 1, 12))).toBe(24 * HOUR);
  });

  it('starts a day at 01:00 where DST skips midnight (Santiago)', () => {
    expect(localDayStart(utc(2024, 9, 8, 12), 'America/Santiago')).toBe(utc(2024, 9, 8, 4));
    expect(localDayEnd(utc(2024, 9, 7, 12), 'America/Santiago')).toBe(utc(2024, 9, 8, 4));
    expect(zonedMidnight(2024, 9, 8, 'America/Santiago')).toBe(utc(2024, 9, 8, 4));
  });

  it('starts Kolkata days at 18:30 UTC and rolls over month and year ends', () => {
    expect(localDayStart(utc(2024, 7, 1, 18, 29), 'Asia/Kolkata')).toBe(utc(2024, 6, 30, 18, 30));
    expect(localDayStart(utc(2024, 7, 1, 18, 30), 'Asia/Kolkata')).toBe(utc(2024, 7, 1, 18, 30));
    expect(zonedMidnight(2024, 12, 32, 'Asia/Kolkata')).toBe(utc(2024, 12, 31, 18, 30));
    expect(zonedMidnight(2024, 13, 1, 'Europe/Prague')).toBe(utc(2024, 12, 31, 23));
  });

  it('keeps zones apart, and moves on to the next day', () => {
    const t = utc(2024, 6, 1, 12);
    expect(localDayStart(t, 'Europe/Prague')).toBe(utc(2024, 5, 31, 22));
    expect(localDayStart(t, 'Asia/Hong_Kong')).toBe(utc(2024, 5, 31, 16));
    expect(localDayStart(t, 'Europe/Prague')).toBe(utc(2024, 5, 31, 22));
    expect(localDayStart(t + DAY, 'Europe/Prague')).toBe(utc(2024, 6, 1, 22));
    expect(localDayStart(t, 'UTC')).toBe(utc(2024, 6, 1));
  });

  it('every instant lies in its day, which starts at local midnight or the first instant after it (property)', () => {
    const zones = [
      'Europe/Prague',
      'America/New_York',
      'Asia/Kolkata',
      'America/Santiago',
      'Australia/Lord_Howe',
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: utc(2020, 1, 1), max: utc(2030, 1, 1) }),
        fc.constantFrom(...zones),
        (t, tz) => {
          const start = localDayStart(t, tz);
          const end = localDayEnd(t, tz);
          expect(start <= t && t < end).toBe(true);
          expect(end - start).toBeGreaterThanOrEqual(23 * HOUR);
          expect(end - start).toBeLessThanOrEqual(25 * HOUR);
          const p = localParts(start, tz);
          expect(p.mi === 0 && p.s === 0 && p.h <= 1).toBe(true);
          expect(localParts(start - 1, tz).d).not.toBe(p.d);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('zonedTime remembers a quarter hour of wall time per zone', () => {
  // What the library says, asked afresh for every minute (no remembered offset).
  const fresh = (wallAsUtc: number, zone: string) => {
    const w = new Date(wallAsUtc * 1000);
    const wall = new CalendarDateTime(
      w.getUTCFullYear(),
      w.getUTCMonth() + 1,
      w.getUTCDate(),
      w.getUTCHours(),
      w.getUTCMinutes(),
      w.getUTCSeconds(),
    );
    return toZoned(wall, zone, 'compatible').toDate().getTime() / 1000;
  };

  it.each([
    ['Europe/Prague', Date.UTC(2026, 2, 29)], // spring forward 02:00 → 03:00
    ['Europe/Prague', Date.UTC(2026, 9, 25)], // fall back 03:00 → 02:00
    ['America/New_York', Date.UTC(2026, 2, 8)],
    ['America/New_York', Date.UTC(2026, 10, 1)],
    ['Australia/Lord_Howe', Date.UTC(2026, 3, 5)], // 30-minute change
    ['Australia/Lord_Howe', Date.UTC(2026, 9, 4)],
    ['Pacific/Chatham', Date.UTC(2026, 8, 27)], // at 02:45
    ['Asia/Kathmandu', Date.UTC(2026, 0, 1)],
  ])('agrees with the library minute by minute through a day with a clock change in %s', (zone, day) => {
    for (let wall = day / 1000; wall < day / 1000 + 86400; wall += 60 + (wall % 7)) {
      expect(zonedTime(wall, zone), `${zone} ${new Date(wall * 1000).toISOString()}`).toBe(fresh(wall, zone));
    }
  });
});

describe('timeZoneChoices', () => {
  it('offers UTC first, once, though Intl does not list it, and keeps a current zone Intl does not list', () => {
    const zones = timeZoneChoices('Europe/Prague');
    expect(zones[0]).toBe('UTC');
    expect(zones.filter((z) => z === 'UTC')).toHaveLength(1);
    expect(zones).toContain('Europe/Prague');
    expect(timeZoneChoices('Etc/GMT-5').slice(0, 2)).toEqual(['Etc/GMT-5', 'UTC']);
  });
});

describe('zonedTime before 1980 (issue 30)', () => {
  it('does not remember a quarter hour in which an old clock change falls (Monrovia, 7 January 1972)', () => {
    // Liberia ran at −0:44:30 until 1972-01-07 00:00 local, then GMT: the wall clock jumped from 00:00 to
    // 00:44:30. 00:44:40 is a real GMT time; 00:40, in the same quarter hour of wall time, was skipped and moves
    // forward by the 44 min 30 s gap: 01:24:30 UTC.
    expect(zonedTime(utc(1972, 1, 7, 0, 44, 40), 'Africa/Monrovia')).toBe(utc(1972, 1, 7, 0, 44, 40));
    expect(zonedTime(utc(1972, 1, 7, 0, 40), 'Africa/Monrovia')).toBe(utc(1972, 1, 7, 1, 24, 30));
  });
});
