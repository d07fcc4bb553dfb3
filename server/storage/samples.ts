// Samples and their rollups. Every accepted upload writes the raw sample and folds its values into the
// 5-minute bucket and the device-local daily bucket in ONE transaction (incremental, never a rescan).
// A bucket's `data` is JSON {key: Agg} where Agg = [count, sum, min, max, last] (src/domain/aggregate).
import { type Agg, addValue, aggValue } from '../../src/domain/aggregate';
import { METRIC_BY_KEY } from '../../src/domain/catalogue';
import { localDayStart } from '../../src/domain/periods';
import type { Sample } from '../../src/domain/types';
import type { Storage } from './db';

export type Values = Record<string, number | null>;
export type Aggs = Record<string, Agg>;
export interface BucketRow {
  time: number;
  aggs: Aggs;
}
export interface WriteResult {
  /** false when a sample with the same time was already stored (a console retransmission). */
  stored: boolean;
  /** The 5-minute bucket after this upload, as primary values per key. */
  fiveMinute: Sample;
}

const FIVE_MINUTES = 300;

/** Folds values into a bucket's aggregates (mutates and returns `aggs`). */
export function foldInto(aggs: Aggs, values: Values): Aggs {
  for (const key in values) {
    const v = values[key];
    if (v === null || v === undefined) continue;
    aggs[key] = addValue(aggs[key], v);
  }
  return aggs;
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

/** Device-local day start, cached per time zone for the current day (the hot path sees the same day). */
const dayCache = new Map<string, { start: number; end: number }>();
export function dayStartFor(time: number, timeZone: string): number {
  const hit = dayCache.get(timeZone);
  if (hit && time >= hit.start && time < hit.end) return hit.start;
  const start = localDayStart(time, timeZone);
  // The next day's start; 25 h covers DST days, then snap to the real boundary.
  const end = localDayStart(start + 25 * 3600, timeZone);
  dayCache.set(timeZone, { start, end });
  return start;
}

export interface SampleStore {
  write(device: { _id: string; timezone: string }, time: number, values: Values): Promise<WriteResult>;
  /** Newest raw sample per device (falls back to the newest 5-minute bucket when raw samples were pruned). */
  latest(devices: string[]): Promise<Map<string, Sample>>;
  buckets(table: 'buckets5m' | 'buckets1d', device: string, from: number, to: number): Promise<BucketRow[]>;
  samples(device: string, from: number, to: number): Promise<Sample[]>;
  /** Deletes raw samples older than `before` (unix s). */
  prune(before: number): Promise<number>;
}

export function sampleStore(storage: Storage): SampleStore {
  const read = knexReads(storage);
  return storage.sqlite ? { ...read, write: sqliteWriter(storage) } : { ...read, write: knexWriter(storage) };
}

function sqliteWriter(storage: Storage): SampleStore['write'] {
  const db = storage.sqlite!;
  const insertSample = db.prepare(
    'INSERT INTO samples (device, time, data) VALUES (?, ?, ?) ON CONFLICT (device, time) DO NOTHING',
  );
  const get5 = db.prepare('SELECT data FROM buckets5m WHERE device = ? AND time = ?').pluck();
  const get1d = db.prepare('SELECT data FROM buckets1d WHERE device = ? AND time = ?').pluck();
  const put5 = db.prepare(
    'INSERT INTO buckets5m (device, time, data) VALUES (?, ?, ?) ON CONFLICT (device, time) DO UPDATE SET data = excluded.data',
  );
  const put1d = db.prepare(
    'INSERT INTO buckets1d (device, time, data) VALUES (?, ?, ?) ON CONFLICT (device, time) DO UPDATE SET data = excluded.data',
  );
  const touch = db.prepare(
    'UPDATE weatherDevices SET lastUpload = ? WHERE _id = ? AND (lastUpload IS NULL OR lastUpload < ?)',
  );
  const tx = db.transaction((id: string, tz: string, time: number, values: Values): WriteResult => {
    const t5 = time - (time % FIVE_MINUTES);
    if (insertSample.run(id, time, JSON.stringify(values)).changes === 0) {
      const current = get5.get(id, t5) as string | undefined;
      return { stored: false, fiveMinute: primaryRow(t5, current ? JSON.parse(current) : {}) };
    }
    const five = get5.get(id, t5) as string | undefined;
    const aggs5 = foldInto(five ? JSON.parse(five) : {}, values);
    put5.run(id, t5, JSON.stringify(aggs5));
    const td = dayStartFor(time, tz);
    const day = get1d.get(id, td) as string | undefined;
    put1d.run(id, td, JSON.stringify(foldInto(day ? JSON.parse(day) : {}, values)));
    touch.run(time, id, time);
    return { stored: true, fiveMinute: primaryRow(t5, aggs5) };
  });
  return async (device, time, values) => tx(device._id, device.timezone, time, values);
}

function knexWriter(storage: Storage): SampleStore['write'] {
  const { knex } = storage;
  return (device, time, values) =>
    knex.transaction(async (trx) => {
      const t5 = time - (time % FIVE_MINUTES);
      const inserted = await trx('samples')
        .insert({ device: device._id, time, data: JSON.stringify(values) })
        .onConflict(['device', 'time'])
        .ignore()
        .returning('time');
      const fold = async (table: string, bucket: number, apply: boolean) => {
        const row = await trx(table).where({ device: device._id, time: bucket }).forUpdate().first('data');
        const aggs: Aggs = row ? JSON.parse(row.data) : {};
        if (!apply) return aggs;
        foldInto(aggs, values);
        await trx(table)
          .insert({ device: device._id, time: bucket, data: JSON.stringify(aggs) })
          .onConflict(['device', 'time'])
          .merge(['data']);
        return aggs;
      };
      const stored = inserted.length > 0;
      const aggs5 = await fold('buckets5m', t5, stored);
      if (stored) {
        await fold('buckets1d', dayStartFor(time, device.timezone), true);
        await trx('weatherDevices')
          .where({ _id: device._id })
          .andWhere((q) => q.whereNull('lastUpload').orWhere('lastUpload', '<', time))
          .update({ lastUpload: time });
      }
      return { stored, fiveMinute: primaryRow(t5, aggs5) };
    });
}

function knexReads(storage: Storage): Omit<SampleStore, 'write'> {
  const { knex } = storage;
  const num = (v: unknown) => Number(v);
  return {
    async latest(devices) {
      const out = new Map<string, Sample>();
      for (const device of devices) {
        const raw = await knex('samples').where({ device }).orderBy('time', 'desc').first('time', 'data');
        if (raw) {
          out.set(device, { time: num(raw.time), ...JSON.parse(raw.data) });
          continue;
        }
        const b = await knex('buckets5m').where({ device }).orderBy('time', 'desc').first('time', 'data');
        if (b) out.set(device, primaryRow(num(b.time), JSON.parse(b.data)));
      }
      return out;
    },
    async buckets(table, device, from, to) {
      const rows = await knex(table)
        .where({ device })
        .andWhere('time', '>=', from)
        .andWhere('time', '<', to)
        .orderBy('time')
        .select('time', 'data');
      return rows.map((r) => ({ time: num(r.time), aggs: JSON.parse(r.data) }));
    },
    async samples(device, from, to) {
      const rows = await knex('samples')
        .where({ device })
        .andWhere('time', '>=', from)
        .andWhere('time', '<', to)
        .orderBy('time')
        .select('time', 'data');
      return rows.map((r) => ({ time: num(r.time), ...JSON.parse(r.data) }));
    },
    async prune(before) {
      return knex('samples').where('time', '<', before).delete();
    },
  };
}
