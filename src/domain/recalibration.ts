// Re-applying a calibration to stored history (issue 24): the arithmetic, pure. server/storage/recalibrate.ts
// reads and writes the rows.
//
// How the raw value is kept: stored = f(raw), where f is the calibration the stored value carries, so
// raw = f⁻¹(stored). What f is for any time is known exactly: the newest re-application covering that time
// (the `calibrationApplied` table, migration 074), else the entry ingest applied (the entry in effect then). A
// re-application to g maps each stored value y to g(f⁻¹(y)) and records g for its range, so applying twice
// changes nothing more and the console's number can always be recovered. The raw samples table keeps calibrated
// values like the buckets (readers need no second lookup); the ledger is what makes them invertible.
//
// Aggregates [count, sum, min, max, last]: for linear f and g (no quadratic term) g∘f⁻¹ is linear, so min, max,
// last and sum map exactly (a negative slope swaps min and max). With a quadratic term g∘f⁻¹ is taken as monotone
// over the bucket's range (true for any calibration that keeps the sensor's order): min, max and last map exactly,
// the sum is approximated as count · h(mean) (the spread inside the bucket is not stored). Where the raw
// samples are still kept the buckets are rebuilt from them instead, which is exact.
import type { Agg } from './aggregate';
import { type CalibrationEntry, calibrationAt } from './calibration';
import { DERIVED_FROM } from './formulas';

export interface Transform {
  offset: number;
  multiplier: number;
  quadratic: number;
}

export const IDENTITY: Transform = { offset: 0, multiplier: 1, quadratic: 0 };

export const sameTransform = (a: Transform, b: Transform): boolean =>
  a.offset === b.offset && a.multiplier === b.multiplier && a.quadratic === b.quadratic;

const transformOf = (e: Transform | undefined): Transform =>
  e ? { offset: e.offset, multiplier: e.multiplier, quadratic: e.quadratic } : IDENTITY;

/** The raw value a stored value `y` came from under `f` (the root on the branch that tends to (y−o)/m). */
export function invert(f: Transform, y: number): number {
  const d = y - f.offset;
  if (f.quadratic === 0) return f.multiplier === 1 ? d : d / f.multiplier;
  const disc = f.multiplier * f.multiplier + 4 * f.quadratic * d;
  if (disc < 0) return Number.NaN;
  const s = Math.sqrt(disc) * (f.multiplier < 0 ? -1 : 1);
  const den = f.multiplier + s;
  return den === 0 ? 0 : (2 * d) / den;
}

/** A stored value under `f` as it is under `g`. */
export function remap(f: Transform, g: Transform, y: number): number {
  const v = invert(f, y);
  return g.quadratic * v * v + g.multiplier * v + g.offset; // calibrate(), without an entry per value
}

/** An aggregate under `f` as it is under `g`; null when it cannot be mapped (outside the calibration's domain). */
export function remapAgg(f: Transform, g: Transform, a: Agg): Agg | null {
  if (a[0] === 0 || sameTransform(f, g)) return a;
  let lo = remap(f, g, a[2]);
  let hi = remap(f, g, a[3]);
  const last = remap(f, g, a[4]);
  if (lo > hi) [lo, hi] = [hi, lo];
  let sum: number;
  if (f.quadratic === 0 && g.quadratic === 0) {
    const slope = g.multiplier / f.multiplier;
    sum = slope * a[1] + (g.offset - slope * f.offset) * a[0];
  } else sum = a[0] * remap(f, g, a[1] / a[0]);
  if (![lo, hi, last, sum].every(Number.isFinite)) return null;
  return [a[0], sum, lo, hi, last];
}

/** [from, to) in unix seconds carrying `f`. */
export interface Segment extends Transform {
  from: number;
  to: number;
}

/** A recorded re-application (calibrationApplied row), in the order they were made. */
export interface AppliedRange extends Transform {
  from: number;
  to: number;
}

/**
 * What the stored values of `key` carry over time: the entries' history (what ingest applied), then each
 * re-application laid over it in the order they were made. Sorted, not overlapping, covering all time.
 */
