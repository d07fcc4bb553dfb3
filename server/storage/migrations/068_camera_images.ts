// Station cameras (issue 28): each still image a camera uploads, with its station, time, type and size, and the
// newest image's time on the station (the dashboard offers the camera card once it is set). The bytes are kept
// in the database, not in DATA_DIR: a cluster's ingest processes take the uploads and its API processes answer
// the reads, each with its own DATA_DIR, while all share the database; backups (npm run backup) and the
// retention's range deletes then cover the images with their rows. An image is at most 2 MiB.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('cameraImages', (t) => {
    t.increments('id').primary();
    t.string('device', 24).notNullable().references('_id').inTable('weatherDevices').onDelete('CASCADE');
    /** Unix ms (server time of the upload: cameras' HTTP upload sends no time of its own). */
    t.bigInteger('time').notNullable();
    /** image/jpeg, image/png or image/webp, from the bytes. */
    t.string('type', 16).notNullable();
    t.integer('size').notNullable();
    /** bytea on PostgreSQL, BLOB on SQLite. */
    t.binary('bytes').notNullable();
    t.index(['device', 'time']);
  });
  await knex.schema.alterTable('weatherDevices', (t) => {
    /** Unix ms of the newest camera image; null: the station has none. */
    t.bigInteger('cameraAt').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('weatherDevices', (t) => {
    t.dropColumn('cameraAt');
  });
  await knex.schema.dropTableIfExists('cameraImages');
}
