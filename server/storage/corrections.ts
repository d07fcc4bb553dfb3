// Corrections of stored readings (issue 24; the rules in src/domain/corrections.ts): the raw samples change, and
// the 5-minute, hourly and daily buckets that hold them are rebuilt for the metrics that changed, so graphs,
// records and exports (which read the buckets) follow. An undo writes the samples' old values back and rebuilds
// the same way.
//
// Rebuilding: a 5-minute bucket's aggregate of a changed metric is folded again from its raw samples where those
// are all of its values (the stored count equals the samples' count; an imported bucket has none, and stays); an
// hour or a day is merged again from its 5-minute buckets where those hold all of its values (counts match, as
// recalibrate.ts does), so a day imported from a day file is left as it is.
//
// Races with ingest, as recalibrate.ts: on SQLite the writer's open buckets are stored first (SampleStore.flush,
// by the caller) and the whole change then runs synchronously in one transaction on the one connection; on
// PostgreSQL the rows are locked FOR UPDATE and corrections of a station are serialised by an advisory lock.
import type { Agg } from '../../src/domain/aggregate';
import type { SampleEdit, TimedValues, Values } from '../../src/domain/corrections';
import { type Aggs, dayStartFor, foldInto, mergeInto } from './buckets';
import type { Storage } from './db';
import { pack, packValues, readValues, unpack } from './packed';
import { pgUpdate } from './recalibrate';

const FIVE = 300;
const HOUR = 3600;
const DAY = 86400;

interface Row {
  time: number;
  data: Buffer | string;
}

type Table = 'samples' | 'buckets5m' | 'buckets1h' | 'buckets1d';

export interface Loaded {
  samples: Row[];
  buckets5m: Row[];
  buckets1h: Row[];
  buckets1d: Row[];
}

export interface Written {
  samples: Row[];
  buckets5m: Row[];
  buckets1h: Row[];
  buckets1d: Row[];
}

/** The samples of a loaded range with their values. */
export const timedValues = (rows: Row[]): TimedValues[] =>
  rows.map((r) => ({ time: Number(r.time), values: readValues(r.data) }));

/**
 * The rows to write for `edits` (each changed sample's new values of the metrics that changed) over `loaded`,
 * which holds every sample and bucket of the days concerned.
 */
export function rebuild(loaded: Loaded, edits: SampleEdit[], tz: string): Written {
  const out: Written = { samples: [], buckets5m: [], buckets1h: [], buckets1d: [] };
  if (edits.length === 0) return out;
  const keys = [...new Set(edits.flatMap((e) => Object.keys(e.after)))];
  const byTime = new Map(edits.map((e) => [e.time, e]));
  const oldSamples = timedValues(loaded.samples);
  const newSamples: TimedValues[] = oldSamples.map((s) => {
    const e = byTime.get(s.time);
    if (!e) return s;
    const values: Values = { ...s.values };
    for (const k in e.after) {
      const v = e.after[k];
      if (v === null) delete values[k];
      else values[k] = v;
    }
    return { time: s.time, values };
  });
  loaded.samples.forEach((r, i) => {
    if (!byTime.has(Number(r.time))) return;
    const values = newSamples[i].values;
    out.samples.push({
      time: Number(r.time),
      data: typeof r.data === 'string' ? JSON.stringify(values) : packValues(values),
    });
  });

  // 5-minute buckets of the changed samples, folded again from all of their samples.
  const fold = (samples: TimedValues[], t: number): Aggs => {
    const aggs: Aggs = {};
    for (const s of samples) {
      if (s.time < t || s.time >= t + FIVE) continue;
      const picked: Values = {};
      for (const k of keys) if (s.values[k] !== undefined) picked[k] = s.values[k];
      foldInto(aggs, picked);
    }
    return aggs;
  };
  const fiveTimes = new Set([...byTime.keys()].map((t) => t - (t % FIVE)));
  const oldFive = new Map(loaded.buckets5m.map((r) => [Number(r.time), unpack(r.data as Buffer)]));
  const newFive = new Map(oldFive);
  for (const t of fiveTimes) {
    const stored = oldFive.get(t);
    if (!stored) continue;
    const before = fold(oldSamples, t);
    const after = fold(newSamples, t);
    const next = replaced(stored, keys, before, after);
    if (!next) continue;
    newFive.set(t, next);
    out.buckets5m.push({ time: t, data: pack(next) });
  }

  // Hours and days merged again from their 5-minute buckets.
  const oldSorted = [...oldFive].sort((a, b) => a[0] - b[0]);
  const newSorted = [...newFive].sort((a, b) => a[0] - b[0]);
  const roll = (rows: Row[], spanOf: (t: number) => [number, number], into: Row[]) => {
    const changed = out.buckets5m.map((r) => r.time);
    for (const r of rows) {
      const [start, end] = spanOf(Number(r.time));
      if (!changed.some((t) => t >= start && t < end)) continue;
      const before: Aggs = {};
      const after: Aggs = {};
      for (const [t, aggs] of oldSorted) if (t >= start && t < end) mergeInto(before, pick(aggs, keys));
      for (const [t, aggs] of newSorted) if (t >= start && t < end) mergeInto(after, pick(aggs, keys));
      const next = replaced(unpack(r.data as Buffer), keys, before, after);
      if (next) into.push({ time: Number(r.time), data: pack(next) });
    }
  };
  roll(loaded.buckets1h, (t) => [t, t + HOUR], out.buckets1h);
  roll(loaded.buckets1d, (t) => [t, dayStartFor(t + 30 * HOUR, tz)], out.buckets1d);
  return out;
}

