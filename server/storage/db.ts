// One Knex instance for both engines. SQLite (better-sqlite3, WAL) is the embedded default; PostgreSQL scales.
// For SQLite we also keep the raw better-sqlite3 handle: the ingest hot path runs prepared statements on it
// synchronously, which is several times faster than going through Knex's async query builder.
import type BetterSqlite3 from 'better-sqlite3';
import knexFactory, { type Knex } from 'knex';

export interface Storage {
  knex: Knex;
  engine: 'sqlite' | 'pg';
  /** The raw SQLite connection (same one Knex uses), null on PostgreSQL. */
  sqlite: BetterSqlite3.Database | null;
  close(): Promise<void>;
}

/** `postgres://…?schema=name` keeps the tables in their own schema (created if missing): tests use one each. */
function pgSettings(database: string): Knex.Config {
  const url = new URL(database);
  const schema = url.searchParams.get('schema');
  url.searchParams.delete('schema');
  if (schema && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`Invalid schema name ${schema}`);
  return {
    client: 'pg',
    connection: url.toString(),
    searchPath: schema ? [schema] : undefined,
    pool: {
      min: 1,
      max: 10,
      afterCreate: (
        conn: { query(sql: string, cb: (e: Error | null) => void): void },
        done: (e: Error | null, c: unknown) => void,
      ) =>
        schema ? conn.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`, (e) => done(e, conn)) : done(null, conn),
    },
  };
}

export async function openStorage(database: string): Promise<Storage> {
  const pg = /^postgres(ql)?:\/\//.test(database);
  const knex = knexFactory(
    pg
      ? pgSettings(database)
      : {
          client: 'better-sqlite3',
          connection: { filename: database },
          useNullAsDefault: true,
          // One connection: ':memory:' databases are per connection, and SQLite has one writer anyway.
          pool: { min: 1, max: 1, idleTimeoutMillis: Number.MAX_SAFE_INTEGER },
        },
  );
  let sqlite: BetterSqlite3.Database | null = null;
  if (!pg) {
    const conn = (await knex.client.acquireConnection()) as BetterSqlite3.Database;
    await knex.client.releaseConnection(conn);
    sqlite = conn;
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('cache_size = -65536'); // 64 MiB: the buckets of many stations stay in memory
    sqlite.pragma('temp_store = MEMORY');
    sqlite.pragma('wal_autocheckpoint = 10000'); // checkpoint every ~40 MB of WAL, not every 4 MB
  }
  return {
    knex,
    engine: pg ? 'pg' : 'sqlite',
    sqlite,
    close: () => knex.destroy(),
  };
}

/** A unique constraint refused the row (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
