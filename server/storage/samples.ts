// Samples and their rollups (raw samples, 5-minute buckets, device-local daily buckets), on both engines: the
// writes and reads of each engine are behind engine.ts (chosen in db.ts); this file queues uploads into batches,
// maps device ids to their keys and lays an engine's open bucket over what it has stored.
import type { Coded, Sample } from '../../src/domain/types';
import { type BucketRow, mergeInto, primaryRow, type Values, type WriteResult } from './buckets';
import type { Storage } from './db';
import type { BucketTable, EngineOptions, StorageEngine, StoredRow, StoredTable } from './engine';
import { GroupCommitLanes } from './group-commit';
import { PackedReader, primaryCoded, readValues, unpack } from './packed';

export type { Aggs, BucketRow, Values, WriteResult } from './buckets';
export { dayStartFor, foldInto, primaryRow } from './buckets';
export type { BucketTable } from './engine';

export interface SampleStore {
  write(device: { _id: string; timezone: string }, time: number, values: Values): Promise<WriteResult>;
  /** Newest raw sample per device (falls back to the newest 5-minute bucket when raw samples were pruned). */
  latest(devices: string[]): Promise<Map<string, Sample>>;
  /** Buckets in [from, to), with every metric or only `keys`. */
  buckets(
    table: BucketTable,
    device: string,
    from: number,
    to: number,
    keys?: string[],
  ): Promise<BucketRow[]>;
  /** Buckets as the coded answer of primary values (what `query` serves). */
  primaryCoded(table: BucketTable, device: string, from: number, to: number): Promise<Coded>;
  samples(device: string, from: number, to: number): Promise<Sample[]>;
  /** Deletes raw samples older than `before` (unix s). */
  prune(before: number): Promise<number>;
  /** Deletes one device's 5-minute buckets older than `before` (unix s): its plan's store period. */
  prune5m(device: string, before: number): Promise<number>;
  /** The engine's periodic upkeep (engine.ts); once per cluster. */
  maintain(now: number): Promise<void>;
  /** Persists whatever is held in memory (on shutdown). */
  flush(): Promise<void>;
}

/** `rotateBytes`: the SQLite ingest log's rotation size (tests make it small). */
export function sampleStore(storage: Storage, options: EngineOptions = {}): SampleStore {
  const engine = storage.openEngine(options);
  const seqs = deviceSeqs(engine);
  const batches = new GroupCommitLanes(engine.lanes, (uploads) => engine.writeBatch(uploads));
  return {
    ...reads(engine, seqs),
    write: (device, time, values) => {
      const seq = seqs.known(device._id);
      if (seq !== undefined) return batches.write({ id: device._id, seq, tz: device.timezone, time, values });
      return seqs.of(device._id).then((found) => {
        if (found === undefined) throw new Error(`No device ${device._id}`);
        return batches.write({ id: device._id, seq: found, tz: device.timezone, time, values });
      });
    },
    flush: async () => {
      await batches.idle();
      await engine.closeBuckets();
    },
    prune5m: async (device, before) => {
      const seq = await seqs.of(device);
      if (seq === undefined) return 0;
      return storage.knex('buckets5m').where({ device: seq }).andWhere('time', '<', before).delete();
    },
  };
}

/**
 * Samples and buckets are keyed by the device's small integer `seq` (migration 009). Ids map to it once per
 * process: a seq is never reused, so a remembered one can at worst name a deleted device, which has no rows.
 */
function deviceSeqs(engine: StorageEngine) {
  const known = new Map<string, number>();
  // Callers waiting for the same lookup share it, so their writes reach the writer in the order they were made
  // (separate lookups could finish in any order and reorder a station's first uploads).
  const pending = new Map<string, Promise<number | undefined>>();
  return {
    /** The seq when already looked up (the ingest path: no await). */
    known: (id: string) => known.get(id),
    of(id: string): Promise<number | undefined> {
      const cached = known.get(id);
      if (cached !== undefined) return Promise.resolve(cached);
      let waiting = pending.get(id);
      if (!waiting) {
        waiting = engine
          .seqOf(id)
          .then((seq) => {
            if (seq !== undefined && seq !== null) known.set(id, Number(seq));
            return known.get(id);
          })
          .finally(() => pending.delete(id));
        pending.set(id, waiting);
      }
      return waiting;
    },
  };
}

type DeviceSeqs = ReturnType<typeof deviceSeqs>;