export function appliedSegments(
  entries: readonly CalibrationEntry[],
  applied: readonly AppliedRange[],
  key: string,
): Segment[] {
  const starts = entries
    .filter((e) => e.key === key)
    .map((e) => Math.ceil(e.since / 1000))
    .sort((a, b) => a - b);
  const cuts = [...new Set([Number.NEGATIVE_INFINITY, ...starts])];
  let segs: Segment[] = cuts.map((from, i) => ({
    from,
    to: cuts[i + 1] ?? Number.POSITIVE_INFINITY,
    // The entry in effect from this cut on (since is in ms; a cut is the first whole second at or after it).
    ...transformOf(Number.isFinite(from) ? calibrationAt(entries, key, from * 1000) : undefined),
  }));
  for (const r of applied) {
    const out: Segment[] = [];
    for (const s of segs) {
      if (s.to <= r.from || s.from >= r.to) out.push(s);
      else {
        if (s.from < r.from) out.push({ ...s, to: r.from });
        if (s.to > r.to) out.push({ ...s, from: r.to });
      }
    }
    out.push({ ...transformOf(r), from: r.from, to: r.to });
    segs = out.sort((a, b) => a.from - b.from);
  }
  return segs;
}

/** Looks up segments for times asked in any order (a binary search). */
export function segmentAt(segs: readonly Segment[], t: number): Segment {
  let lo = 0;
  let hi = segs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (segs[mid].from <= t) lo = mid;
    else hi = mid - 1;
  }
  return segs[lo];
}

/** The one transform over [from, to), or null when a segment boundary falls inside. */
export function uniformOver(segs: readonly Segment[], from: number, to: number): Transform | null {
  const s = segmentAt(segs, from);
  return s.to >= to ? s : null;
}

/** The derived metrics computed from `key` (dew point from temperature…), which follow its recalibration. */
export const dependentsOf = (key: string): string[] =>
  Object.keys(DERIVED_FROM).filter((d) => DERIVED_FROM[d].includes(key));

/** The target of a re-application: the entry in effect at `nowMs` (none: the raw values again). */
export const targetAt = (entries: readonly CalibrationEntry[], key: string, nowMs: number): Transform =>
  transformOf(calibrationAt(entries, key, nowMs));

export interface DayChange {
  /** Device-local day start (unix s). */
  day: number;
  before: { min: number; max: number };
  after: { min: number; max: number };
  /** 5-minute buckets of the day that change. */
  fiveMinute: number;
}

export interface RecalibrationReport {
  /** The station's id. */
  device: string;
  key: string;
  from: number;
  target: Transform;
  /** Rows that change, per table. */
  rows: { samples: number; buckets5m: number; buckets1h: number; buckets1d: number };
  days: DayChange[];
  applied: boolean;
}

/** An owner's request: re-apply the metric's calibration in effect now to history from `from` (unix s). */
export interface RecalibrationRequest {
  device: string;
  key: string;
  from: number;
}

/** The console's own values of a metric in the raw samples kept (find with raw=true). */
export interface RawValues {
  key: string;
  values: { time: number; value: number }[];
}

/**
 * The entries ingest applies, with the re-applications laid over them: a reading that arrives late for a time a
 * re-application covers gets what the stored values around it carry, so the record stays true for it too. A
 * metric never re-applied keeps its entries as they are.
 */
export function effectiveEntries(
  entries: readonly CalibrationEntry[],
  applied: ReadonlyMap<string, readonly AppliedRange[]>,
): CalibrationEntry[] {
  const out = entries.filter((e) => !applied.get(e.key)?.length);
  for (const [key, ranges] of applied) {
    if (ranges.length === 0) continue;
    for (const s of appliedSegments(entries, ranges, key))
      if (Number.isFinite(s.from))
        out.push({
          key,
          offset: s.offset,
          multiplier: s.multiplier,
          quadratic: s.quadratic,
          since: s.from * 1000,
        });
  }
  return out;
}
