// Station records (issue 13): highs and lows with their times per period, computed by the server from its hourly
// and 5-minute buckets. Pure: the server computes with it and the records view reads the same shapes.
import type { Agg } from './aggregate';
import { localParts, zonedMidnight } from './timeZones';

export type RecordPeriod = 'today' | 'yesterday' | 'month' | 'year' | 'allTime';
export const RECORD_PERIODS: readonly RecordPeriod[] = ['today', 'yesterday', 'month', 'year', 'allTime'];

/** Which extremes of which key are records (wind, gust, rain: highs only; a low of 0 says nothing). */
export const RECORD_KEYS: readonly { key: string; max: boolean; min: boolean }[] = [
  { key: 'tempc0', max: true, min: true },
  { key: 'humc0', max: true, min: true },
  { key: 'relbaro', max: true, min: true },
  { key: 'absbaro', max: true, min: true },
  { key: 'windspd', max: true, min: false },
  { key: 'gust', max: true, min: false },
  { key: 'rainrate', max: true, min: false },
  // The daily total is `dailyrain` at its highest of the day: its max over a period is the wettest day.
  { key: 'dailyrain', max: true, min: false },
];

/** One extreme: value in the catalogue's base unit, time (unix s) of the 5-minute bucket (or hour) it fell in. */
export interface RecordValue {
  value: number;
  time: number;
}

export interface RecordEntry {
  max?: RecordValue;
  min?: RecordValue;
}

/** Per period, per key. */
export type RecordTable = Record<RecordPeriod, Record<string, RecordEntry>>;

export interface StationRecords {
  device: string;
  /** Records count from here on (unix s; the owner's last reset), or null. */
  resetAt: number | null;
  /** Unix s the server computed them. */
  computedAt: number;
  periods: RecordTable;
}

export interface PeriodBounds {
  today: number;
  yesterday: number;
  month: number;
  year: number;
}

/**
 * The station-local day (YYYY-MM-DD) of a wettest-day record: the day its bucket starts in. Issue 22: the day
 * was read a minute before the bucket, so a total whose bucket began at local midnight (the first hour of a
 * day in Prague is 23:00 UTC) was dated the day before.
 */
export function recordDay(time: number, timeZone: string): string {
  const p = localParts(time, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.y}-${two(p.m)}-${two(p.d)}`;
}

/**
 * The local starts of today, yesterday, this month and this year of a station (unix s). The year starts in the
 * station's rain-season month (issue 26; 1 = January, the calendar year), so yearly records follow the season.
 */
export function periodStarts(now: number, timeZone: string, rainSeasonStart = 1): PeriodBounds {
  const p = localParts(now, timeZone);
  return {
    today: zonedMidnight(p.y, p.m, p.d, timeZone),
    yesterday: zonedMidnight(p.y, p.m, p.d - 1, timeZone),
    month: zonedMidnight(p.y, p.m, 1, timeZone),
    year: zonedMidnight(p.m >= rainSeasonStart ? p.y : p.y - 1, rainSeasonStart, 1, timeZone),
  };
}

export const emptyRecords = (): RecordTable => ({
  today: {},
  yesterday: {},
  month: {},
  year: {},
  allTime: {},
});

/** A bucket: its time and Agg per key ([count, sum, min, max, last]). */
export interface RecordBucket {
  time: number;
  aggs: Record<string, Agg>;
}

/** Folds `b` into `entry` (ties keep the earlier time: the first time a record was reached). */
function foldBucket(into: Record<string, RecordEntry>, b: RecordBucket): void {
  for (const { key, max, min } of RECORD_KEYS) {
    const a = b.aggs[key];
    if (!a || a[0] === 0) continue;
    into[key] ??= {};
    const e = into[key];
    if (max && (!e.max || a[3] > e.max.value)) e.max = { value: a[3], time: b.time };
    if (min && (!e.min || a[2] < e.min.value)) e.min = { value: a[2], time: b.time };
  }
}

/** Records of each period from buckets in time order (any size: hours, 5 minutes). */
export function recordsOf(buckets: RecordBucket[], starts: PeriodBounds): RecordTable {
  const out = emptyRecords();
  for (const b of buckets) {
    foldBucket(out.allTime, b);
    if (b.time >= starts.year) foldBucket(out.year, b);
    if (b.time >= starts.month) foldBucket(out.month, b);
    if (b.time >= starts.today) foldBucket(out.today, b);
    else if (b.time >= starts.yesterday) foldBucket(out.yesterday, b);
  }
  return out;
}

/** Merges two tables of records (`later` covers later times: on a tie `earlier` keeps its time). */
export function mergeRecords(earlier: RecordTable, later: RecordTable): RecordTable {
  const out = emptyRecords();
  for (const p of RECORD_PERIODS) {
    for (const src of [earlier[p], later[p]]) {
      for (const key in src) {
        out[p][key] ??= {};
        const e = out[p][key];
        const { max, min } = src[key];
        if (max && (!e.max || max.value > e.max.value)) e.max = max;
        if (min && (!e.min || min.value < e.min.value)) e.min = min;
      }
    }
  }
  return out;
}
