// Samples and their rollups (raw samples, 5-minute buckets, device-local daily buckets), on both engines.
// PostgreSQL: see pg-writer.ts (uploads fold into their buckets in group-committed transactions; several
// processes may write).
// SQLite: see sqlite-writer.ts (one process owns the file; the open 5-minute bucket lives in memory).
import type BetterSqlite3 from 'better-sqlite3';
import type { Coded, Sample } from '../../src/domain/types';
import { type BucketRow, mergeInto, primaryRow, type Values, type WriteResult } from './buckets';
import type { Storage } from './db';
import { PackedReader, primaryCoded, readValues, unpack } from './packed';
import { PgWriter } from './pg-writer';
import { SqliteWriter } from './sqlite-writer';

export type { Aggs, BucketRow, Values, WriteResult } from './buckets';
export { dayStartFor, foldInto, primaryRow } from './buckets';

export type BucketTable = 'buckets5m' | 'buckets1h' | 'buckets1d';

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
  /** Persists whatever is held in memory (on shutdown). */
  flush(): Promise<void>;
}

/** `rotateBytes`: the SQLite writer's log rotation size (tests make it small). */
export function sampleStore(storage: Storage, options: { rotateBytes?: number } = {}): SampleStore {
  const seqs = deviceSeqs(storage);
  const writer = storage.sqlite
    ? new SqliteWriter(storage.sqlite, options.rotateBytes)
    : new PgWriter(storage.knex);
  return {
    ...knexReads(storage, seqs, writer instanceof SqliteWriter ? writer : null),
    write: (device, time, values) => {
      const seq = seqs.known(device._id);
      if (seq !== undefined) return writer.write(device, seq, time, values);
      return seqs.of(device._id).then((found) => {
        if (found === undefined) throw new Error(`No device ${device._id}`);
        return writer.write(device, found, time, values);
      });
    },
    flush: async () => {
      if (writer instanceof SqliteWriter) writer.flush();
    },
  };
}

/**
 * Samples and buckets are keyed by the device's small integer `seq` (migration 009). Ids map to it once per
 * process: a seq is never reused, so a remembered one can at worst name a deleted device, which has no rows.
 */
function deviceSeqs(storage: Storage) {
  const known = new Map<string, number>();
  const lookup = storage.sqlite
    ? (() => {
        const statement = storage.sqlite.prepare('SELECT seq FROM weatherDevices WHERE _id = ?').pluck();
        return async (id: string) => statement.get(id) as number | undefined;
      })()
    : async (id: string) =>
        (await storage.knex('weatherDevices').where({ _id: id }).first('seq'))?.seq as number | undefined;
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
        waiting = lookup(id)
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

/** Reads; on SQLite the writer's open buckets are laid over the stored ones so answers are always current. */
function knexReads(
  storage: Storage,
  seqs: DeviceSeqs,
  writer: SqliteWriter | null,
): Omit<SampleStore, 'write' | 'flush'> {
  const { knex } = storage;
  const num = (v: unknown) => Number(v);
  const stored = rowReader(storage);
  // Reads by device id: an unknown device has no rows.
  const read = {
    range: async (table: string, device: string, from: number, to: number): Promise<StoredRow[]> => {
      const seq = await seqs.of(device);
      return seq === undefined ? [] : stored.range(table, seq, from, to);
    },
    newest: async (table: string, device: string): Promise<StoredRow | undefined> => {
      const seq = await seqs.of(device);
      return seq === undefined ? undefined : stored.newest(table, seq);
    },
  };
  return {
    async latest(devices) {
      const out = new Map<string, Sample>();
      for (const device of devices) {
        // The newest raw sample may still wait beside the open bucket (sqlite-writer.ts).
        const waiting = writer?.waiting(device) ?? [];
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
      const open = writer?.openBucket(device);
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
      const open = writer?.openBucket(device);
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
      const waiting = (writer?.waiting(device) ?? []).filter((w) => w.time >= from && w.time < to);
      if (waiting.length > 0) rows.push(...waiting);
      return rows.map((r) => ({ time: num(r.time), ...readValues(r.data) })).sort((a, b) => a.time - b.time);
    },
    async prune(before) {
      // Device by device on the (device, time) key: one statement over `time` alone would scan every sample.
      const devices: { seq: number }[] = await knex('weatherDevices').select('seq');
      let removed = 0;
      for (const { seq } of devices) {
        removed += await knex('samples').where({ device: seq }).andWhere('time', '<', before).delete();
      }
      return removed;
    },
  };
}

/** A stored row: bucket records are binary; raw samples are binary (SQLite) or JSON text (PostgreSQL). */
type StoredRow = { time: number; data: Buffer };

/**
 * Row reads of one device: a time range oldest first, or the newest row. On SQLite prepared statements on the
 * raw handle: building the query through Knex cost more than reading a year of daily rows.
 */
function rowReader(storage: Storage) {
  const { knex, sqlite } = storage;
  if (!sqlite)
    return {
      range: (table: string, device: number, from: number, to: number): Promise<StoredRow[]> =>
        knex(table)
          .where({ device })
          .andWhere('time', '>=', from)
          .andWhere('time', '<', to)
          .orderBy('time')
          .select('time', 'data'),
      newest: (table: string, device: number): Promise<StoredRow | undefined> =>
        knex(table).where({ device }).orderBy('time', 'desc').first('time', 'data'),
    };
  const statements = new Map<string, BetterSqlite3.Statement>();
  const statement = (sql: string) => {
    let prepared = statements.get(sql);
    if (!prepared) {
      prepared = sqlite.prepare(sql);
      statements.set(sql, prepared);
    }
    return prepared;
  };
  return {
    range: async (table: string, device: number, from: number, to: number) =>
      statement(
        `SELECT time, data FROM ${table} WHERE device = ? AND time >= ? AND time < ? ORDER BY time`,
      ).all(device, from, to) as StoredRow[],
    newest: async (table: string, device: number) =>
      statement(`SELECT time, data FROM ${table} WHERE device = ? ORDER BY time DESC LIMIT 1`).get(device) as
        | StoredRow
        | undefined,
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
