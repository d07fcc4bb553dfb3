// Re-applies a station's calibration of one metric to its stored history from a local day on (issue 24): raw
// samples still kept, 5-minute, hourly and daily buckets, and the derived metrics computed from it. The design
// (how the raw value stays known, what is exact and what is approximated) is in src/domain/recalibration.ts.
//
// - Raw samples (kept RAW_SAMPLE_DAYS): each value y becomes g(f⁻¹(y)); dew point, heat index… of that sample are
//   derived again from the new value (exact).
// - 5-minute buckets: rebuilt from those samples where all of the bucket's values are still kept (its count
//   matches), for the metric and its derived metrics; older ones map the metric's aggregate (remapAgg), and keep
//   their derived metrics as they are: a dew point's extremes cannot be recomputed from aggregated inputs.
// - Hourly and daily buckets: merged again from the new 5-minute buckets where those hold all of their values
//   (counts match), else the metric's aggregate is mapped the same way.
// - The range and the calibration applied are recorded (calibrationApplied, migration 074) in the same
//   transaction, so the next re-application inverts exactly this one.
//
// Races with ingest: on SQLite the writer's open buckets are stored first (SampleStore.flush) and the whole
// rewrite then runs synchronously in one transaction on the one connection, so no upload folds in between (an
// upload that opens a bucket afterwards is already calibrated with the current entry, the target). On
// PostgreSQL the rows are locked FOR UPDATE (ingest waits for them), and re-applications of a station are
// serialised by an advisory lock.
import type { Knex } from 'knex';
import { type Agg, mergeAgg } from '../../src/domain/aggregate';
import type { CalibrationEntry } from '../../src/domain/calibration';
import { metricIndex } from '../../src/domain/catalogue';
import { deriveInto } from '../../src/domain/formulas';
import {
  type AppliedRange,
  appliedSegments,
  type DayChange,
  dependentsOf,
  invert,
  type RecalibrationReport,
  remap,
  remapAgg,
  type Segment,
  sameTransform,
  segmentAt,
  type Transform,
  targetAt,
  uniformOver,
} from '../../src/domain/recalibration';
import { dayStartFor, foldInto } from './buckets';
import type { Storage } from './db';
import { packValues, readValues, widen } from './packed';

const HOUR = 3600;
const FIVE = 300;

interface Row {
  time: number;
  data: Buffer | string;
}

// ---- packed bucket records (packed.ts layout, widened from a one-reading record): read and overwrite one
// metric's five numbers in place ----

function slotOf(buf: Buffer, index: number): number {
  const n = buf.readUInt16LE(buf.length - 2);
  for (let j = 0; j < n; j++) if (buf.readUInt16LE(n * 40 + j * 2) === index) return j;
  return -1;
}

/** A record's numbers read through a DataView (faster than Buffer's readDoubleLE, a call per number). */
const viewOf = (buf: Buffer) => new DataView(buf.buffer, buf.byteOffset, buf.length);

function aggAt(view: DataView, j: number): Agg {
  const o = j * 40;
  return [
    view.getFloat64(o, true),
    view.getFloat64(o + 8, true),
    view.getFloat64(o + 16, true),
    view.getFloat64(o + 24, true),
    view.getFloat64(o + 32, true),
  ];
}

const sameAgg = (a: Agg, b: Agg) => a.every((v, i) => v === b[i]);

interface Metric {
  key: string;
  index: number;
}

/** One bucket row's aggregates of the metrics concerned (absent: not in the record). */
type Picked = (Agg | undefined)[];

/**
 * `buf` with the changed aggregates written in their slots (in place: every engine hands out a fresh copy of a
 * row's data), or null when nothing changed.
 */
function patched(buf: Buffer, slots: number[], before: Picked, after: Picked): Buffer | null {
  let out: Buffer | null = null;
  for (let i = 0; i < slots.length; i++) {
    const a = after[i];
    const b = before[i];
    if (slots[i] < 0 || !a || !b || sameAgg(a, b)) continue;
    out ??= buf;
    for (let f = 0; f < 5; f++) out.writeDoubleLE(a[f], slots[i] * 40 + f * 8);
  }
  return out;
}

