// Runs the migrations in server/storage/migrations, in name order, from an in-code source (works under tsx
// and in tests without Knex's file loader). A database already migrated by a newer version (a migration this
// code does not know) is refused before anything runs: an older portal would misread its tables.
import type { Knex } from 'knex';
import { VERSION } from '../version';
import * as m001 from './migrations/001_init';
import * as m002 from './migrations/002_accounts';
import * as m003 from './migrations/003_alerts';
import * as m004 from './migrations/004_hourly';
import * as m005 from './migrations/005_console_settings';
import * as m006 from './migrations/006_subscriptions';
import * as m007 from './migrations/007_alert_rule_ids';
import * as m008 from './migrations/008_normalize_mac';
import * as m009 from './migrations/009_device_seq';
import * as m010 from './migrations/010_one_raised_alert';
import * as m011 from './migrations/011_share_invitations';
import * as m012 from './migrations/012_session_secret';
import * as m013 from './migrations/013_mac_auth';
import * as m014 from './migrations/014_token_revocation';
import * as m015 from './migrations/015_upload_targets';
import * as m016 from './migrations/016_user_country';
import * as m020 from './migrations/020_record_resets';
import * as m030 from './migrations/030_orders';
import * as m040 from './migrations/040_admin';
import * as m050 from './migrations/050_time_partitions';
import * as m062 from './migrations/062_plan_devices';
import * as m063 from './migrations/063_attachments';
import * as m064 from './migrations/064_plan_texts';

const MIGRATIONS: Record<string, { up(k: Knex): Promise<void>; down(k: Knex): Promise<void> }> = {
  '001_init': m001,
  '002_accounts': m002,
  '003_alerts': m003,
  '004_hourly': m004,
  '005_console_settings': m005,
  '006_subscriptions': m006,
  '007_alert_rule_ids': m007,
  '008_normalize_mac': m008,
  '009_device_seq': m009,
  '010_one_raised_alert': m010,
  '011_share_invitations': m011,
  '012_session_secret': m012,
  '013_mac_auth': m013,
  '014_token_revocation': m014,
  '015_upload_targets': m015,
  '016_user_country': m016,
  '020_record_resets': m020,
  '030_orders': m030,
  '040_admin': m040,
  '050_time_partitions': m050,
  '062_plan_devices': m062,
  '063_attachments': m063,
  '064_plan_texts': m064,
};

/** Knex's record of the migrations a database has had. */
export const MIGRATIONS_TABLE = 'knex_migrations';

export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS).sort();

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
  const names = Object.keys(MIGRATIONS)
    .sort()
    .filter((name) => until === undefined || name <= until);
  const source: Knex.MigrationSource<string> = {
    getMigrations: async () => names,
    getMigrationName: (name) => name,
    getMigration: async (name) => MIGRATIONS[name],
  };
  await knex.migrate.latest({ migrationSource: source });
}
