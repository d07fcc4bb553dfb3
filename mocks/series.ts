// Series math of the mocks, the same as server/storage: uploads folded into 5-minute, 30-minute, hourly and
// device-local daily buckets of running aggregates; primary rows; today's min/max.

import { type Agg, addValue, aggValue } from '../src/domain/aggregate';
import { METRIC_BY_KEY } from '../src/domain/catalogue';
import type { LastData } from '../src/domain/contract';
import { localDayStart } from '../src/domain/timeZones';
import type { Aggregate, BucketRange, Sample } from '../src/domain/types';

export interface Bucket {
  time: number;
  aggs: Record<string, Agg>;
}

export const BUCKET: Record<BucketRange, number> = { '5m': 300, '30m': 1800, '1h': 3600, '1d': 86400 };

/** Buckets in [from, to) of `size` seconds (UTC-aligned) or device-local days (`timeZone`). */
export function bucketsOf(
  rows: Sample[],
  range: BucketRange,
  timeZone: string,
  from: number,
  to: number,
): Bucket[] {
  const startOf = (t: number) => (range === '1d' ? localDayStart(t, timeZone) : t - (t % BUCKET[range]));
  const out: Bucket[] = [];
  for (const row of rows) {
    const time = startOf(row.time);
    if (time < from || time >= to) continue;
    let b = out.at(-1);
    if (!b || b.time !== time) {
      b = { time, aggs: {} };
      out.push(b);
    }
    for (const key in row) {
      const v = row[key];
      if (key === 'time' || typeof v !== 'number') continue;
      b.aggs[key] = addValue(b.aggs[key], v);
    }
  }
  return out;
}

/** A bucket as the primary value per key (what a 5-minute or daily point shows). */
export function primaryRow(b: Bucket): Sample {
  const row: Sample = { time: b.time };
  for (const key in b.aggs) row[key] = aggValue(b.aggs[key], METRIC_BY_KEY[key]?.primary ?? 'mean');
  return row;
}

/** One asked aggregate of a bucket; null when the bucket holds no value of the key. */
export function aggregateOf(b: Bucket, key: string, aggregate: Aggregate | null): number | null {
  const agg = b.aggs[key];
  return agg ? aggValue(agg, aggregate ?? METRIC_BY_KEY[key].primary) : null;
}

/** lastData with range: today's (device-local, or since the last min/max reset) min and max with their times. */
export function minMaxSince(rows: Sample[], since: number, now: number): Pick<LastData, 'min' | 'max'> {
  const min: NonNullable<LastData['min']> = {};
  const max: NonNullable<LastData['max']> = {};
  for (const { time, aggs } of bucketsOf(rows, '5m', 'UTC', since - (since % 300), now + 300)) {
    for (const key in aggs) {
      const lo = aggValue(aggs[key], 'min');
      const hi = aggValue(aggs[key], 'max');
      if (lo !== null && (!min[key] || lo < min[key][0])) min[key] = [lo, time];
      if (hi !== null && (!max[key] || hi > max[key][0])) max[key] = [hi, time];
    }
  }
  return { min, max };
}
