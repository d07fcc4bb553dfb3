// The embedded engine's ingest writer. One process owns the SQLite file, so it can keep each device's OPEN
// 5-minute bucket in memory:
//  - every upload folds into the open bucket (in memory); its raw sample goes to the ingest log (sample-log.ts,
//    one write per group commit) and waits beside the bucket;
//  - when a newer bucket starts, the closed one is written with its raw samples and merged into its hour and
//    device-local day, in the transaction of the upload that closed it;
//  - a late upload (older bucket) is inserted and folded straight into the stored 5-minute, hour and day rows;
//  - uploads that arrive together share one transaction (group commit, group-commit.ts);
//  - the log is rotated (waiting raw samples stored, log emptied) when it grows past a few megabytes.
// Raw samples are the source of truth for the open bucket: after a restart (or a crash) the log is replayed into
// the samples table, and the first upload of a device rebuilds its open bucket and any bucket never closed from
// the raw samples, so nothing is lost or counted twice. Readers lay the open bucket and the waiting raw samples
// over the stored rows (samples.ts), so answers are always current. sqlite-engine.ts puts it behind engine.ts.
import type BetterSqlite3 from 'better-sqlite3';
import {
  type Aggs,
  type BucketRow,
  batchAnswers,
  dayStartFor,
  FIVE_MINUTES,
  foldInto,
  mergeInto,
  type Upload,
  type Values,
  type WriteResult,
} from './buckets';
import { pack, packValues, readValues, unpack } from './packed';
import { fileLog, type LoggedSample, memoryLog, RecordBuffer, type SampleLog } from './sample-log';

/**
 * `seq`: the device's key in the sample and bucket tables (migration 009). `stored`: times of its samples already
 * in the table (rebuilt from it after a restart); `waiting`: its raw samples not yet there. A retransmission is
 * recognised in either without reading the table.
 */
type OpenBucket = BucketRow & {
  day: number;
  tz: string;
  seq: number;
  stored: number[];
  waiting: RecordBuffer;
};

const bucketOf = (t: number) => t - (t % FIVE_MINUTES);
/** Log size at which waiting raw samples are stored and the log emptied (a replay stays short). */
const ROTATE_BYTES = 8 * 1024 * 1024;

export class SqliteWriter {
  private open = new Map<string, OpenBucket>();
  /** Raw samples of the current group commit, logged once it is committed. */
  private logging = new RecordBuffer();
  /** lastUpload is exact in memory (DeviceCache) and persisted every few seconds. */
  private unsaved = new Map<string, number>();
  private savedAt = 0;
  private sql;
  private writeAll;
  private log: SampleLog;
  private closed = false;

