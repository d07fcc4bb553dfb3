// The embedded engine's ingest writer. One process owns the SQLite file, so it can keep each device's OPEN
// 5-minute bucket in memory:
//  - every upload inserts its raw sample and folds into the open bucket (in memory) in the ingest transaction;
//  - when a newer bucket starts, the closed one is written and merged into its device-local day, in the
//    transaction of the upload that closed it;
//  - a late upload (older bucket) is folded straight into the stored 5-minute and daily rows;
//  - uploads that arrive together share one transaction (group commit).
// Raw samples are the source of truth for the open bucket: after a restart (or a crash) the first upload of a
// device rebuilds its open bucket and any bucket never closed from the raw samples, so nothing is lost or
// counted twice. Readers lay the open bucket over the stored rows (samples.ts), so answers are always current.
import type BetterSqlite3 from 'better-sqlite3';
import {
  type Aggs,
  type BucketRow,
  dayStartFor,
  FIVE_MINUTES,
  foldInto,
  mergeInto,
  type Values,
  type WriteResult,
} from './buckets';
import { pack, packValues, readValues, unpack } from './packed';

/** `seq`: the device's key in the sample and bucket tables (migration 009). */
type OpenBucket = BucketRow & { day: number; tz: string; seq: number };
interface Job {
  id: string;
  seq: number;
  tz: string;
  time: number;
  values: Values;
  done: (r: WriteResult) => void;
  fail: (e: unknown) => void;
}

const bucketOf = (t: number) => t - (t % FIVE_MINUTES);

export class SqliteWriter {
  private open = new Map<string, OpenBucket>();
  private queue: Job[] = [];
  /** lastUpload is exact in memory (DeviceCache) and persisted every few seconds. */
  private unsaved = new Map<string, number>();
  private savedAt = 0;
  private sql;
  private writeAll;

  constructor(db: BetterSqlite3.Database) {
    const upsert = (table: string) =>
      db.prepare(
        `INSERT INTO ${table} (device, time, data) VALUES (?, ?, ?) ON CONFLICT (device, time) DO UPDATE SET data = excluded.data`,
      );
    this.sql = {
      insertSample: db.prepare(
        'INSERT INTO samples (device, time, data) VALUES (?, ?, ?) ON CONFLICT (device, time) DO NOTHING',
      ),
      samplesBetween: db.prepare(
        'SELECT time, data FROM samples WHERE device = ? AND time >= ? AND time < ? ORDER BY time',
      ),
      get5: db.prepare('SELECT data FROM buckets5m WHERE device = ? AND time = ?').pluck(),
      get1d: db.prepare('SELECT data FROM buckets1d WHERE device = ? AND time = ?').pluck(),
      get1h: db.prepare('SELECT data FROM buckets1h WHERE device = ? AND time = ?').pluck(),
      newest5: db.prepare('SELECT max(time) FROM buckets5m WHERE device = ?').pluck(),
      put5: upsert('buckets5m'),
      put1d: upsert('buckets1d'),
      put1h: upsert('buckets1h'),
      touch: db.prepare(
        'UPDATE weatherDevices SET lastUpload = ? WHERE _id = ? AND (lastUpload IS NULL OR lastUpload < ?)',
      ),
    };
    this.writeAll = db.transaction((jobs: Job[]) => {
      const results = jobs.map((job) => this.apply(job));
      this.persistLastUploads(false);
      return results;
    });
  }

  write(
    device: { _id: string; timezone: string },
    seq: number,
    time: number,
    values: Values,
  ): Promise<WriteResult> {
    return new Promise((done, fail) => {
      if (this.queue.length === 0) setImmediate(() => this.drain());
      this.queue.push({ id: device._id, seq, tz: device.timezone, time, values, done, fail });
    });
  }

  /** The open (not yet stored) 5-minute bucket of a device, for readers. */
  openBucket(device: string): OpenBucket | undefined {
    return this.open.get(device);
  }

  /** Closes every open bucket (shutdown); they are reopened from storage on the next upload. */
  flush(): void {
    this.drain();
    const close = this.sql.put5.database.transaction(() => {
      for (const bucket of this.open.values()) this.close(bucket);
      this.persistLastUploads(true);
    });
    close();
    this.open.clear();
  }

  private drain(): void {
    const jobs = this.queue;
    this.queue = [];
    if (jobs.length === 0) return;
    try {
      const results = this.writeAll(jobs);
      for (let i = 0; i < jobs.length; i++) jobs[i].done(results[i]);
    } catch (error) {
      this.open.clear(); // rolled back: rebuild from storage next time
      for (const job of jobs) job.fail(error);
    }
  }

