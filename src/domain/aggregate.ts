// Bucket math shared by the server (5-minute and daily rollups) and the data worker (30m/1h/1d from 5m).
import { METRIC_BY_KEY } from './catalogue';
import type { Aggregate, UnitType } from './types';
import { UNIT_TYPES } from './unitTypes';

/**
 * Running aggregate of one key in one bucket: [count, sum, min, max, last]. count 0 = no value yet; an empty
 * Agg is all zeros so it survives a JSON round trip (buckets are stored as JSON).
 */
export type Agg = [count: number, sum: number, min: number, max: number, last: number];

export function emptyAgg(): Agg {
  return [0, 0, 0, 0, 0];
}

/** Adds a value in time order (null/non-finite skipped). Mutates `agg`, or starts one when it is missing. */
export function addValue(agg: Agg | null | undefined, v: number | null | undefined): Agg {
  const a = agg ?? emptyAgg();
  if (typeof v !== 'number' || !Number.isFinite(v)) return a;
  if (a[0] === 0) {
    a[0] = 1;
    a[1] = v;
    a[2] = v;
    a[3] = v;
    a[4] = v;
    return a;
  }
  a[0] += 1;
  a[1] += v;
  if (v < a[2]) a[2] = v;
  if (v > a[3]) a[3] = v;
  a[4] = v;
  return a;
}

/** Combines `a` (earlier) with `b` (later) into a new Agg. */
export function mergeAgg(a: Agg, b: Agg): Agg {
  if (b[0] === 0) return [...a];
  if (a[0] === 0) return [...b];
  return [a[0] + b[0], a[1] + b[1], Math.min(a[2], b[2]), Math.max(a[3], b[3]), b[4]];
}

/** The value of one aggregate; null when the bucket had no value (count is then 0). */
export function aggValue(agg: Agg, aggregate: Aggregate): number | null {
  if (aggregate === 'count') return agg[0];
  if (agg[0] === 0) return null;
  switch (aggregate) {
    case 'mean':
      return agg[1] / agg[0];
    case 'sum':
      return agg[1];
    case 'min':
      return agg[2];
    case 'max':
      return agg[3];
    default:
      return agg[4];
  }
}

/** Column name of an aggregate on the wire and in storage: 'mean_tempc0' (spec §3 prefixes). */
export function aggColumn(aggregate: Aggregate, key: string): string {
  return `${aggregate}_${key}`;
}

/** The primary aggregate of a key ('mean' for keys outside the catalogue). */
export function primaryOf(key: string): Aggregate {
  return METRIC_BY_KEY[key]?.primary ?? 'mean';
}

export interface TimedRow {
  time: number;
  [key: string]: number | string | null | undefined;
}

export interface AggBucket {
  time: number;
  aggs: Record<string, Agg>;
}

/** A bucket's start: a size in seconds aligns to multiples of it (UTC); a function (e.g. a device-local dayStart) is used as is. */
export type BucketOf = number | ((t: number) => number);

const startOf = (bucket: BucketOf, t: number) =>
  typeof bucket === 'number' ? Math.floor(t / bucket) * bucket : bucket(t);

/** Groups time-sorted rows into buckets of running aggregates per key. */
export function foldAggs(rows: Iterable<TimedRow>, bucket: BucketOf, keys: string[]): AggBucket[] {
  const byTime = new Map<number, AggBucket>();
  let cur: AggBucket | undefined;
  for (const row of rows) {
    const time = startOf(bucket, row.time);
    if (!cur || cur.time !== time) {
      cur = byTime.get(time);
      if (!cur) {
        cur = { time, aggs: Object.fromEntries(keys.map((k) => [k, emptyAgg()])) };
        byTime.set(time, cur);
      }
    }
    for (const k of keys) {
      const v = row[k];
      if (typeof v === 'number') addValue(cur.aggs[k], v);
    }
  }
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/**
 * Folds time-sorted rows into one row per bucket: { time: bucket start, key: value } with each key's primary
 * aggregate, or `aggregate` for all keys.
 */
export function foldRows(
  rows: Iterable<TimedRow>,
  bucket: BucketOf,
  keys: string[],
  aggregate?: Aggregate,
): { time: number; [key: string]: number | null }[] {
  return foldAggs(rows, bucket, keys).map((b) => {
    const row: { time: number; [key: string]: number | null } = { time: b.time };
    for (const k of keys) row[k] = aggValue(b.aggs[k], aggregate ?? primaryOf(k));
    return row;
  });
}

export type Change = 'nochange' | 'up' | 'down';

/**
 * Compares a new value with the previous one: 'up'/'down' when it moved by at least the sensitivity
 * (a number, or a unit type for its default). Missing values are 'nochange'.
 */
export function changeIndicator(
  prev: number | null | undefined,
  next: number | null | undefined,
  sensitivity: number | UnitType = 0,
): Change {
  if (
    typeof prev !== 'number' ||
    typeof next !== 'number' ||
    !Number.isFinite(prev) ||
    !Number.isFinite(next)
  ) {
    return 'nochange';
  }
  const s = typeof sensitivity === 'number' ? sensitivity : UNIT_TYPES[sensitivity].change;
  const d = next - prev;
  // The epsilon makes 20.2 - 20.1 (0.0999…) count as a 0.1 step.
  if (d === 0 || Math.abs(d) < s - 1e-9) return 'nochange';
  return d > 0 ? 'up' : 'down';
}

/** changeIndicator with the key's unit-type sensitivity. */
export function changeFor(
  key: string,
  prev: number | null | undefined,
  next: number | null | undefined,
): Change {
  return changeIndicator(prev, next, METRIC_BY_KEY[key]?.unitType ?? 0);
}
