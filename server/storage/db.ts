// One Knex instance for both engines. SQLite (better-sqlite3, WAL) is the embedded default; PostgreSQL scales.
// The engine is chosen here, once, from the database address; the sample store gets it as a StorageEngine
// (engine.ts) and other code asks `storage.engine` or engineOf(knex), never Knex's internals.
import type BetterSqlite3 from 'better-sqlite3';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import type { EngineOptions, StorageEngine } from './engine';
import { pgEngine } from './pg-engine';
import { type PoolStats, trackPool } from './pool-stats';
import { sqliteEngine } from './sqlite-engine';

export type EngineName = 'sqlite' | 'pg';

export interface Storage {
  knex: Knex;
  engine: EngineName;
  /**
   * The sample engine over this database. Call it after migrating (it prepares statements on the tables), and
   * once per storage: on SQLite the engine holds the open buckets and the ingest log of the file.
   */
  openEngine(options?: EngineOptions): StorageEngine;
  /** Connections of the pool in use, free and waited for (PostgreSQL; SQLite has one connection, no pool). */
  pool: (() => PoolStats) | null;
  /**
   * PostgreSQL: a new connection of its own, outside the pool (for session state such as advisory locks, which
   * must stay on one connection); the caller ends it. Null on SQLite.
   */
  ownConnection: (() => Promise<pg.Client>) | null;
  close(): Promise<void>;
}

/**
 * Which engine a Knex instance (or a transaction of it, or the one a migration gets) talks to. openStorage tells
 * it through Knex's public `userParams`, which its transactions and migrations inherit.
 */
export function engineOf(knex: Knex): EngineName {
  const engine = knex.userParams?.engine;
  if (engine === 'sqlite' || engine === 'pg') return engine;
  throw new Error('This Knex instance was not opened by openStorage');
}

const PG_POOL_SIZE = 10;

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
      max: PG_POOL_SIZE,
      afterCreate: (
        conn: { query(sql: string, cb: (e: Error | null) => void): void },
        done: (e: Error | null, c: unknown) => void,
      ) =>
        schema ? conn.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`, (e) => done(e, conn)) : done(null, conn),
    },
  };
}

async function openPg(database: string): Promise<Storage> {
  const settings = pgSettings(database);
  const knex = knexFactory(settings);
  knex.userParams = { engine: 'pg' };
  return {
    knex,
    engine: 'pg',
    openEngine: () => pgEngine(knex),
    pool: trackPool(knex, PG_POOL_SIZE),
    ownConnection: async () => {
      const client = new pg.Client({ connectionString: String(settings.connection) });
      await client.connect();
      const schema = (settings.searchPath as string[] | undefined)?.[0];
      if (schema) await client.query(`SET search_path TO ${schema}`);
      return client;
    },
    close: () => knex.destroy(),
  };
}

/**
 * SQLite: Knex's pool holds the one connection (':memory:' databases are per connection, and SQLite has one
 * writer anyway). The sample engine runs prepared statements on that same connection, synchronously, which is
 * several times faster than Knex's async query builder; it gets the connection from the pool's public
 * `afterCreate` hook. Sharing it (rather than opening a second one) keeps ':memory:' working and means the
 * engine's writes never wait on a lock held by a Knex query.
 */
async function openSqlite(database: string): Promise<Storage> {
  let connection: BetterSqlite3.Database | null = null;
  const knex = knexFactory({
    client: 'better-sqlite3',
    connection: { filename: database },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      idleTimeoutMillis: Number.MAX_SAFE_INTEGER, // never closed while idle: the engine holds it
      afterCreate: (conn: BetterSqlite3.Database, done: (e: Error | null, c: unknown) => void) => {
        // A second connection would be another database for ':memory:' and would strand the engine's statements.
        if (connection) return done(new Error('The SQLite connection was replaced'), conn);
        conn.pragma('journal_mode = WAL');
        conn.pragma('synchronous = NORMAL');
        conn.pragma('foreign_keys = ON');
        conn.pragma('busy_timeout = 5000');
        conn.pragma('cache_size = -65536'); // 64 MiB: the buckets of many stations stay in memory
        conn.pragma('temp_store = MEMORY');
        conn.pragma('wal_autocheckpoint = 10000'); // checkpoint every ~40 MB of WAL, not every 4 MB
        connection = conn;
        done(null, conn);
      },
    },
  });
  knex.userParams = { engine: 'sqlite' };
  await knex.raw('SELECT 1'); // the pool opens its connection (afterCreate above)
  const sqlite = connection as BetterSqlite3.Database | null;
  if (!sqlite) throw new Error('The SQLite connection did not open');
  // The one connection, for code that runs prepared statements in a Knex transaction (server/import/bulk.ts): the
  // transaction holds this same connection, and inherits userParams.
  knex.userParams = { engine: 'sqlite', sqlite };
  const engines: StorageEngine[] = [];
  return {
    knex,
    engine: 'sqlite',
    pool: null,
    ownConnection: null,
    openEngine(options) {
      const engine = sqliteEngine(sqlite, options);
      engines.push(engine);
      return engine;
    },
    close: async () => {
      for (const engine of engines) engine.close();
      await knex.destroy();
    },
  };
}

export function openStorage(database: string): Promise<Storage> {
  return /^postgres(ql)?:\/\//.test(database) ? openPg(database) : openSqlite(database);
}

/** A unique constraint refused the row (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
