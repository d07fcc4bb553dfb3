// `npm run restore -- <file>`: puts a backup (backup.ts) back into an EMPTY DATA_DIR and database (a SQLite file
// not there yet, or a PostgreSQL schema without tables), with the same DATA_DIR and DATABASE_URL the portal will
// use; then `npm start` runs the portal on it (migrations bring an older backup up to date). Anything already
// there is refused before a byte is written: a restore never mixes two portals' data. A backup made by a newer
// version of the portal (a migration this one does not know) is refused too.
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { storagePaths } from '../config';
import { MIGRATION_NAMES } from '../storage/migrate';
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
  sqliteFiles,
  sqlitePath,
} from './backup-format';
import { loadDump, pgTarget, schemaContents } from './pg-dump';
import { readTar } from './tar';

export interface RestoreOptions {
  dataDir: string;
  database: string;
  file: string;
  log?: (line: string) => void;
}

/** A refusal that changed nothing (the command says so and exits 1). */
export class RestoreRefused extends Error {}

/** What stops a restore into this DATA_DIR and database, checked before anything is written. */
async function refusals(dataDir: string, database: string): Promise<string[]> {
  const out: string[] = [];
  const present = existsSync(dataDir) ? readdirSync(dataDir).filter((n) => n !== 'lost+found') : [];
  if (present.length > 0)
    out.push(
      `DATA_DIR ${dataDir} is not empty (${present.slice(0, 5).join(', ')}${present.length > 5 ? ', …' : ''}): ` +
        'restore into an empty folder (move the old one aside first)',
    );
  if (isPg(database)) {
    const target = pgTarget(database);
    const { relations } = await schemaContents(target);
    if (relations > 0)
      out.push(
        `The PostgreSQL schema ${target.schema} already holds ${relations} tables and sequences: restore into an ` +
          'empty database or schema (DATABASE_URL …?schema=<new name>)',
      );
  } else {
    const db = sqlitePath(database);
    const there = [...sqliteFiles(db).files].filter((f) => existsSync(f));
    if (there.length > 0) out.push(`The database file ${there[0]} exists: restore into a new DATABASE_URL`);
  }
  return out;
}

async function writeStream(path: string, contents: AsyncIterable<Buffer>, mode: number): Promise<void> {
  mkdirSync(dirname(path), { recursive: true });
  const out = createWriteStream(path, { mode: mode & 0o777 || 0o600 });
  for await (const piece of contents) if (!out.write(piece)) await once(out, 'drain');
  out.end();
  await once(out, 'close');
}

export async function restore({
  dataDir,
  database,
  file,
  log = () => {},
}: RestoreOptions): Promise<Manifest> {
  const source = resolve(file);
  if (!existsSync(source)) throw new RestoreRefused(`No backup at ${source}`);
  const root = resolve(dataDir);
  const pgRestore = isPg(database);
  if (!pgRestore && (database === ':memory:' || database === ''))
    throw new RestoreRefused('DATABASE_URL names an in-memory database: restore needs a file or PostgreSQL');
  const db = pgRestore ? null : sqlitePath(database);
  const problems = await refusals(root, database);
  if (problems.length > 0) throw new RestoreRefused(problems.join('\n'));

  let manifest: Manifest | null = null;
  const dbPartial = db ? `${db}.restoring` : null;
  const pgDump = join(dirname(source), `.restore-${process.pid}.pg.sql`);
  let files = 0;
  try {
    await readTar(source, async (entry, contents) => {
      if (!manifest) {
        if (entry.name !== MANIFEST)
          throw new RestoreRefused(`${source} is not a portal backup (no ${MANIFEST})`);
        const parts: Buffer[] = [];
        for await (const piece of contents) parts.push(piece);
        const m = JSON.parse(Buffer.concat(parts).toString('utf8')) as Manifest;
        if (m.format !== FORMAT)
          throw new RestoreRefused(`Unknown backup format ${m.format} (this portal reads ${FORMAT})`);
        const known = new Set(MIGRATION_NAMES);
        const newer = m.migrations.filter((name) => !known.has(name));
        if (newer.length > 0)
          throw new RestoreRefused(
            `This backup was made by portal ${m.version}, newer than this one (${VERSION}): its database has ` +
              `migrations this version does not know (${newer.join(', ')}). Restore it with version ${m.version} or later.`,
          );
        if ((m.engine === 'pg') !== pgRestore)
          throw new RestoreRefused(
            `This backup is of a ${m.engine === 'pg' ? 'PostgreSQL' : 'SQLite'} portal; DATABASE_URL names a ` +
              `${pgRestore ? 'PostgreSQL' : 'SQLite'} database. Restore it into the same kind of database.`,
          );
        manifest = m;
        log(
          `Backup of portal ${m.version} made ${m.createdAt} (${m.engine === 'pg' ? 'PostgreSQL' : 'SQLite'}).`,
        );
        return;
      }
      if (entry.name === SQLITE_ENTRY && dbPartial) {
        log(`Writing the database to ${db}…`);
        await writeStream(dbPartial, contents, 0o600);
      } else if (entry.name === PG_ENTRY && pgRestore) {
        log(`Loading the database into PostgreSQL schema ${pgTarget(database).schema} (psql)…`);
        await writeStream(pgDump, contents, 0o600);
        await loadDump(pgTarget(database), pgDump);
        rmSync(pgDump, { force: true });
      } else if (entry.name === INGEST_LOG_ENTRY && db) {
        await writeStream(`${db}.ingest-log`, contents, 0o600);
      } else if (entry.name.startsWith(DATA_PREFIX)) {
        const path = resolve(root, entry.name.slice(DATA_PREFIX.length));
        // Never outside DATA_DIR, whatever a (forged) archive names.
        if (path !== root && !path.startsWith(root + sep))
          throw new Error(`Unsafe path in the backup: ${entry.name}`);
        if (entry.type === 'directory')
          mkdirSync(path, { recursive: true, mode: entry.mode & 0o777 || 0o755 });
        else await writeStream(path, contents, entry.mode);
        files++;
      }
    });
    if (!manifest) throw new RestoreRefused(`${source} is empty`);
    if (db && dbPartial) {
      if (!existsSync(dbPartial)) throw new Error('The backup holds no database');
      renameSync(dbPartial, db);
    }
    mkdirSync(root, { recursive: true });
    log(`${files} files and folders of DATA_DIR restored.`);
    return manifest;
  } finally {
    rmSync(pgDump, { force: true });
    if (dbPartial) rmSync(dbPartial, { force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const file = process.argv[2];
  if (!file || file.startsWith('-')) {
    console.error(
      'Usage: npm run restore -- <file.tar.gz>   (DATA_DIR and DATABASE_URL as the portal will use them)',
    );
    process.exit(2);
  }
  const { dataDir, database } = storagePaths();
  try {
    const manifest = await restore({ dataDir, database, file, log: (l) => console.log(l) });
    console.log(
      `Restored into ${dataDir}${isPg(database) ? '' : ` and ${sqlitePath(database)}`}. Start the portal with the same ` +
        `DATA_DIR and DATABASE_URL${manifest.version !== VERSION ? ` (its migrations bring the ${manifest.version} database up to ${VERSION})` : ''}. ` +
        'Secrets set in the environment (AUTH_SECRET, VAPID_*) are not in a backup: set them as before.',
    );
  } catch (error) {
    console.error(`Restore failed: ${(error as Error)?.message ?? error}`);
    if (!(error instanceof RestoreRefused))
      console.error('DATA_DIR and the database may hold part of the backup: empty them before trying again.');
    process.exit(1);
  }
}
