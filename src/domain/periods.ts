// Graph periods (spec §9 "Graph periods", "History held"): windows and buckets in device-local days, unix seconds.
import { DEFAULT_TIME_ZONE, localDayEnd, localDayStart, localParts, zonedMidnight } from './timeZones';
import type { BucketRange, GraphRange } from './types';

// In its own module: the connection status on every screen needs it without the time-zone library.
export { updatedAgo } from './ago';

export const HISTORY_5M_SECONDS = 172800;
export const HISTORY_DAILY_SECONDS = 31622400;
export const LIVE_KEEP_SECONDS = 300;
/** A range of 48 h or less is answered from minute (5-minute) data. */
export const MINUTE_RANGE_MAX_SECONDS = 172800;
export const BUCKET_SECONDS: Record<BucketRange, number> = {
  '5m': 300,
  '30m': 1800,
  '1h': 3600,
  '1d': 86400,
};

const DAY = 86400;

export const RANGE_BUCKET: Record<Exclude<GraphRange, 'custom'>, BucketRange> = {
  day: '5m',
  last24H: '5m',
  week: '30m',
  month: '1h',
  year: '1d',
};

/** Custom span: under 2 days 5m; 2 to 7 days 30m; 8 to 31 days 1h; 32 days or more 1d. */
export function bucketForSpan(seconds: number): BucketRange {
  if (seconds < 2 * DAY) return '5m';
  if (seconds < 8 * DAY) return '30m';
  if (seconds < 32 * DAY) return '1h';
  return '1d';
}

export interface PeriodOptions {
  timeZone?: string;
  /** Any instant inside the wanted day/month/year (month and year pickers); default `now`. */
  at?: number;
  /** Custom range bounds, unix seconds. */
  from?: number;
  to?: number;
}

export interface PeriodWindow {
  from: number;
  to: number;
  bucket: BucketRange;
}

/**
 * The time window and bucket of a graph period. Days, months and years are device-local calendar periods;
 * 'week' is the 7 local days ending with the day of `at` (a calendar week would be nearly empty on Mondays).
 */
export function periodWindow(range: GraphRange, now: number, opts: PeriodOptions = {}): PeriodWindow {
  const tz = opts.timeZone ?? DEFAULT_TIME_ZONE;
  const at = opts.at ?? now;
  if (range === 'last24H') {
    const to = Math.ceil(now / 300) * 300;
    return { from: to - DAY, to, bucket: '5m' };
  }
  if (range === 'custom') {
    const { from, to } = opts;
    if (typeof from !== 'number' || typeof to !== 'number' || !(from < to))
      throw new RangeError('Invalid Time Period');
    // Whole local days picked across a spring-forward are an hour short: that hour should not change the bucket.
    return { from, to, bucket: bucketForSpan(to - from + 3600) };
  }
  const p = localParts(at, tz);
  if (range === 'day') return { from: localDayStart(at, tz), to: localDayEnd(at, tz), bucket: '5m' };
  if (range === 'week') {
    return {
      from: zonedMidnight(p.y, p.m, p.d - 6, tz),
      to: zonedMidnight(p.y, p.m, p.d + 1, tz),
      bucket: '30m',
    };
  }
  if (range === 'month') {
    return { from: zonedMidnight(p.y, p.m, 1, tz), to: zonedMidnight(p.y, p.m + 1, 1, tz), bucket: '1h' };
  }
  return { from: zonedMidnight(p.y, 1, 1, tz), to: zonedMidnight(p.y + 1, 1, 1, tz), bucket: '1d' };
}