/** Reads; an engine's open bucket and waiting raw samples are laid over its stored rows, so answers are current. */
function reads(engine: StorageEngine, seqs: DeviceSeqs): Omit<SampleStore, 'write' | 'flush' | 'prune5m'> {
  const num = (v: unknown) => Number(v);
  // Reads by device id: an unknown device has no rows.
  const read = {
    range: async (table: StoredTable, device: string, from: number, to: number): Promise<StoredRow[]> => {
      const seq = await seqs.of(device);
      return seq === undefined ? [] : engine.range(table, seq, from, to);
    },
    newest: async (table: StoredTable, device: string): Promise<StoredRow | undefined> => {
      const seq = await seqs.of(device);
      return seq === undefined ? undefined : engine.newest(table, seq);
    },
  };
  return {
    async latest(devices) {
      const out = new Map<string, Sample>();
      for (const device of devices) {
        // The newest raw sample may still wait beside the open bucket.
        const waiting = engine.waiting(device);
        const newestWaiting = waiting.reduce<StoredRow | undefined>(
          (a, b) => (!a || b.time > a.time ? b : a),
          undefined,
        );
        const stored = await read.newest('samples', device);
        const raw =
          newestWaiting && (!stored || newestWaiting.time > num(stored.time)) ? newestWaiting : stored;
        if (raw) {
          out.set(device, { time: num(raw.time), ...readValues(raw.data) });
          continue;
        }
        const b = await read.newest('buckets5m', device);
        if (b) out.set(device, primaryRow(num(b.time), unpack(b.data)));
      }
      return out;
    },
    async buckets(table, device, from, to, keys) {
      const rows = await read.range(table, device, from, to);
      const reader = keys ? new PackedReader(keys) : null;
      const stored: BucketRow[] = rows.map((r) => ({
        time: num(r.time),
        aggs: reader ? reader.read(r.data) : unpack(r.data),
      }));
      const open = engine.openBucket(device);
      if (!open) return stored;
      if (table === 'buckets5m') return overlayFive(stored, open, from, to);
      return overlayInto(
        stored,
        open,
        table === 'buckets1h' ? open.time - (open.time % 3600) : open.day,
        from,
        to,
      );
    },
    async primaryCoded(table, device, from, to) {
      const rows = await read.range(table, device, from, to);
      const coded = primaryCoded(rows);
      const open = engine.openBucket(device);
      if (!open) return coded;
      // Lay the open 5-minute bucket over the row it belongs to (or add that row).
      const at =
        table === 'buckets5m' ? open.time : table === 'buckets1h' ? open.time - (open.time % 3600) : open.day;
      if (at < from || at >= to) return coded;
      const i = rows.findIndex((r) => Number(r.time) === at);
      const merged = primaryRow(
        at,
        mergeInto(i >= 0 && table !== 'buckets5m' ? unpack(rows[i].data) : {}, open.aggs),
      );
      const [columns, values] = coded;
      for (const key of Object.keys(merged)) if (!columns.includes(key)) columns.push(key);
      for (const row of values) while (row.length < columns.length) row.push(null);
      const row = columns.map((c) => merged[c] ?? null);
      if (i >= 0) values[i] = row;
      else {
        const after = values.findIndex((r) => (r[0] as number) > at);
        values.splice(after < 0 ? values.length : after, 0, row);
      }
      return coded;
    },
    async samples(device, from, to) {
      const rows: StoredRow[] = await read.range('samples', device, from, to);
      const waiting = engine.waiting(device).filter((w) => w.time >= from && w.time < to);
      if (waiting.length > 0) rows.push(...waiting);
      return rows.map((r) => ({ time: num(r.time), ...readValues(r.data) })).sort((a, b) => a.time - b.time);
    },
    prune: (before) => engine.prune(before),
    maintain: (now) => engine.maintain(now),
  };
}

function overlayFive(stored: BucketRow[], open: BucketRow, from: number, to: number): BucketRow[] {
  if (open.time < from || open.time >= to) return stored;
  const out = stored.filter((b) => b.time !== open.time);
  out.push({ time: open.time, aggs: open.aggs });
  return out.sort((a, b) => a.time - b.time);
}

/** The open 5-minute bucket merged into the stored hour or day (`at`) it belongs to. */
function overlayInto(
  stored: BucketRow[],
  open: BucketRow,
  at: number,
  from: number,
  to: number,
): BucketRow[] {
  if (at < from || at >= to) return stored;
  const row = stored.find((b) => b.time === at);
  if (row) {
    row.aggs = mergeInto(row.aggs, open.aggs);
    return stored;
  }
  return [...stored, { time: at, aggs: mergeInto({}, open.aggs) }].sort((a, b) => a.time - b.time);
}
