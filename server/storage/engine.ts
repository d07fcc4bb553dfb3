// The one interface between the sample store (samples.ts) and a database engine. db.ts picks the implementation
// once, from the database it was opened with; nothing else asks which engine runs.
//
// - PostgreSQL (pg-engine.ts, pg-writer.ts): every bucket is stored as soon as an upload folds into it, since
//   several server processes may write the same station; a batch is three statements in one transaction.
// - SQLite (sqlite-engine.ts, sqlite-writer.ts): one process owns the file, so each station's OPEN 5-minute
//   bucket is held in memory and stored when the next one starts. Its raw samples wait beside it and go to the
//   ingest log (sample-log.ts), an append-only file written once per batch, and reach the samples table in
//   bulk, a device's rows together, when the bucket closes. Inserting each upload into the (device, time) index
//   touches a different page each time: with 1,000 stations and 600,000 samples stored, the sample store took
//   44 µs per upload when every batch's raw samples went to the table and 13 µs with the log. The log is what
//   makes holding them in memory safe: after a crash it is replayed into the table before anything else, so an
//   acknowledged upload is never lost. Readers lay the open bucket and the waiting samples over the stored rows
//   (samples.ts), so answers are current. PostgreSQL has no such log: its processes share the tables.
import type { Aggs, Upload, WriteResult } from './buckets';

export type BucketTable = 'buckets5m' | 'buckets1h' | 'buckets1d';
export type StoredTable = 'samples' | BucketTable;

/** A stored row: bucket records are binary; raw samples are binary (SQLite) or JSON text (PostgreSQL). */
export interface StoredRow {
  time: number;
  data: Buffer;
}

/** A 5-minute bucket not yet stored, with the device-local day it belongs to. */
export interface OpenBucket {
  time: number;
  day: number;
  aggs: Aggs;
}

export interface StorageEngine {
  /** Batches written at once, each for its own devices (group-commit.ts): 1 on SQLite. */
  readonly lanes: number;
  /** Uploads that arrived together, in one transaction (group-commit.ts queues them); answers in their order. */
  writeBatch(uploads: Upload[]): Promise<WriteResult[]>;
  /** A device's key in the sample and bucket tables (migration 009); undefined for an unknown device. */
  seqOf(device: string): Promise<number | undefined>;
  /** Stored rows of one device in [from, to), oldest first. */
  range(table: StoredTable, seq: number, from: number, to: number): Promise<StoredRow[]>;
  /** The newest stored row of one device. */
  newest(table: StoredTable, seq: number): Promise<StoredRow | undefined>;
  /** The device's 5-minute bucket held open in memory; undefined where every bucket is stored at once. */
  openBucket(device: string): OpenBucket | undefined;
  /** The device's raw samples accepted but not yet in the samples table (they wait beside its open bucket). */
  waiting(device: string): StoredRow[];
  /** Removes raw samples older than `before` (unix s); answers how many. */
  prune(before: number): Promise<number>;
  /** Periodic upkeep (PostgreSQL: partitions created ahead, partitions.ts); run by one process of a cluster. */
  maintain(now: number): Promise<void>;
  /** Stores every open bucket (a clean stop); the next upload of a device reopens its bucket from storage. */
  closeBuckets(): Promise<void>;
  /** Releases what the engine holds besides the database connection (the ingest log's file). */
  close(): void;
}

export interface EngineOptions {
  /** The SQLite ingest log's rotation size (tests make it small). */
  rotateBytes?: number;
}
