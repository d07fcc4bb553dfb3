// Bulk writes of bucket rows (device, time, packed data) for the import, a thousand rows per statement.
//
// Why not Knex on SQLite: Knex's better-sqlite3 client prepares every query anew, and a prepared statement's
// compiled program lives in native memory until V8 collects its small JS wrapper. A 1,000-row VALUES statement
// compiles to ~0.35 MB; the JS heap of an import stays small, so V8 seldom collects, and a 5-year import (~600
// such statements) grew the process's RSS by 200+ MB (issue 25, bench/memprobe.ts). Here each statement text is
// prepared once per connection and run again with new values, so memory does not grow with the file's length.
// The connection is the storage's one SQLite connection (server/storage/db.ts hands it on through Knex's public
// userParams; the pool has that one connection, so a transaction runs on it too); PostgreSQL's client keeps no
// prepared statement, so it takes the same SQL through Knex.
import type { Knex } from 'knex';
import { engineOf } from '../storage/db';

export interface BucketRow {
  device: number;
  time: number;
  data: Buffer;
}

interface Statement {
  run(values: unknown[]): unknown;
}
interface SqliteConnection {
  prepare(sql: string): Statement;
}

const PER_STATEMENT = 1000;
const cache = new WeakMap<SqliteConnection, Map<string, Statement>>();

const sqlOf = (table: string, rows: number, upsert: boolean) =>
  `INSERT INTO ${table} (device, time, data) VALUES ${Array.from({ length: rows }, () => '(?, ?, ?)').join(', ')}${upsert ? ' ON CONFLICT (device, time) DO UPDATE SET data = excluded.data' : ''}`;

function prepared(conn: SqliteConnection, sql: string): Statement {
  let own = cache.get(conn);
  if (!own) {
    own = new Map();
    cache.set(conn, own);
  }
  let statement = own.get(sql);
  if (!statement) {
    statement = conn.prepare(sql);
    own.set(sql, statement);
  }
  return statement;
}

export const isSqlite = (knex: Knex) => engineOf(knex) === 'sqlite';

/**
 * Writes rows into a bucket table (`upsert`: a row already there takes the new data). Must run in a transaction
 * on SQLite (the import's chunks and rollbacks all do), so the connection is the transaction's.
 */
export async function writeBuckets(
  trx: Knex,
  table: string,
  rows: BucketRow[],
  upsert = true,
): Promise<void> {
  if (rows.length === 0) return;
  if (isSqlite(trx)) {
    if (!(trx as Knex.Transaction).isTransaction) throw new Error('writeBuckets runs in a transaction');
    const conn = (trx.userParams as { sqlite?: SqliteConnection }).sqlite;
    if (!conn) throw new Error('writeBuckets needs the storage’s SQLite connection (openStorage)');
    const whole = prepared(conn, sqlOf(table, PER_STATEMENT, upsert));
    const one = prepared(conn, sqlOf(table, 1, upsert));
    const values: unknown[] = new Array(PER_STATEMENT * 3);
    let i = 0;
    for (; i + PER_STATEMENT <= rows.length; i += PER_STATEMENT) {
      for (let j = 0; j < PER_STATEMENT; j++) {
        const r = rows[i + j];
        values[j * 3] = r.device;
        values[j * 3 + 1] = r.time;
        values[j * 3 + 2] = r.data;
      }
      whole.run(values);
    }
    // The rest one by one: a statement per remainder size would be prepared anew at every chunk.
    for (; i < rows.length; i++) one.run([rows[i].device, rows[i].time, rows[i].data]);
    return;
  }
  for (let i = 0; i < rows.length; i += PER_STATEMENT) {
    const part = rows.slice(i, i + PER_STATEMENT);
    const values: (number | Buffer)[] = [];
    for (const r of part) values.push(r.device, r.time, r.data);
    await trx.raw(sqlOf(table, part.length, upsert), values);
  }
}
