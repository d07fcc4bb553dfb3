import { describe, expect, test } from 'vitest';
import {
  BACKFILL_VENDORS,
  dayInput,
  dayStartOf,
  defaultDays,
  errorCodeOf,
  isBackfillVendor,
  rangeOfGaps,
  VENDOR_KEYS,
} from './backfill';

describe('backfill domain', () => {
  test('the range of a gap list spans its oldest start to its newest end', () => {
    expect(rangeOfGaps([])).toBeNull();
    expect(
      rangeOfGaps([
        { from: 5000, to: 9000, missing: 13, ongoing: true },
        { from: 1000, to: 2000, missing: 3, ongoing: false },
      ]),
    ).toEqual({ from: 1000, to: 9000 });
  });

  test('an error text names its code first', () => {
    expect(errorCodeOf('auth: Ecowitt.net refused the keys (40011)')).toBe('auth');
    expect(errorCodeOf('rateLimit: wait')).toBe('rateLimit');
    expect(errorCodeOf('SQLITE_BUSY: database is locked')).toBeNull();
    expect(errorCodeOf(null)).toBeNull();
  });

  test('every vendor names its keys, and only known vendors pass', () => {
    for (const v of BACKFILL_VENDORS) expect(VENDOR_KEYS[v].some((f) => f.secret)).toBe(true);
    expect(isBackfillVendor('ambient')).toBe(true);
    expect(isBackfillVendor('davis')).toBe(false);
    expect(isBackfillVendor(undefined)).toBe(false);
  });
});

describe('backfill days', () => {
  test('date inputs are the station’s local days', () => {
    const t = Date.UTC(2026, 10, 26, 23, 30) / 1000; // 27 November 00:30 in Prague
    expect(dayInput(t, 'Europe/Prague')).toBe('2026-11-27');
    expect(dayInput(t, 'UTC')).toBe('2026-11-26');
    expect(dayStartOf('2026-11-27', 'Europe/Prague')).toBe(Date.UTC(2026, 10, 26, 23) / 1000);
    expect(dayStartOf('27.11.2026', 'UTC')).toBeNull();
  });

  test('the range offered: the gaps’ days, else the last week', () => {
    const now = Date.UTC(2026, 10, 27, 12) / 1000;
    const gap = { from: now - 3 * 86400, to: now - 2 * 86400, missing: 288, ongoing: false };
    expect(defaultDays([gap], now, 'UTC')).toEqual({ from: '2026-11-24', to: '2026-11-25' });
    expect(defaultDays([], now, 'UTC')).toEqual({ from: '2026-11-20', to: '2026-11-27' });
  });
});

describe('date inputs (mutation survivors, issue 30)', () => {
  test('a single-digit month and day are written with two digits; only a whole YYYY-MM-DD is a day', () => {
    expect(dayInput(Date.UTC(2026, 2, 5, 12) / 1000, 'UTC')).toBe('2026-03-05');
    expect(dayStartOf('2026-03-05', 'UTC')).toBe(Date.UTC(2026, 2, 5) / 1000);
    for (const bad of ['x2026-03-05', '2026-03-05x', '12026-03-05', '2026-03-05T00:00'])
      expect(dayStartOf(bad, 'UTC'), bad).toBeNull();
  });
});