const mergeInto = (into: Picked, from: Picked) => {
  for (let i = 0; i < from.length; i++) {
    const f = from[i];
    if (f) into[i] = into[i] ? mergeAgg(into[i]!, f) : ([...f] as Agg);
  }
};

/** Day starts for times in ascending order without a time-zone lookup per row. */
function dayStarts(tz: string) {
  let start = Number.NEGATIVE_INFINITY;
  let next = Number.NEGATIVE_INFINITY;
  return (t: number) => {
    if (t < start || t >= next) {
      start = dayStartFor(t, tz);
      next = dayStartFor(start + 30 * HOUR, tz);
    }
    return start;
  };
}

export interface PlanInput {
  key: string;
  /** A device-local day start. */
  from: number;
  tz: string;
  segments: Segment[];
  target: Transform;
}

export interface Plan {
  samples: Row[];
  /**
   * The bucket rows that change, and how many (on SQLite's apply only counted: they are written inside the
   * UPDATE).
   */
  five: Row[];
  fiveChanged: number;
  hours: Row[];
  hoursChanged: number;
  days: Row[];
  daysChanged: number;
  dayChanges: DayChange[];
}

/** The slots of the metrics concerned in a record, reused while the position table repeats (packed.ts). */
function slotter(metrics: Metric[]) {
  let layout: number[] = [];
  let slots: number[] = [];
  return (buf: Buffer, view: DataView): number[] => {
    const n = view.getUint16(buf.length - 2, true);
    let same = layout.length === n;
    for (let j = 0; same && j < n; j++) same = layout[j] === view.getUint16(n * 40 + j * 2, true);
    if (!same) {
      layout = Array.from({ length: n }, (_, j) => view.getUint16(n * 40 + j * 2, true));
      slots = metrics.map((m) => slotOf(buf, m.index));
    }
    return slots;
  };
}

/** Reads the aggregates of the metrics concerned. */
function picker(metrics: Metric[]) {
  const slotsOf = slotter(metrics);
  return (buf: Buffer): { slots: number[]; aggs: Picked } => {
    const view = viewOf(buf);
    const slots = slotsOf(buf, view);
    return { slots, aggs: slots.map((j) => (j < 0 ? undefined : aggAt(view, j))) };
  };
}

/**
 * Hours' or days' aggregates of the metrics concerned, merged in place from their 5-minute records in time order
 * (as mergeAgg would, without an array per merge): per metric [present, count, sum, min, max, last].
 */
class Groups {
  private readonly sums = new Map<number, Float64Array>();
  constructor(private readonly width: number) {}

  /** Merges the aggregates in slots of a packed record into the group starting at `g`. */
  add(g: number, view: DataView, slots: number[]): void {
    let acc = this.sums.get(g);
    if (!acc) {
      acc = new Float64Array(this.width * 6);
      this.sums.set(g, acc);
    }
    for (let i = 0; i < slots.length; i++) {
      const j = slots[i];
      if (j < 0) continue;
      const o = i * 6;
      const at = j * 40;
      const count = view.getFloat64(at, true);
      if (acc[o] === 0 || (acc[o + 1] === 0 && count !== 0)) {
        acc[o] = 1;
        for (let f = 0; f < 5; f++) acc[o + 1 + f] = view.getFloat64(at + f * 8, true);
      } else if (count !== 0) {
        acc[o + 1] += count;
        acc[o + 2] += view.getFloat64(at + 8, true);
        acc[o + 3] = Math.min(acc[o + 3], view.getFloat64(at + 16, true));
        acc[o + 4] = Math.max(acc[o + 4], view.getFloat64(at + 24, true));
        acc[o + 5] = view.getFloat64(at + 32, true);
      }
    }
  }

  get(g: number): Picked | undefined {
    const acc = this.sums.get(g);
    if (!acc) return undefined;
    const out: Picked = [];
    for (let o = 0; o < acc.length; o += 6)
      out.push(acc[o] ? [acc[o + 1], acc[o + 2], acc[o + 3], acc[o + 4], acc[o + 5]] : undefined);
    return out;
  }
}

/**
 * What changes, row by row, in three steps (nothing is written here): the raw samples, then each 5-minute row
 * in time order, then each hour and day (a record changed is changed in place; SQLite's apply runs the last two
 * steps inside its UPDATEs).
 */
