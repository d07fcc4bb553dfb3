// What a backup archive holds (one .tar.gz, see tar.ts), shared by backup.ts and restore.ts:
//   backup.json              the manifest below (always first)
//   database/portal.db       SQLite: an online backup of the database file, or
//   database/portal.pg.sql   PostgreSQL: pg_dump of the portal's schema (plain SQL)
//   database/ingest-log      SQLite: uploads acknowledged but not yet in the samples table (replayed at start)
//   data/…                   everything else in DATA_DIR: the JWT secret, VAPID keys, uploads, the mail outbox…
import { basename, resolve } from 'node:path';

export const FORMAT = 1;
export const MANIFEST = 'backup.json';
export const SQLITE_ENTRY = 'database/portal.db';
export const PG_ENTRY = 'database/portal.pg.sql';
export const INGEST_LOG_ENTRY = 'database/ingest-log';
export const DATA_PREFIX = 'data/';

export interface Manifest {
  format: typeof FORMAT;
  /** The portal version that made the backup. */
  version: string;
  createdAt: string;
  engine: 'sqlite' | 'pg';
  /** The database's migrations when it was backed up (restore refuses one made by a newer version). */
  migrations: string[];
  /** PostgreSQL: the schema the dump was taken from. */
  schema?: string;
  /** Files and folders of DATA_DIR in the archive. */
  files: number;
}

export const isPg = (database: string) => /^postgres(ql)?:\/\//.test(database);

/** The SQLite database file of a DATABASE_URL (a path, or `file:` URL). */
export function sqlitePath(database: string): string {
  return resolve(database.replace(/^file:(\/\/)?/, ''));
}

/** The files SQLite keeps for a database (the file, its WAL, shared memory, journal) and our ingest log. */
export function sqliteFiles(db: string): { files: Set<string>; ingestLog: string } {
  const ingestLog = `${db}.ingest-log`;
  return { files: new Set([db, `${db}-wal`, `${db}-shm`, `${db}-journal`, ingestLog]), ingestLog };
}

/** Folders of DATA_DIR never backed up: uploads being received (half-written files). */
export function skippedInDataDir(relative: string): boolean {
  return (
    relative === 'uploads/.tmp' || relative.startsWith('uploads/.tmp/') || basename(relative) === 'lost+found'
  );
}
