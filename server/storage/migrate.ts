// Runs the migrations in server/storage/migrations, in name order, through an in-code source (Knex's own file
// loader does not read TypeScript under tsx). A database already migrated by a newer version (a migration this
// code does not know) is refused before anything runs: an older portal would misread its tables.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import { VERSION } from '../version';

type Migration = { up(k: Knex): Promise<void>; down(k: Knex): Promise<void> };

// Every file NNN_name.ts of ./migrations is a migration, run in name order: adding one is adding its file.
const DIR = join(import.meta.dirname, 'migrations');

/** Knex's record of the migrations a database has had. */
export const MIGRATIONS_TABLE = 'knex_migrations';

export const MIGRATION_NAMES: readonly string[] = readdirSync(DIR)
  .filter((file) => /^\d{3}_[\w-]+\.ts$/.test(file))
  .map((file) => file.slice(0, -'.ts'.length))
  .sort();

/** A database made or upgraded by a newer version of the portal. */
export class DowngradeRefused extends Error {
  constructor(readonly unknown: string[]) {
    super(
      `This database was upgraded by a newer version of the portal: its migration${unknown.length > 1 ? 's' : ''} ` +
        `${unknown.join(', ')} ${unknown.length > 1 ? 'are' : 'is'} unknown to version ${VERSION}. ` +
        'Going back is not supported: run the newer version again, or restore a backup made before the upgrade ' +
        '(npm run restore).',
    );
    this.name = 'DowngradeRefused';
  }
}

/** The migrations a database has had (none for a new one). */
export async function appliedMigrations(knex: Knex): Promise<string[]> {
  if (!(await knex.schema.hasTable(MIGRATIONS_TABLE))) return [];
  return (await knex(MIGRATIONS_TABLE).select('name')).map((r: { name: string }) => r.name);
}

/** Throws DowngradeRefused when the database has had a migration this version does not know. */
export async function refuseNewer(knex: Knex): Promise<void> {
  const known = new Set(MIGRATION_NAMES);
  const unknown = (await appliedMigrations(knex)).filter((name) => !known.has(name)).sort();
  if (unknown.length > 0) throw new DowngradeRefused(unknown);
}

/** Runs every migration, or those up to and including `until` (tests of upgrades from older data). */
export async function migrate(knex: Knex, until?: string): Promise<void> {
  await refuseNewer(knex);
  const names = MIGRATION_NAMES.filter((name) => until === undefined || name <= until);
  const source: Knex.MigrationSource<string> = {
    getMigrations: async () => names,
    getMigrationName: (name) => name,
    getMigration: async (name) => (await import(pathToFileURL(join(DIR, `${name}.ts`)).href)) as Migration,
  };
  await knex.migrate.latest({ migrationSource: source });
}
