// Runs the migrations in server/storage/migrations, in name order, from an in-code source (works under tsx
// and in tests without Knex's file loader).
import type { Knex } from 'knex';
import * as m001 from './migrations/001_init';

const MIGRATIONS: Record<string, { up(k: Knex): Promise<void>; down(k: Knex): Promise<void> }> = {
  '001_init': m001,
};

const source: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(MIGRATIONS).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => MIGRATIONS[name],
};

export async function migrate(knex: Knex): Promise<void> {
  await knex.migrate.latest({ migrationSource: source });
}