export function planner(input: PlanInput) {
  const { key, from, segments, target } = input;
  const deps = dependentsOf(key);
  const metrics: Metric[] = [key, ...deps].map((k) => ({ key: k, index: metricIndex(k) }));
  const plan: Plan = {
    samples: [],
    five: [],
    fiveChanged: 0,
    hours: [],
    hoursChanged: 0,
    days: [],
    daysChanged: 0,
    dayChanges: [],
  };
  const slotsOf = slotter(metrics);
  const sampleAggs = new Map<number, Picked>();
  const remapped = (a: Agg, f: Transform) => remapAgg(f, target, a) ?? a;
  const dayOf = dayStarts(input.tz);
  const changedFive = new Map<number, number>();
  // Each 5-minute row's new aggregates merged at once into its hour and its day (for the roll-up).
  const hourGroups = new Groups(metrics.length);
  const dayGroups = new Groups(metrics.length);
  const note = (time: number, view: DataView, slots: number[]) => {
    hourGroups.add(time - (time % HOUR), view, slots);
    dayGroups.add(dayOf(time), view, slots);
  };

  /** Raw samples, and their values of the metrics concerned per 5-minute bucket. */
  function samples(rows: Row[]): void {
    for (const row of rows) {
      const time = Number(row.time);
      if (time < from) continue;
      const values = readValues(row.data);
      const y = values[key];
      let now = values;
      if (y !== null && y !== undefined) {
        const f = segmentAt(segments, time);
        const v = sameTransform(f, target) ? y : remap(f, target, y);
        if (v !== y && Number.isFinite(v)) {
          now = { ...values, [key]: v };
          const again: Record<string, number | null> = { ...now };
          for (const d of deps) if (d in again) again[d] = null;
          deriveInto(again);
          // A derived value that cannot be computed again (another input missing) keeps the stored one.
          for (const d of deps) if (d in values && again[d] != null) now[d] = again[d];
          plan.samples.push({
            time,
            data: typeof row.data === 'string' ? JSON.stringify(now) : packValues(now),
          });
        }
      }
      const t5 = time - (time % FIVE);
      const picked: Picked = sampleAggs.get(t5) ?? metrics.map(() => undefined);
      const aggs = foldInto({}, Object.fromEntries(metrics.map((m) => [m.key, now[m.key] ?? null])));
      mergeInto(
        picked,
        metrics.map((m) => aggs[m.key]),
      );
      sampleAggs.set(t5, picked);
    }
  }

  /**
   * One 5-minute row (in time order): its new record (changed in place, or in a widened copy of a one-reading
   * record), or null when it does not change.
   */
  function five(time: number, stored: Buffer): Buffer | null {
    const buf = widen(stored);
    const view = viewOf(buf);
    const slots = slotsOf(buf, view);
    const same = uniformOver(segments, time, time + FIVE);
    if (time < from || (same && sameTransform(same, target)) || slots[0] < 0) {
      note(time, view, slots);
      return null;
    }
    const kept = sampleAggs.get(time);
    let changed = false;
    for (let i = 0; i < slots.length; i++) {
      const j = slots[i];
      if (j < 0) continue;
      const rebuilt = kept?.[i];
      const count = view.getFloat64(j * 40, true);
      let after: Agg | undefined;
      if (rebuilt && rebuilt[0] === count) after = rebuilt;
      else if (i === 0) after = remapped(aggAt(view, j), same ?? segmentAt(segments, time));
      if (!after || sameAgg(after, aggAt(view, j))) continue;
      for (let f = 0; f < 5; f++) view.setFloat64(j * 40 + f * 8, after[f], true);
      changed = true;
    }
    note(time, view, slots);
    if (!changed) return null;
    plan.fiveChanged++;
    const day = dayOf(time);
    changedFive.set(day, (changedFive.get(day) ?? 0) + 1);
    return buf;
  }

  /** An hour's or a day's record merged again from the 5-minute buckets it holds (in place); null: unchanged. */
  function rolled(time: number, buf: Buffer, end: number, groups: Groups, read: ReturnType<typeof picker>) {
    const same = uniformOver(segments, time, end);
    if (time < from - (from % HOUR) || (same && sameTransform(same, target))) return null;
    const { slots, aggs } = read(buf);
    if (!aggs[0]) return null;
    const merged = groups.get(time);
    const after: Picked = aggs.map((a, i) => {
      if (!a) return a;
      const m = merged?.[i];
      if (m && m[0] === a[0]) return m;
      if (i > 0) return a;
      return remapped(a, same ?? segmentAt(segments, time));
    });
    return patched(buf, slots, aggs, after) ? { before: aggs[0], after: after[0]! } : null;
  }

  const readHour = picker(metrics);
  const readDay = picker(metrics);
  const dayDiffs: { time: number; before: Agg; after: Agg }[] = [];

  /** One hourly row, after all the 5-minute rows: its new record (`buf` changed in place), or null. */
  function hour(time: number, stored: Buffer): Buffer | null {
    const buf = widen(stored);
    if (!rolled(time, buf, time + HOUR, hourGroups, readHour)) return null;
    plan.hoursChanged++;
    return buf;
  }

  /** One daily row (in time order), after all the 5-minute rows: as `hour`. */
  function day(time: number, stored: Buffer): Buffer | null {
    if (time < from) return null;
    const buf = widen(stored);
    const change = rolled(time, buf, dayStartFor(time + 30 * HOUR, input.tz), dayGroups, readDay);
    if (!change) return null;
    plan.daysChanged++;
    dayDiffs.push({ time, ...change });
    return buf;
  }

  function finish(): Plan {
    plan.dayChanges = dayDiffs.map(({ time, before, after }) => ({
      day: time,
      before: { min: before[2], max: before[3] },
      after: { min: after[2], max: after[3] },
      fiveMinute: changedFive.get(time) ?? 0,
    }));
    return plan;
  }

  return { plan, samples, five, hour, day, finish };
}