  constructor(
    private db: BetterSqlite3.Database,
    private rotateBytes = ROTATE_BYTES,
  ) {
    // Rows of a deleted device are skipped, not an error: its bucket may still have been open.
    const guarded = (table: string, conflict: string) => {
      const statement = db.prepare(
        `INSERT INTO ${table} (device, time, data) SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM weatherDevices WHERE seq = ?) ON CONFLICT (device, time) ${conflict}`,
      );
      return { run: (seq: number, time: number, data: Buffer) => statement.run(seq, time, data, seq) };
    };
    const upsert = (table: string) => guarded(table, 'DO UPDATE SET data = excluded.data');
    this.sql = {
      insertSample: guarded('samples', 'DO NOTHING'),
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
    this.writeAll = db.transaction((jobs: Upload[]) => {
      const results = batchAnswers(jobs, (job) => this.apply(job));
      this.persistLastUploads(false);
      return results;
    });
    this.log = db.memory ? memoryLog() : fileLog(`${db.name}.ingest-log`);
    this.recover();
  }

  /** Writes a batch in one transaction; it is answered only once its raw samples are in the log too. */
  writeBatch(uploads: Upload[]): WriteResult[] {
    let results: WriteResult[];
    try {
      results = this.writeAll(uploads);
      this.log.append(this.logging.bytes());
      this.logging.clear();
    } catch (error) {
      this.recover(); // rolled back (or not logged): rebuild from storage next time
      throw error;
    }
    if (this.log.size() > this.rotateBytes) {
      try {
        this.rotate();
      } catch {
        this.recover(); // the batch is committed and logged: the log's replay stores what rotate() did not
      }
    }
    return results;
  }

  /** The open (not yet stored) 5-minute bucket of a device, for readers. */
  openBucket(device: string): (BucketRow & { day: number }) | undefined {
    return this.open.get(device);
  }

  /** Raw samples of a device not yet in the samples table (they wait beside its open bucket). */
  waiting(device: string): LoggedSample[] {
    return this.open.get(device)?.waiting.records() ?? [];
  }

  /** Closes every open bucket (shutdown); they are reopened from storage on the next upload. */
  closeBuckets(): void {
    this.db.transaction(() => {
      for (const bucket of this.open.values()) this.close(bucket);
      this.persistLastUploads(true);
    })();
    this.open.clear();
    this.log.truncate();
  }

  /** Closes the log file; buckets still open are rebuilt from the log and the table on the next start. */
  closeLog(): void {
    if (this.closed) return;
    this.closed = true;
    this.log.close();
  }

  /** Stores every waiting raw sample and empties the log (the open buckets stay open). */
  private rotate(): void {
    this.db.transaction(() => {
      for (const bucket of this.open.values()) this.storeWaiting(bucket);
    })();
    this.log.truncate();
  }

  /** The log into the table, then a clean slate: buckets are rebuilt from the raw samples when next needed. */
  private recover(): void {
    this.logging.clear();
    this.open.clear();
    const logged = this.log.read();
    this.db.transaction(() => {
      for (const s of logged) this.sql.insertSample.run(s.seq, s.time, s.data);
    })();
    this.log.truncate();
  }

  private apply({ id, seq, tz, time, values }: Upload): WriteResult {
    const t5 = bucketOf(time);
    let bucket = this.open.get(id);
    if (bucket && t5 >= bucket.time) {
      if (t5 === bucket.time && (bucket.waiting.has(time) || bucket.stored.includes(time)))
        return { stored: false, fiveMinute: { time: t5, aggs: bucket.aggs } };
      if (t5 > bucket.time) {
        this.close(bucket);
        bucket = {
          time: t5,
          aggs: {},
          day: dayStartFor(t5, tz),
          tz,
          seq,
          stored: [],
          // Emptied by close(); its memory is kept for the next bucket (fresh buffers kept the GC busy).
          waiting: bucket.waiting,
        };
        this.open.set(id, bucket);
      }
      foldInto(bucket.aggs, values);
      const data = packValues(values);
      bucket.waiting.add(seq, time, data);
      this.logging.add(seq, time, data);
      this.noteUpload(id, time);
      return { stored: true, fiveMinute: bucket };
    }
    // First upload since start, or a late one: straight into the table.
    if (this.sql.insertSample.run(seq, time, packValues(values)).changes === 0)
      return { stored: false, fiveMinute: { time: t5, aggs: bucket?.time === t5 ? bucket.aggs : {} } };
    this.noteUpload(id, time);
    if (!bucket) {
      // The rebuilt bucket already holds this sample (inserted just above).
      const reopened = this.reopen(id, seq, tz, t5);
      if (reopened) return { stored: true, fiveMinute: reopened };
    }
    return { stored: true, fiveMinute: { time: t5, aggs: this.foldLate(seq, tz, t5, values) } };
  }

  private noteUpload(id: string, time: number): void {
    this.unsaved.set(id, Math.max(time, this.unsaved.get(id) ?? 0));
  }

  private storeWaiting(bucket: OpenBucket): void {
    bucket.waiting.forEach((seq, time, data) => {
      this.sql.insertSample.run(seq, time, data);
      bucket.stored.push(time);
    });
    bucket.waiting.clear();
  }

  /** Stores a closed bucket and merges it into its hour and its day. */
  private close(bucket: OpenBucket): void {
    this.storeWaiting(bucket);
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
      const time = Number(row.time);
      const b = bucketOf(time);
      if (current && current.time !== b) this.close(current);
      if (!current || current.time !== b)
        current = {
          time: b,
          aggs: {},
          day: dayStartFor(b, tz),
          tz,
          seq,
          stored: [],
          waiting: new RecordBuffer(),
        };
      foldInto(current.aggs, readValues(row.data));
      current.stored.push(time);
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
