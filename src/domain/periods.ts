// Graph periods and device-local days (spec §9 "Graph periods", "History held"). Times are unix seconds.
import type { BucketRange, GraphRange } from './types';

export const HISTORY_5M_SECONDS = 172800;
export const HISTORY_DAILY_SECONDS = 31622400;
export const LIVE_KEEP_SECONDS = 300;
/** A range of 48 h or less is answered from minute (5-minute) data. */
export const MINUTE_RANGE_MAX_SECONDS = 172800;
export const DEFAULT_TIME_ZONE = 'Asia/Hong_Kong';
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

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Local wall-clock fields of an instant in a time zone. */
export function localParts(
  t: number,
  timeZone: string,
): { y: number; m: number; d: number; h: number; mi: number; s: number } {
  const p: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(t * 1000)) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  return { y: p.year, m: p.month, d: p.day, h: p.hour % 24, mi: p.minute, s: p.second };
}

// Offsets only change on quarter-hour boundaries (DST steps): one Intl call per zone and quarter hour is
// enough, and Intl formatting is otherwise the slowest step of reading a console's local time.
const offsets = new Map<string, Map<number, number>>();

/** Seconds the zone is ahead of UTC at an instant (throws RangeError for a zone Intl does not know). */
export function zoneOffset(t: number, timeZone: string): number {
  const slot = Math.floor(t / 900);
  let cache = offsets.get(timeZone);
  if (!cache) {
    cache = new Map();
    offsets.set(timeZone, cache);
  }
  const hit = cache.get(slot);
  if (hit !== undefined) return hit;
  if (cache.size > 2000) cache.clear();
  const p = localParts(Math.floor(t), timeZone);
  const offset = Date.UTC(p.y, p.m - 1, p.d, p.h, p.mi, p.s) / 1000 - Math.floor(t);
  cache.set(slot, offset);
  return offset;
}

/** The instant of local midnight of a calendar date (month/day may overflow: Date.UTC normalises them). */
export function zonedMidnight(y: number, m: number, d: number, timeZone: string): number {
  const wall = Date.UTC(y, m - 1, d) / 1000;
  // Two passes: the offset at the first guess may be the other side of a DST change.
  const first = wall - zoneOffset(wall, timeZone);
  const t = wall - zoneOffset(first, timeZone);
  // Zones that skip midnight (DST at 00:00) start the day at the first existing instant after it.
  const p = localParts(t, timeZone);
  return Date.UTC(p.y, p.m - 1, p.d) / 1000 < wall ? t + DAY - (p.h * 3600 + p.mi * 60 + p.s) : t;
}

// Last day found per zone: rows of one day share it, so folding a day costs one Intl call.
const dayCache = new Map<string, [start: number, end: number]>();

/** Start (local midnight) of the device-local day containing `t`. */
export function localDayStart(t: number, timeZone = DEFAULT_TIME_ZONE): number {
  const hit = dayCache.get(timeZone);
  if (hit && t >= hit[0] && t < hit[1]) return hit[0];
  const p = localParts(t, timeZone);
  const start = zonedMidnight(p.y, p.m, p.d, timeZone);
  const end = zonedMidnight(p.y, p.m, p.d + 1, timeZone);
  if (dayCache.size > 32) dayCache.clear();
  dayCache.set(timeZone, [start, end]);
  return start;
}

/** End of the device-local day containing `t`: the next local midnight (exclusive). 23 or 25 h on DST days. */
export function localDayEnd(t: number, timeZone = DEFAULT_TIME_ZONE): number {
  localDayStart(t, timeZone);
  return dayCache.get(timeZone)![1];
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

/** "Updated N ago": seconds below 60, then minutes below 60, then hours below 24, then days (floored). */
export function updatedAgo(seconds: number): { value: number; unit: 's' | 'min' | 'h' | 'd' } {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  if (s < 60) return { value: s, unit: 's' };
  if (s < 3600) return { value: Math.floor(s / 60), unit: 'min' };
  if (s < DAY) return { value: Math.floor(s / 3600), unit: 'h' };
  return { value: Math.floor(s / DAY), unit: 'd' };
}
