// The admin area (issue #15): roles (`adminType` admin | editor; `isAdmin` stays true for both, so every check
// that lets admins read keeps working), disabled accounts, and the ingest-health series the admin page shows
// (uploads per minute per protocol and result, and the recent rejected uploads with their reason).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.string('adminType', 16);
    t.boolean('disabled').notNullable().defaultTo(false);
  });
  await knex('users').where({ isAdmin: true }).update({ adminType: 'admin' });
  await knex.schema.createTable('ingestMinutes', (t) => {
    /** Unix minute (s / 60). */
    t.bigInteger('minute').notNullable();
    t.string('protocol', 16).notNullable();
    /** ok, or the rejection reason (badKey, rateLimited, malformed, tooLarge, error). */
    t.string('result', 16).notNullable();
    t.integer('count').notNullable().defaultTo(0);
    t.primary(['minute', 'protocol', 'result']);
  });
  await knex.schema.createTable('ingestRejections', (t) => {
    t.string('_id', 24).primary();
    /** Unix ms. */
    t.bigInteger('time').notNullable().index();
    t.string('protocol', 16).notNullable();
    /** badKey, outOfRange, rateLimited, malformed, tooLarge. */
    t.string('reason', 16).notNullable();
    /** The station ID (or MAC, or path key prefix) the upload named, as sent. */
    t.string('station', 64);
    t.string('device', 24);
    t.string('detail', 300);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('ingestRejections');
  await knex.schema.dropTableIfExists('ingestMinutes');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('disabled');
    t.dropColumn('adminType');
  });
}
