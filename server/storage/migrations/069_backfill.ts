// Backfill from the vendors' clouds (issue 27): the owner's keys per station (one vendor at a time), and the
// import job's source, so rows a backfill stored are told from a file's (provenance) while both go through the
// same import (server/import/run.ts: fill policy, chunks, undo).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('backfillSources', (t) => {
    t.string('device', 24).primary().references('_id').inTable('weatherDevices').onDelete('CASCADE');
    /** ecowitt, wunderground, ambient, weatherlink. */
    t.string('vendor', 16).notNullable();
    /** JSON: the vendor's key fields (src/domain/backfill.ts VENDOR_KEYS); answered to the owner masked. */
    t.text('keys').notNullable();
    t.bigInteger('updatedAt').notNullable();
  });
  await knex.schema.alterTable('importJobs', (t) => {
    /** file (an uploaded history file) or backfill (a vendor's history API). */
    t.string('source', 12).notNullable().defaultTo('file');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('importJobs', (t) => {
    t.dropColumn('source');
  });
  await knex.schema.dropTableIfExists('backfillSources');
}
