import { describe, expect, it } from 'vitest';
import {
  BUCKET_SECONDS,
  bucketForSpan,
  HISTORY_5M_SECONDS,
  HISTORY_DAILY_SECONDS,
  LIVE_KEEP_SECONDS,
  periodWindow,
  updatedAgo,
} from './periods';

const utc = (...a: [number, number, number, number?, number?]) =>
  Date.UTC(a[0], a[1] - 1, a[2], a[3] ?? 0, a[4] ?? 0) / 1000;
const DAY = 86400;

describe('constants', () => {
  it('are the spec §9 figures', () => {
    expect(HISTORY_5M_SECONDS).toBe(172800);
    expect(HISTORY_DAILY_SECONDS).toBe(31622400);
    expect(LIVE_KEEP_SECONDS).toBe(300);
    expect(BUCKET_SECONDS).toEqual({ '5m': 300, '30m': 1800, '1h': 3600, '1d': 86400 });
  });
});

describe('bucketForSpan', () => {
  it('switches at 2, 8 and 32 days', () => {
    expect(bucketForSpan(3600)).toBe('5m');
    expect(bucketForSpan(2 * DAY - 1)).toBe('5m');
    expect(bucketForSpan(2 * DAY)).toBe('30m');
    expect(bucketForSpan(7 * DAY)).toBe('30m');
    expect(bucketForSpan(8 * DAY - 1)).toBe('30m');
    expect(bucketForSpan(8 * DAY)).toBe('1h');
    expect(bucketForSpan(31 * DAY)).toBe('1h');
    expect(bucketForSpan(32 * DAY - 1)).toBe('1h');
    expect(bucketForSpan(32 * DAY)).toBe('1d');
    expect(bucketForSpan(366 * DAY)).toBe('1d');
  });
});

describe('periodWindow', () => {
  it('last24H ends at now rounded up to the next 5 minutes', () => {
    const now = utc(2024, 5, 1, 10, 7) + 20; // 10:07:20
    expect(periodWindow('last24H', now)).toEqual({
      from: utc(2024, 4, 30, 10, 10),
      to: utc(2024, 5, 1, 10, 10),
      bucket: '5m',
    });
    const onStep = utc(2024, 5, 1, 10, 5);
    expect(periodWindow('last24H', onStep).to).toBe(onStep);
    expect(periodWindow('last24H', onStep + 1).to).toBe(onStep + 300);
  });

  it('day is the device-local day in 5-minute buckets', () => {
    expect(periodWindow('day', utc(2024, 3, 31, 10), { timeZone: 'Europe/Prague' })).toEqual({
      from: utc(2024, 3, 30, 23),
      to: utc(2024, 3, 31, 22),
      bucket: '5m',
    });
  });

  it('week is 7 local days ending today, in 30-minute buckets', () => {
    expect(periodWindow('week', utc(2024, 4, 3, 12), { timeZone: 'Europe/Prague' })).toEqual({
      from: utc(2024, 3, 27, 23), // 28 March 00:00 CET
      to: utc(2024, 4, 3, 22), // 4 April 00:00 CEST
      bucket: '30m',
    });
  });

  it('month and year are local calendar periods in 1h and 1d buckets', () => {
    const now = utc(2024, 6, 15);
    expect(periodWindow('month', now, { timeZone: 'Asia/Hong_Kong', at: utc(2024, 2, 10) })).toEqual({
      from: utc(2024, 1, 31, 16),
      to: utc(2024, 2, 29, 16),
      bucket: '1h',
    });
    expect(periodWindow('month', utc(2024, 12, 20), { timeZone: 'UTC' })).toEqual({
      from: utc(2024, 12, 1),
      to: utc(2025, 1, 1),
      bucket: '1h',
    });
    expect(periodWindow('year', now, { timeZone: 'Europe/Prague' })).toEqual({
      from: utc(2023, 12, 31, 23),
      to: utc(2024, 12, 31, 23),
      bucket: '1d',
    });
  });

  it('custom picks the bucket by span, an hour short of whole days counting as whole', () => {
    const from = utc(2024, 3, 1);
    const custom = (days: number) => periodWindow('custom', 0, { from, to: from + days * DAY }).bucket;
    expect(custom(1)).toBe('5m');
    expect(custom(2)).toBe('30m');
    expect(custom(7)).toBe('30m');
    expect(custom(8)).toBe('1h');
    expect(custom(31)).toBe('1h');
    expect(custom(32)).toBe('1d');
    // 30 and 31 March in Prague: 47 hours.
    const spring = periodWindow('custom', 0, { from: utc(2024, 3, 29, 23), to: utc(2024, 3, 31, 22) });
    expect(spring.bucket).toBe('30m');
    expect(() => periodWindow('custom', 0, { from: 10, to: 10 })).toThrow('Invalid Time Period');
    expect(() => periodWindow('custom', 0, {})).toThrow('Invalid Time Period');
  });
});

describe('updatedAgo', () => {
  it('uses seconds up to 60, then minutes up to 60, then hours, then days', () => {
    expect(updatedAgo(0)).toEqual({ value: 0, unit: 's' });
    expect(updatedAgo(59.9)).toEqual({ value: 59, unit: 's' });
    expect(updatedAgo(60)).toEqual({ value: 1, unit: 'min' });
    expect(updatedAgo(3599)).toEqual({ value: 59, unit: 'min' });
    expect(updatedAgo(3600)).toEqual({ value: 1, unit: 'h' });
    expect(updatedAgo(86399)).toEqual({ value: 23, unit: 'h' });
    expect(updatedAgo(86400 * 3 + 5)).toEqual({ value: 3, unit: 'd' });
    expect(updatedAgo(-5)).toEqual({ value: 0, unit: 's' });
  });

  it('reads a non-finite age (a missing or broken time) as just now, never "NaN d"', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])
      expect(updatedAgo(bad), String(bad)).toEqual({ value: 0, unit: 's' });
  });
});