const pick = (aggs: Aggs, keys: string[]): Aggs => {
  const out: Aggs = {};
  for (const k of keys) if (aggs[k]) out[k] = aggs[k];
  return out;
};

const same = (a: Agg | undefined, b: Agg | undefined) =>
  a === b || (!!a && !!b && a.every((v, i) => v === b[i]));

/**
 * `stored` with each key's aggregate replaced by `after` where `before` (what its parts held) accounts for all of
 * the stored one's values; null when nothing changes.
 */
function replaced(stored: Aggs, keys: string[], before: Aggs, after: Aggs): Aggs | null {
  let next: Aggs | null = null;
  for (const k of keys) {
    const s = stored[k];
    const b = before[k];
    if ((s?.[0] ?? 0) !== (b?.[0] ?? 0)) continue;
    const a = after[k] && after[k][0] > 0 ? after[k] : undefined;
    if (same(s, a)) continue;
    next ??= { ...stored };
    if (a) next[k] = a;
    else delete next[k];
  }
  return next;
}

interface SqliteConnection {
  prepare(sql: string): {
    all(...args: unknown[]): unknown[];
    run(...args: unknown[]): { changes: number };
  };
  transaction<T>(fn: () => T): () => T;
}

/** The edit log's row written with the change: inserted, or updated by `id`. */
export interface LogWrite {
  table: string;
  id?: string;
  row: Record<string, string | number | null>;
}

export interface Span {
  /** The raw samples read: [from, to). */
  from: number;
  to: number;
}

/**
 * Reads the samples of `span` and the buckets of the days around it, asks `change` for the edits (it may throw
 * to refuse), writes the rebuilt rows and runs `record` (the edit log's row) in the same transaction.
 */
export async function changeStored<T>(
  storage: Storage,
  device: { _id: string; timezone: string },
  span: Span,
  change: (samples: TimedValues[]) => { edits: SampleEdit[]; result: T },
  record: (result: T, written: Written) => LogWrite,
): Promise<T> {
  const { knex } = storage;
  const found = await knex('weatherDevices').where({ _id: device._id }).first('seq');
  if (!found) throw new Error(`No device ${device._id}`);
  const seq = Number(found.seq);
  const dayFrom = dayStartFor(span.from, device.timezone);
  const dayTo = dayStartFor(span.to + 30 * HOUR, device.timezone);
  const ranges: Record<Table, [number, number]> = {
    samples: [dayFrom, Math.max(dayTo, span.to)],
    buckets5m: [dayFrom, dayTo],
    buckets1h: [dayFrom - (dayFrom % HOUR), dayTo],
    buckets1d: [dayFrom - DAY, dayTo],
  };
  const plan = (loaded: Loaded) => {
    const { edits, result } = change(timedValues(loaded.samples));
    return { result, written: rebuild(loaded, edits, device.timezone) };
  };

  if (storage.engine === 'sqlite') {
    const conn = (knex.userParams as { sqlite?: SqliteConnection }).sqlite;
    if (!conn) throw new Error('corrections need the storage’s SQLite connection (openStorage)');
    const read = (t: Table) =>
      conn
        .prepare(`SELECT time, data FROM ${t} WHERE device = ? AND time >= ? AND time < ? ORDER BY time`)
        .all(seq, ...ranges[t]) as Row[];
    return conn.transaction(() => {
      const { result, written } = plan({
        samples: read('samples'),
        buckets5m: read('buckets5m'),
        buckets1h: read('buckets1h'),
        buckets1d: read('buckets1d'),
      });
      for (const t of ['samples', 'buckets5m', 'buckets1h', 'buckets1d'] as const) {
        const update = conn.prepare(`UPDATE ${t} SET data = ? WHERE device = ? AND time = ?`);
        for (const r of written[t]) update.run(r.data, seq, r.time);
      }
      const log = record(result, written);
      const cols = Object.keys(log.row);
      if (log.id === undefined)
        conn
          .prepare(
            `INSERT INTO ${log.table} (${cols.map((c) => `"${c}"`).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`,
          )
          .run(...cols.map((c) => log.row[c]));
      else
        conn
          .prepare(`UPDATE ${log.table} SET ${cols.map((c) => `"${c}" = ?`).join(', ')} WHERE _id = ?`)
          .run(...cols.map((c) => log.row[c]), log.id);
      return result;
    })();
  }

  return knex.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(?, ?)', [24_025, seq]);
    const read = async (t: Table) => {
      const { rows } = await trx.raw(
        `SELECT time, data FROM ${t} WHERE device = ? AND time >= ? AND time < ? ORDER BY time FOR UPDATE`,
        [seq, ...ranges[t]],
      );
      return (rows as Row[]).map((r) => ({ time: Number(r.time), data: r.data }));
    };
    const { result, written } = plan({
      samples: await read('samples'),
      buckets5m: await read('buckets5m'),
      buckets1h: await read('buckets1h'),
      buckets1d: await read('buckets1d'),
    });
    for (const t of ['samples', 'buckets5m', 'buckets1h', 'buckets1d'] as const)
      await pgUpdate(trx, t, seq, written[t]);
    const log = record(result, written);
    if (log.id === undefined) await trx(log.table).insert(log.row);
    else await trx(log.table).where({ _id: log.id }).update(log.row);
    return result;
  });
}
