// `npm run backup -- <file>`: a consistent backup of a portal, running or stopped, into one .tar.gz (format:
// backup-format.ts), with the same DATA_DIR and DATABASE_URL as the portal.
//  - SQLite: the ingest log is copied first, then SQLite's online backup API copies the database in one step
//    (one read transaction: a snapshot; the running portal keeps writing meanwhile). An upload acknowledged before
//    the backup started is in one or the other: it is logged before it is acknowledged, and leaves the log only
//    after it is committed to the database, so whatever left the log before the copy of the log is in the snapshot.
//  - PostgreSQL: pg_dump of the portal's schema (one transaction: a snapshot); uploads are committed before they
//    are acknowledged.
//  - Then DATA_DIR (minus the database's own files): the JWT secret, VAPID keys, uploads, the mail outbox and
//    whatever else is kept there, so a file the database names is there.
// The archive is written beside its final name and renamed when complete: a failed backup leaves nothing behind
// and never replaces a good one.
import { existsSync, lstatSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { storagePaths } from '../config';
import { VERSION } from '../version';
import {
  DATA_PREFIX,
  FORMAT,
  INGEST_LOG_ENTRY,
  isPg,
  MANIFEST,
  type Manifest,
  PG_ENTRY,
  SQLITE_ENTRY,
  skippedInDataDir,
  sqliteFiles,
  sqlitePath,
} from './backup-format';
import { dumpSchema, pgTarget } from './pg-dump';
import { TarWriter } from './tar';

export interface BackupOptions {
  dataDir: string;
  database: string;
  file: string;
  log?: (line: string) => void;
}

export interface BackupResult {
  manifest: Manifest;
  bytes: number;
}

/** SQLite's online backup of a database another process may be writing, into `copy`; its migrations. */
async function sqliteSnapshot(db: string, copy: string): Promise<string[]> {
  const source = new Database(db, { readonly: true, fileMustExist: true });
  try {
    source.pragma('busy_timeout = 10000');
    // After the first step, everything left in one step: a single read transaction, so a busy writer cannot
    // make the copy start over forever (and the copy is one consistent snapshot).
    await source.backup(copy, { progress: ({ totalPages }) => totalPages + 1 });
  } finally {
    source.close();
  }
  const check = new Database(copy, { readonly: true });
  try {
    const ok = check.pragma('quick_check', { simple: true });
    if (ok !== 'ok') throw new Error(`The copy of the database failed its check: ${ok}`);
    const hasTable = check
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'knex_migrations'")
      .get();
    return hasTable
      ? (check.prepare('SELECT name FROM knex_migrations ORDER BY name').pluck().all() as string[])
      : [];
  } finally {
    check.close();
  }
}

async function pgMigrations(database: string): Promise<string[]> {
  const target = pgTarget(database);
  const client = new pg.Client({ connectionString: target.connection });
  await client.connect();
  try {
    const table = await client.query('SELECT 1 FROM pg_tables WHERE schemaname = $1 AND tablename = $2', [
      target.schema,
      'knex_migrations',
    ]);
    if (!table.rowCount) return [];
    const rows = await client.query(`SELECT name FROM "${target.schema}".knex_migrations ORDER BY name`);
    return rows.rows.map((r: { name: string }) => r.name);
  } finally {
    await client.end();
  }
}

/** Files and folders of DATA_DIR to archive (relative paths, folders before their contents). */
function dataDirEntries(
  dataDir: string,
  exclude: Set<string>,
): { path: string; rel: string; dir: boolean }[] {
  const out: { path: string; rel: string; dir: boolean }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const rel = relative(dataDir, path).split('\\').join('/');
      if (exclude.has(path) || skippedInDataDir(rel)) continue;
      const stat = lstatSync(path);
      if (stat.isDirectory()) {
        out.push({ path, rel, dir: true });
        walk(path);
      } else if (stat.isFile()) out.push({ path, rel, dir: false });
      // Sockets, links and devices are not data: left out.
    }
  };
  if (existsSync(dataDir)) walk(dataDir);
  return out;
}