// ---- reading and writing the rows on each engine ----

interface SqliteConnection {
  prepare(sql: string): {
    all(...args: unknown[]): unknown[];
    run(...args: unknown[]): { changes: number };
  };
  transaction<T>(fn: () => T): () => T;
  function(name: string, options: object, fn: (...args: unknown[]) => unknown): unknown;
}

const TABLES = ['samples', 'buckets5m', 'buckets1h', 'buckets1d'] as const;
type Table = (typeof TABLES)[number];

export interface RecalibrateRequest {
  device: { _id: string; timezone: string };
  key: string;
  /** Any time of the first day to change (unix s); aligned to the device-local day start. */
  from: number;
  /** `false`: a preview, nothing written. */
  write: boolean;
  now?: number;
  user?: string | null;
}

const fromOf = (row: AppliedRange & Record<string, unknown>): AppliedRange => ({
  from: Number(row.from),
  to: Number(row.to),
  offset: Number(row.offset),
  multiplier: Number(row.multiplier),
  quadratic: Number(row.quadratic),
});

/** The planner of a request and whether the ledger gets a record (where stored values carry something else). */
function plannerFor(
  req: RecalibrateRequest,
  start: number,
  now: number,
  entries: CalibrationEntry[],
  applied: AppliedRange[],
) {
  const segments = appliedSegments(entries, applied, req.key);
  const target = targetAt(entries, req.key, now * 1000);
  const steps = planner({ key: req.key, from: start, tz: req.device.timezone, segments, target });
  const differs = segments.some((s) => s.to > start && s.from < now && !sameTransform(s, target));
  return { steps, target, differs };
}

const reportOf = (
  req: RecalibrateRequest,
  start: number,
  target: Transform,
  p: Plan,
  applied: boolean,
): RecalibrationReport => ({
  device: req.device._id,
  key: req.key,
  from: start,
  target,
  rows: {
    samples: p.samples.length,
    buckets5m: p.fiveChanged,
    buckets1h: p.hoursChanged,
    buckets1d: p.daysChanged,
  },
  days: p.dayChanges,
  applied,
});

const entriesOf = (row: { entries?: string } | undefined): CalibrationEntry[] =>
  row?.entries ? (JSON.parse(row.entries) as CalibrationEntry[]) : [];

/**
 * Previews or applies. The caller (the service) has checked the request and stored the SQLite writer's open
 * buckets (SampleStore.flush) before a write.
 */
