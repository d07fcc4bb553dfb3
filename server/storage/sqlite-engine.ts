// The embedded engine behind engine.ts: writes through SqliteWriter (open buckets in memory, ingest log), reads
// with prepared statements on the connection Knex uses (db.ts). Building a query through Knex cost more than
// reading a year of daily rows, and better-sqlite3 answers synchronously, so reads skip it.
import type BetterSqlite3 from 'better-sqlite3';
import type { EngineOptions, StorageEngine, StoredRow, StoredTable } from './engine';
import { SqliteWriter } from './sqlite-writer';

export function sqliteEngine(db: BetterSqlite3.Database, options: EngineOptions = {}): StorageEngine {
  const writer = new SqliteWriter(db, options.rotateBytes);
  const statements = new Map<string, BetterSqlite3.Statement>();
  const statement = (sql: string) => {
    let prepared = statements.get(sql);
    if (!prepared) {
      prepared = db.prepare(sql);
      statements.set(sql, prepared);
    }
    return prepared;
  };
  const seq = db.prepare('SELECT seq FROM weatherDevices WHERE _id = ?').pluck();
  return {
    lanes: 1,
    writeBatch: async (uploads) => writer.writeBatch(uploads),
    seqOf: async (device) => (seq.get(device) as number | null | undefined) ?? undefined,
    range: async (table: StoredTable, device: number, from: number, to: number) =>
      statement(
        `SELECT time, data FROM ${table} WHERE device = ? AND time >= ? AND time < ? ORDER BY time`,
      ).all(device, from, to) as StoredRow[],
    newest: async (table: StoredTable, device: number) =>
      statement(`SELECT time, data FROM ${table} WHERE device = ? ORDER BY time DESC LIMIT 1`).get(device) as
        | StoredRow
        | undefined,
    prune: async (before) => {
      // Device by device on the (device, time) key: one statement over `time` alone would scan every sample.
      const remove = statement('DELETE FROM samples WHERE device = ? AND time < ?');
      let removed = 0;
      for (const seq of statement('SELECT seq FROM weatherDevices').pluck().all() as number[])
        removed += remove.run(seq, before).changes;
      return removed;
    },
    maintain: async () => {},
    openBucket: (device) => writer.openBucket(device),
    waiting: (device) => writer.waiting(device),
    closeBuckets: async () => writer.closeBuckets(),
    close: () => writer.closeLog(),
  };
}
