// 5-minute rows → 30-minute, hourly or (device-local) daily buckets in the worker, so graphs of data we hold
// need no server call. Each key uses its primary aggregate (mean of means, max of rain totals, sum of counts).

import type { Aggregate, BucketRange } from '../src/domain';
import { BUCKET_SECONDS, foldRows, localDayStart, type TimedRow } from '../src/domain';

export function aggregateRows(
  rows: TimedRow[],
  bucket: BucketRange,
  keys: string[],
  timeZone?: string,
  /** One aggregate for all keys instead of each key's primary (e.g. 'sum' of rain increments). */
  aggregate?: Aggregate,
): { time: number; [key: string]: number | null }[] {
  const sorted = [...rows].sort((a, b) => a.time - b.time);
  const bucketOf = bucket === '1d' ? (t: number) => localDayStart(t, timeZone) : BUCKET_SECONDS[bucket];
  return foldRows(sorted, bucketOf, keys, aggregate);
}
