// History imports (issue 25): one job per imported file, and what each of its chunks changed, so an import that
// stopped can be resumed from where it committed last, or rolled back to the data the station had before.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('importJobs', (t) => {
    t.string('_id', 24).primary();
    t.string('device', 24).notNullable().references('_id').inTable('weatherDevices').onDelete('CASCADE');
    t.string('user', 24);
    /** weewx, cumulus-log, cumulus-dayfile, ecowitt, wunderground, csv. */
    t.string('format', 24).notNullable();
    t.string('fileName', 200).notNullable();
    /** SHA-256 of the file: a resume must read the same file. */
    t.string('fileHash', 64).notNullable();
    /** keep (existing data wins) or replace. */
    t.string('policy', 8).notNullable();
    /** running, cancelled, failed, done, rolledBack. */
    t.string('status', 12).notNullable();
    /** Rows of the file read and committed: a resume skips them. */
    t.integer('position').notNullable().defaultTo(0);
    t.integer('imported').notNullable().defaultTo(0);
    t.integer('skipped').notNullable().defaultTo(0);
    t.text('options');
    t.string('error', 300);
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('updatedAt').notNullable();
    t.index(['device', 'status']);
  });
  await knex.schema.createTable('importChanges', (t) => {
    t.string('job', 24).notNullable().references('_id').inTable('importJobs').onDelete('CASCADE');
    t.integer('chunk').notNullable();
    /** JSON: the rows the chunk wrote and what they held before (changes.ts). */
    t.text('data').notNullable();
    t.primary(['job', 'chunk']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('importChanges');
  await knex.schema.dropTableIfExists('importJobs');
}
