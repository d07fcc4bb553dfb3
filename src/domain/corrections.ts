// Corrections and provenance (issue 24, "Data an owner can trust"): the owner removes readings or sets a
// corrected value over one time or a range, with a reason; every change is in the station's edit log and can be
// undone. Pure parts here (the request's rules, how a sample changes, where a sample came from); the storage side
// is server/storage/corrections.ts, the service server/services/sample-corrections/.
//
// - Remove: the metric's readings in [from, to] are taken out. A running rain total (daily rain, event rain… the
//   gauge's own count) cannot lose readings without lying about the rest of its day: its increase inside the
//   range is taken out instead, so the readings in the range stay at the total before it and every later reading
//   is lowered by that amount until the counter resets (a gauge cleaning's tips are gone from the day's total).
// - Set: the metric's readings in [from, to] take the corrected value.
// Values derived from a changed one (dew point from temperature…) are derived again. Only readings whose raw
// samples are still kept (RAW_SAMPLE_DAYS) can be corrected: the buckets are rebuilt from them.
import { METRIC_BY_KEY } from './catalogue';
import { deriveInto } from './formulas';
import { dependentsOf } from './recalibration';

export type CorrectionAction = 'remove' | 'set';

/** Where a stored sample came from: a console protocol's name (ecowitt, wunderground…), or one of these. */
export type SampleSource = string;
export const NON_CONSOLE_SOURCES = ['import', 'backfill', 'edit', 'console'] as const;

/** The longest range one correction may cover (seconds). */
export const MAX_CORRECTION_SECONDS = 7 * 86400;
export const MAX_REASON = 300;

export interface CorrectionRequest {
  device: string;
  /** A metric key, or 'all' (remove only). */
  metric: string;
  /** Unix seconds, inclusive both ends; from = to corrects one reading. */
  from: number;
  to: number;
  action: CorrectionAction;
  /** The corrected value in the metric's base unit (action set). */
  value?: number | null;
  reason: string;
}

/** The span of the corrected metric's readings in the range, before and after. */
export interface ValueSpan {
  count: number;
  min: number | null;
  max: number | null;
}

/** One entry of a station's edit log. */
export interface SampleCorrection {
  _id: string;
  device: string;
  metric: string;
  from: number;
  to: number;
  action: CorrectionAction;
  value: number | null;
  reason: string;
  user: string | null;
  /** The name of who made it (or undid it), as the log shows it. */
  userName: string | null;
  createdAt: number;
  /** Raw samples changed (later readings of a running total included). */
  samples: number;
  before: ValueSpan;
  after: ValueSpan;
  undoneAt: number | null;
  undoneBy: string | null;
}

/** A raw sample with where it came from (find {device, from, to, samples: true}). */
export interface SourcedSample {
  time: number;
  values: Record<string, number | null>;
  source: SampleSource;
  /** Metrics of the sample an active correction changed. */
  edited: string[];
}

/** Whether a metric is a running rain total (a counter that only grows until it resets). */
export const isRunningTotal = (key: string): boolean => METRIC_BY_KEY[key]?.unitType === 'rain';

export type Values = Record<string, number | null>;
export interface TimedValues {
  time: number;
  values: Values;
}

/** What a correction does to the samples: each changed sample's new values (only samples that change). */
export interface SampleEdit {
  time: number;
  before: Values;
  after: Values;
}

/**
 * The corrected samples. `samples` are in time order and reach from before `from` (a running total's value
 * before the range) to as late as a running total's lowering must go. `keys`: the metrics concerned (one, or
 * every metric the range holds for 'all').
 */
