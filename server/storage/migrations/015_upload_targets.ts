// Forwarding to weather networks (issue #17): a station's upload targets. There is no queue table: the forwarder
// sends each due target the newest stored sample newer than `lastSampleTime`, so the samples table is the
// durable queue and a restart loses nothing. `key` is the network's secret: only its owner ever reads it.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('uploadTargets', (t) => {
    t.string('_id', 24).primary();
    t.string('device', 24).notNullable().references('_id').inTable('weatherDevices').onDelete('CASCADE');
    t.string('network', 16).notNullable();
    t.string('stationId', 64).notNullable().defaultTo('');
    t.string('key', 128).notNullable().defaultTo('');
    t.string('url', 500);
    t.string('format', 16);
    /** Seconds between uploads. */
    t.integer('interval').notNullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    /** Unix ms of the last attempt that reached the network, and its answer. */
    t.bigInteger('lastUploadAt');
    t.string('lastResult', 200);
    t.boolean('lastOk');
    /** Unix s of the newest sample sent (what the forwarder sends next is newer). */
    t.bigInteger('lastSampleTime');
    /** Consecutive failures, consecutive key rejections, and when to try again (backoff). */
    t.integer('failures').notNullable().defaultTo(0);
    t.integer('rejections').notNullable().defaultTo(0);
    t.bigInteger('nextAttemptAt').notNullable().defaultTo(0);
    /** Set when the key kept being rejected; `alertedAt`: the owner was told (once per pause). */
    t.bigInteger('pausedAt');
    t.bigInteger('alertedAt');
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('updatedAt').notNullable();
    t.index(['device']);
    t.index(['enabled', 'nextAttemptAt']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('uploadTargets');
}