export async function recalibrate(storage: Storage, req: RecalibrateRequest): Promise<RecalibrationReport> {
  // Not rounded: an entry saved a moment ago (since in ms) is the one in effect now.
  const now = req.now ?? Date.now() / 1000;
  const start = dayStartFor(req.from, req.device.timezone);
  const lowest = (t: Table) => (t === 'buckets1d' ? start : start - (start % HOUR));
  const { knex } = storage;
  const device = await knex('weatherDevices').where({ _id: req.device._id }).first('seq');
  if (!device) throw new Error(`No device ${req.device._id}`);
  const seq = Number(device.seq);
  const ledger = (target: Transform) => ({
    device: req.device._id,
    metric: req.key,
    from: start,
    to: Math.ceil(now),
    ...pickTransform(target),
    appliedAt: Math.ceil(now),
    user: req.user ?? null,
  });

  if (storage.engine === 'sqlite') {
    const conn = (knex.userParams as { sqlite?: SqliteConnection }).sqlite;
    if (!conn) throw new Error('recalibrate needs the storage’s SQLite connection (openStorage)');
    const rows = (t: Table) =>
      conn
        .prepare(`SELECT time, data FROM ${t} WHERE device = ? AND time >= ? ORDER BY time`)
        .all(seq, lowest(t)) as Row[];
    return conn.transaction(() => {
      const entries = entriesOf(
        conn
          .prepare('SELECT entries FROM stationCalibrations WHERE weatherDevice = ?')
          .all(req.device._id)[0] as { entries: string } | undefined,
      );
      const applied = (
        conn
          .prepare('SELECT * FROM calibrationApplied WHERE device = ? AND metric = ? ORDER BY id')
          .all(req.device._id, req.key) as (AppliedRange & Record<string, unknown>)[]
      ).map(fromOf);
      const { steps, target, differs } = plannerFor(req, start, now, entries, applied);
      steps.samples(rows('samples'));
      type Step = (time: number, buf: Buffer) => Buffer | null;
      const rewrite = (table: Table, step: Step, into: Row[]) => {
        if (!req.write) {
          for (const r of rows(table)) {
            const data = step(Number(r.time), r.data as Buffer);
            if (data) into.push({ time: Number(r.time), data });
          }
          return;
        }
        // Each row is rewritten inside one UPDATE per table (a year is 105,120 5-minute rows): reading them into
        // JavaScript first and updating each by key took longer than the whole rewrite. A row returned as it
        // was is not written (SQLite leaves a cell whose bytes are the same).
        conn.function(
          'recalibrated',
          { deterministic: false, varargs: false },
          (time: unknown, data: unknown) => {
            return step(Number(time), data as Buffer) ?? data;
          },
        );
        conn
          .prepare(`UPDATE ${table} SET data = recalibrated(time, data) WHERE device = ? AND time >= ?`)
          .run(seq, lowest(table));
      };
      // In time order: the hours and days are merged from the 5-minute rows as they are rewritten.
      rewrite('buckets5m', steps.five, steps.plan.five);
      rewrite('buckets1h', steps.hour, steps.plan.hours);
      rewrite('buckets1d', steps.day, steps.plan.days);
      const p = steps.finish();
      if (req.write) {
        const update = conn.prepare('UPDATE samples SET data = ? WHERE device = ? AND time = ?');
        for (const r of p.samples) update.run(r.data, seq, r.time);
        if (differs) {
          const l = ledger(target);
          conn
            .prepare(
              'INSERT INTO calibrationApplied (device, metric, "from", "to", offset, multiplier, quadratic, appliedAt, user) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
            )
            .run(l.device, l.metric, l.from, l.to, l.offset, l.multiplier, l.quadratic, l.appliedAt, l.user);
        }
      }
      return reportOf(req, start, target, p, req.write);
    })();
  }

  return knex.transaction(async (trx) => {
    // One re-application of a station at a time across processes; the rows are locked against ingest.
    await trx.raw('SELECT pg_advisory_xact_lock(?, ?)', [24_024, seq]);
    const rows = async (t: Table) => {
      const { rows: found } = await trx.raw(
        `SELECT time, data FROM ${t} WHERE device = ? AND time >= ? ORDER BY time${req.write ? ' FOR UPDATE' : ''}`,
        [seq, lowest(t)],
      );
      return (found as Row[]).map((r) => ({ time: Number(r.time), data: r.data }));
    };
    const entries = entriesOf(
      await trx('stationCalibrations').where({ weatherDevice: req.device._id }).first(),
    );
    const applied = (
      await trx('calibrationApplied').where({ device: req.device._id, metric: req.key }).orderBy('id')
    ).map(fromOf);
    const { steps, target, differs } = plannerFor(req, start, now, entries, applied);
    steps.samples(await rows('samples'));
    for (const [table, step, into] of [
      ['buckets5m', steps.five, steps.plan.five],
      ['buckets1h', steps.hour, steps.plan.hours],
      ['buckets1d', steps.day, steps.plan.days],
    ] as const)
      for (const r of await rows(table)) {
        const data = step(r.time, r.data as Buffer);
        if (data) into.push({ time: r.time, data });
      }
    const p = steps.finish();
    if (req.write) {
      await pgUpdate(trx, 'samples', seq, p.samples);
      await pgUpdate(trx, 'buckets5m', seq, p.five);
      await pgUpdate(trx, 'buckets1h', seq, p.hours);
      await pgUpdate(trx, 'buckets1d', seq, p.days);
      if (differs) await trx('calibrationApplied').insert(ledger(target));
    }
    return reportOf(req, start, target, p, req.write);
  });
}

