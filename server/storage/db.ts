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

export async function openStorage(database: string): Promise<Storage> {
  const pg = /^postgres(ql)?:\/\//.test(database);
  const knex = knexFactory(
    pg
      ? { client: 'pg', connection: database, pool: { min: 1, max: 10 } }
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
  }
  return {
    knex,
    engine: pg ? 'pg' : 'sqlite',
    sqlite,
    close: () => knex.destroy(),
  };
}