  private apply({ id, seq, tz, time, values }: Job): WriteResult {
    const t5 = bucketOf(time);
    if (this.sql.insertSample.run(seq, time, packValues(values)).changes === 0) {
      const current = this.open.get(id);
      return { stored: false, fiveMinute: { time: t5, aggs: current?.time === t5 ? current.aggs : {} } };
    }
    this.unsaved.set(id, Math.max(time, this.unsaved.get(id) ?? 0));
    let bucket = this.open.get(id);
    if (!bucket) {
      // First upload since start: the rebuilt bucket already holds this sample (inserted just above).
      const reopened = this.reopen(id, seq, tz, t5);
      if (reopened) return { stored: true, fiveMinute: reopened };
    } else if (bucket.time === t5) {
      foldInto(bucket.aggs, values);
      return { stored: true, fiveMinute: bucket };
    } else if (t5 > bucket.time) {
      this.close(bucket);
      bucket = { time: t5, aggs: foldInto({}, values), day: dayStartFor(t5, tz), tz, seq };
      this.open.set(id, bucket);
      return { stored: true, fiveMinute: bucket };
    }
    return { stored: true, fiveMinute: { time: t5, aggs: this.foldLate(seq, tz, t5, values) } };
  }

  /** Stores a closed bucket and merges it into its hour and its day. */
  private close(bucket: OpenBucket): void {
    const { seq } = bucket;
    this.sql.put5.run(seq, bucket.time, pack(bucket.aggs));
    const hourTime = bucket.time - (bucket.time % 3600);
    const hour = this.sql.get1h.get(seq, hourTime) as Buffer | undefined;
    this.sql.put1h.run(seq, hourTime, pack(mergeInto(hour ? unpack(hour) : {}, bucket.aggs)));
    const day = this.sql.get1d.get(seq, bucket.day) as Buffer | undefined;
    this.sql.put1d.run(seq, bucket.day, pack(mergeInto(day ? unpack(day) : {}, bucket.aggs)));
  }

  /** An upload into an already closed bucket: fold into the stored 5-minute and daily rows. */
  private foldLate(seq: number, tz: string, t5: number, values: Values): Aggs {
    const stored = this.sql.get5.get(seq, t5) as Buffer | undefined;
    const aggs = foldInto(stored ? unpack(stored) : {}, values);
    this.sql.put5.run(seq, t5, pack(aggs));
    const hourTime = t5 - (t5 % 3600);
    const hour = this.sql.get1h.get(seq, hourTime) as Buffer | undefined;
    this.sql.put1h.run(seq, hourTime, pack(foldInto(hour ? unpack(hour) : {}, values, true)));
    const dayTime = dayStartFor(t5, tz);
    const day = this.sql.get1d.get(seq, dayTime) as Buffer | undefined;
    this.sql.put1d.run(seq, dayTime, pack(foldInto(day ? unpack(day) : {}, values, true)));
    return aggs;
  }

  /**
   * First upload of a device since start: buckets after the newest stored one were never closed (the process
   * stopped while they were open). Close those from the raw samples and reopen the current one from them.
   * Returns null when this upload belongs to an already stored (older) bucket.
   */
  private reopen(id: string, seq: number, tz: string, t5: number): OpenBucket | null {
    const newest = this.sql.newest5.get(seq) as number | null;
    if (newest !== null && t5 <= newest) return null;
    const since = newest === null ? 0 : newest + FIVE_MINUTES;
    let current: OpenBucket | null = null;
    for (const row of this.sql.samplesBetween.all(seq, since, t5 + FIVE_MINUTES) as {
      time: number;
      data: Buffer | string;
    }[]) {
      const b = bucketOf(Number(row.time));
      if (current && current.time !== b) this.close(current);
      if (!current || current.time !== b) current = { time: b, aggs: {}, day: dayStartFor(b, tz), tz, seq };
      foldInto(current.aggs, readValues(row.data));
    }
    if (current && current.time === t5) {
      this.open.set(id, current);
      return current;
    }
    if (current) this.close(current);
    return null;
  }

  private persistLastUploads(force: boolean): void {
    const now = Date.now();
    if (!force && now - this.savedAt < 5000) return;
    this.savedAt = now;
    for (const [id, time] of this.unsaved) this.sql.touch.run(time, id, time);
    this.unsaved.clear();
  }
}
