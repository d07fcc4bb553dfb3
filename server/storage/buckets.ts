// Bucket math shared by the writers and readers: a bucket's `data` is JSON {key: Agg} where
// Agg = [count, sum, min, max, last] (src/domain/aggregate), so buckets merge exactly into larger ones.
import { type Agg, addValue, aggValue, mergeAgg } from '../../src/domain/aggregate';
import { METRIC_BY_KEY } from '../../src/domain/catalogue';
import { localDayStart } from '../../src/domain/timeZones';
import type { Sample } from '../../src/domain/types';

export type Values = Record<string, number | null>;
export type Aggs = Record<string, Agg>;
export interface BucketRow {
  time: number;
  aggs: Aggs;
}
export interface WriteResult {
  /** false when a sample with the same time was already stored (a console retransmission). */
  stored: boolean;
  /** The 5-minute bucket as of this upload (read it at once: the writer changes it with the next batch). */
  fiveMinute: BucketRow;
}

/** An upload for an engine's batch (engine.ts): `id` and `seq` name the device, `tz` its time zone. */
export interface Upload {
  id: string;
  seq: number;
  tz: string;
  time: number;
  values: Values;
}

export const FIVE_MINUTES = 300;

/** Folds values into a bucket's aggregates (mutates and returns `aggs`). */
/**
 * Folds values into a bucket's aggregates (mutates and returns `aggs`). `late`: the values are older than
 * what the bucket holds already, so they must not become its `last`.
 */
export function foldInto(aggs: Aggs, values: Values, late = false): Aggs {
  for (const key in values) {
    const v = values[key];
    if (v === null || v === undefined) continue;
    const before = aggs[key];
    const keep = late && before && before[0] > 0 ? before[4] : null; // addValue updates in place
    aggs[key] = addValue(before, v);
    if (keep !== null) aggs[key][4] = keep;
  }
  return aggs;
}

/** A copy of aggregates (each Agg is a small array). */
function copyAggs(aggs: Aggs): Aggs {
  const out: Aggs = {};
  for (const key in aggs) out[key] = aggs[key].slice() as Agg;
  return out;
}

/**
 * A batch's answers, `apply` called on each job in order (both writers). A later job of the same station in the
 * batch may fold into the same 5-minute bucket: the answers before it get a copy as of their upload (the last one
 * is read at once by its caller).
 */
export function batchAnswers(jobs: Upload[], apply: (job: Upload, i: number) => WriteResult): WriteResult[] {
  const left = new Map<number, number>();
  for (const job of jobs) left.set(job.seq, (left.get(job.seq) ?? 0) + 1);
  return jobs.map((job, i) => {
    const { stored, fiveMinute } = apply(job, i);
    const more = left.get(job.seq)! - 1;
    left.set(job.seq, more);
    return more > 0
      ? { stored, fiveMinute: { time: fiveMinute.time, aggs: copyAggs(fiveMinute.aggs) } }
      : { stored, fiveMinute };
  });
}

/** A bucket as the primary value per key (what a 5-minute point or a daily point shows). */
export function primaryRow(time: number, aggs: Aggs): Sample {
  const row: Sample = { time };
  for (const key in aggs) {
    const def = METRIC_BY_KEY[key];
    row[key] = aggValue(aggs[key], def?.primary ?? 'mean');
  }
  return row;
}

/** Device-local day start of a bucket (timeZones.ts keeps the current day per zone, which the hot path asks for). */
export const dayStartFor = (time: number, timeZone: string): number => localDayStart(time, timeZone);

/** Merges `from` into `into` (mutates and returns `into`). */
export function mergeInto(into: Aggs, from: Aggs): Aggs {
  for (const key in from) into[key] = into[key] ? mergeAgg(into[key], from[key]) : [...from[key]];
  return into;
}

/**
 * mergeInto for aggregates whose arrays `into` owns (built by this or mergeInto, never shared): each is updated
 * in place, the same numbers without a new array per key (an import merges every 5-minute bucket into its hour
 * and its day).
 */
export function mergeOwnedInto(into: Aggs, from: Aggs): Aggs {
  for (const key in from) {
    const b = from[key];
    const a = into[key];
    if (!a) into[key] = [b[0], b[1], b[2], b[3], b[4]];
    else if (b[0] === 0) continue;
    else if (a[0] === 0) for (let f = 0; f < 5; f++) a[f] = b[f];
    else {
      a[0] += b[0];
      a[1] += b[1];
      a[2] = Math.min(a[2], b[2]);
      a[3] = Math.max(a[3], b[3]);
      a[4] = b[4];
    }
  }
  return into;
}