const pickTransform = (t: Transform): Transform => ({
  offset: t.offset,
  multiplier: t.multiplier,
  quadratic: t.quadratic,
});

const PG_CHUNK = 10_000;

/**
 * Rows written back in chunks; bucket records travel as one binary parameter cut by offsets (as pg-writer.ts
 * does: an array of bytea would be spelt in hex), raw samples as text. Each chunk is bounded by its times:
 * without that, the join read and sorted all of the station's rows in every partition for each chunk (EXPLAIN:
 * 105,120 rows and an external sort per 10,000 updated).
 */
export async function pgUpdate(trx: Knex, table: Table, seq: number, rows: Row[]): Promise<void> {
  for (let i = 0; i < rows.length; i += PG_CHUNK) {
    const chunk = rows.slice(i, i + PG_CHUNK);
    const times = chunk.map((r) => r.time);
    if (table === 'samples') {
      await trx.raw(
        `UPDATE samples AS s SET data = v.data FROM unnest(?::bigint[], ?::text[]) AS v(time, data)
         WHERE s.device = ? AND s.time = v.time AND s.time BETWEEN ? AND ?`,
        [times, chunk.map((r) => r.data as string), seq, times[0], times[times.length - 1]],
      );
      continue;
    }
    const bufs = chunk.map((r) => r.data as Buffer);
    const offsets: number[] = [];
    let at = 1;
    for (const b of bufs) {
      offsets.push(at);
      at += b.length;
    }
    await trx.raw(
      `UPDATE ${table} AS b SET data = substring(?::bytea FROM v.off FOR v.len)
       FROM unnest(?::bigint[], ?::int[], ?::int[]) AS v(time, off, len)
       WHERE b.device = ? AND b.time = v.time AND b.time BETWEEN ? AND ?`,
      [
        Buffer.concat(bufs),
        times,
        offsets,
        bufs.map((b) => b.length),
        seq,
        times[0],
        times[times.length - 1],
      ],
    );
  }
}

/**
 * The console's own values of `key` in the raw samples kept for [from, to): each stored value through the
 * inverse of what it carries.
 */
export async function rawValues(
  storage: Storage,
  samples: { samples(device: string, from: number, to: number): Promise<Record<string, number | null>[]> },
  device: string,
  key: string,
  from: number,
  to: number,
): Promise<{ time: number; value: number }[]> {
  const { knex } = storage;
  const entries = entriesOf(await knex('stationCalibrations').where({ weatherDevice: device }).first());
  const applied = (await knex('calibrationApplied').where({ device, metric: key }).orderBy('id')).map(fromOf);
  const segments = appliedSegments(entries, applied, key);
  return (await samples.samples(device, from, to)).flatMap((s) => {
    const y = s[key];
    const time = Number(s.time);
    return y === null || y === undefined ? [] : [{ time, value: invert(segmentAt(segments, time), y) }];
  });
}
