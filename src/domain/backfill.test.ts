import { describe, expect, test } from 'vitest';
import { BACKFILL_VENDORS, errorCodeOf, isBackfillVendor, rangeOfGaps, VENDOR_KEYS } from './backfill';

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