export function correctSamples(
  samples: readonly TimedValues[],
  req: Pick<CorrectionRequest, 'from' | 'to' | 'action' | 'value'>,
  keys: readonly string[],
): SampleEdit[] {
  const next = new Map<number, Values>();
  const changed = (s: TimedValues): Values => {
    let v = next.get(s.time);
    if (!v) {
      v = { ...s.values };
      next.set(s.time, v);
    }
    return v;
  };
  const inRange = (t: number) => t >= req.from && t <= req.to;
  for (const key of keys) {
    if (req.action === 'remove' && isRunningTotal(key)) {
      lowerTotal(samples, key, req.from, req.to, (s, v) => {
        changed(s)[key] = v;
      });
      continue;
    }
    for (const s of samples) {
      if (!inRange(s.time) || s.values[key] === undefined || s.values[key] === null) continue;
      if (req.action === 'remove') delete changed(s)[key];
      else if (s.values[key] !== req.value) changed(s)[key] = req.value as number;
    }
  }
  const deps = [...new Set(keys.flatMap(dependentsOf))].filter((d) => !keys.includes(d));
  const out: SampleEdit[] = [];
  for (const s of samples) {
    const after = next.get(s.time);
    if (!after) continue;
    if (deps.length > 0) {
      const again: Values = { ...after };
      for (const d of deps) if (d in again) again[d] = null;
      deriveInto(again);
      for (const d of deps) {
        if (!(d in s.values)) continue;
        if (again[d] === null || again[d] === undefined) delete after[d];
        else after[d] = again[d];
      }
    }
    const before: Values = {};
    const now: Values = {};
    for (const k of new Set([...Object.keys(s.values), ...Object.keys(after)])) {
      if (s.values[k] === after[k]) continue;
      before[k] = s.values[k] ?? null;
      now[k] = after[k] ?? null;
    }
    if (Object.keys(before).length > 0) out.push({ time: s.time, before, after: now });
  }
  return out;
}

/**
 * A running total's increase inside [from, to] taken out: readings in the range keep the total before it, later
 * ones are lowered by what was taken out until the counter resets. `set(sample, value)` for each change.
 */
function lowerTotal(
  samples: readonly TimedValues[],
  key: string,
  from: number,
  to: number,
  set: (s: TimedValues, v: number) => void,
): void {
  let prev: number | null = null;
  let removed = 0;
  for (const s of samples) {
    const raw = s.values[key];
    if (raw === null || raw === undefined) continue;
    if (s.time < from) {
      prev = raw;
      continue;
    }
    const reset = prev !== null && raw < prev;
    if (s.time <= to) {
      if (reset) removed = raw;
      else removed += prev === null ? 0 : raw - prev;
    } else if (reset || removed === 0) break;
    prev = raw;
    const v = round(raw - removed);
    if (v !== raw) set(s, v);
  }
}

const round = (v: number) => Math.round(v * 1e6) / 1e6;

/** The span of `key` (or of every value for 'all') over the samples in [from, to]. */
export function spanOf(samples: readonly TimedValues[], key: string, from: number, to: number): ValueSpan {
  let count = 0;
  let min: number | null = null;
  let max: number | null = null;
  for (const s of samples) {
    if (s.time < from || s.time > to) continue;
    const vs = key === 'all' ? Object.values(s.values) : [s.values[key]];
    for (const v of vs) {
      if (v === null || v === undefined) continue;
      count++;
      if (key === 'all') continue;
      min = min === null ? v : Math.min(min, v);
      max = max === null ? v : Math.max(max, v);
    }
  }
  return { count, min, max };
}

/** A provenance range (server table sampleSources): `to` null is a console's run, open until the next one. */
export interface SourceRange {
  id: number;
  from: number;
  to: number | null;
  source: SampleSource;
}

/**
 * Where a sample at `time` came from: the newest closed range covering it (an import, a backfill), else the
 * console run that had begun by then, else 'console' (stored before provenance was recorded).
 */
export function sourceAt(ranges: readonly SourceRange[], time: number): SampleSource {
  let closed: SourceRange | null = null;
  let open: SourceRange | null = null;
  for (const r of ranges) {
    if (r.to !== null) {
      if (time >= r.from && time <= r.to && (!closed || r.id > closed.id)) closed = r;
    } else if (r.from <= time && (!open || r.from > open.from || (r.from === open.from && r.id > open.id)))
      open = r;
  }
  return closed?.source ?? open?.source ?? 'console';
}

/** A stretch of [from, to] with one source (find {device, from, to, sources}). */
export interface SourceSpan {
  from: number;
  to: number;
  source: SampleSource;
}

/** [from, to] cut where the source changes, by sourceAt's rule. */
export function sourceSpans(ranges: readonly SourceRange[], from: number, to: number): SourceSpan[] {
  const cuts = new Set<number>([from]);
  for (const r of ranges) {
    if (r.from > from && r.from <= to) cuts.add(r.from);
    if (r.to !== null && r.to + 1 > from && r.to + 1 <= to) cuts.add(r.to + 1);
  }
  const starts = [...cuts].sort((a, b) => a - b);
  const out: SourceSpan[] = [];
  starts.forEach((start, i) => {
    const end = i + 1 < starts.length ? starts[i + 1] - 1 : to;
    const source = sourceAt(ranges, start);
    const prev = out.at(-1);
    if (prev && prev.source === source) prev.to = end;
    else out.push({ from: start, to: end, source });
  });
  return out;
}
