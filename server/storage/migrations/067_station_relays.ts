// The home relay a station's uploads last came through (issue 27, relay/): its version, its queue length and
// when it was last seen, for the Weather Server page. One row per station, replaced by each relayed upload.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('stationRelays', (t) => {
    t.string('device', 24).primary().references('_id').inTable('weatherDevices').onDelete('CASCADE');
    t.string('version', 32).notNullable();
    /** Uploads waiting in the relay's queue; null when it did not say. */
    t.integer('queued');
    /** Unix seconds (server time) of the last upload that came through it. */
    t.bigInteger('seenAt').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('stationRelays');
}