export async function backup({
  dataDir,
  database,
  file,
  log = () => {},
}: BackupOptions): Promise<BackupResult> {
  const target = resolve(file);
  const partial = `${target}.partial`;
  const snapshot = `${target}.database.partial`;
  const pgBackup = isPg(database);
  if (!pgBackup && (database === ':memory:' || database === ''))
    throw new Error('The database is in memory: there is nothing on disk to back up');
  const db = pgBackup ? null : sqlitePath(database);
  if (db && !existsSync(db))
    throw new Error(`No database at ${db}: set DATA_DIR (and DATABASE_URL) as the portal has them`);
  const exclude = new Set([target, partial, snapshot, ...(db ? sqliteFiles(db).files : [])]);
  try {
    let ingestLog: Buffer | null = null;
    let migrations: string[];
    let schema: string | undefined;
    if (db) {
      // First the log, then the snapshot (see the top of this file for why this order loses nothing).
      const logFile = sqliteFiles(db).ingestLog;
      ingestLog = existsSync(logFile) ? readFileSync(logFile) : null;
      log(`Copying the SQLite database ${db} (online backup)…`);
      migrations = await sqliteSnapshot(db, snapshot);
    } else {
      const pgDb = pgTarget(database);
      schema = pgDb.schema;
      migrations = await pgMigrations(database);
      log(`Dumping the PostgreSQL schema ${schema} (pg_dump)…`);
      await dumpSchema(pgDb, snapshot);
    }
    const entries = dataDirEntries(dataDir, exclude);
    const manifest: Manifest = {
      format: FORMAT,
      version: VERSION,
      createdAt: new Date().toISOString(),
      engine: db ? 'sqlite' : 'pg',
      migrations,
      ...(schema ? { schema } : {}),
      files: entries.length,
    };
    const tar = new TarWriter(partial);
    await tar.buffer(MANIFEST, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await tar.file(db ? SQLITE_ENTRY : PG_ENTRY, snapshot, statSync(snapshot).size, 0o600);
    if (ingestLog) await tar.buffer(INGEST_LOG_ENTRY, ingestLog, 0o600);
    log(`Adding ${entries.length} files and folders of ${dataDir}…`);
    for (const entry of entries) {
      let stat: import('node:fs').Stats;
      try {
        stat = statSync(entry.path);
      } catch {
        continue; // removed meanwhile (a mail sent from the outbox, an expired temporary file)
      }
      if (entry.dir) await tar.directory(DATA_PREFIX + entry.rel, stat.mode, stat.mtimeMs / 1000);
      else await tar.file(DATA_PREFIX + entry.rel, entry.path, stat.size, stat.mode, stat.mtimeMs / 1000);
    }
    await tar.finish();
    renameSync(partial, target);
    return { manifest, bytes: statSync(target).size };
  } finally {
    rmSync(partial, { force: true });
    rmSync(snapshot, { force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const file = process.argv[2];
  if (!file || file.startsWith('-')) {
    console.error('Usage: npm run backup -- <file.tar.gz>   (DATA_DIR and DATABASE_URL as for npm start)');
    process.exit(2);
  }
  const { dataDir, database } = storagePaths();
  if (!existsSync(dirname(resolve(file)))) {
    console.error(`The folder ${dirname(resolve(file))} does not exist`);
    process.exit(1);
  }
  try {
    const started = Date.now();
    const { manifest, bytes } = await backup({ dataDir, database, file, log: (l) => console.log(l) });
    console.log(
      `Backup written to ${resolve(file)} (${(bytes / 1024 / 1024).toFixed(1)} MB, ${manifest.engine === 'pg' ? 'PostgreSQL' : 'SQLite'}, ` +
        `portal ${manifest.version}, ${manifest.files} files, ${((Date.now() - started) / 1000).toFixed(1)} s).`,
    );
  } catch (error) {
    console.error(`Backup failed: ${(error as Error)?.message ?? error}`);
    process.exit(1);
  }
}
