// Alerts: per-user alert settings of a device, the alerts raised from them, and browser/app sessions that
// receive push notifications. JSON-valued columns are TEXT on both engines (like 001).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('alertSettings', (t) => {
    t.string('_id', 24).primary();
    t.string('weatherDevice', 24)
      .notNullable()
      .references('_id')
      .inTable('weatherDevices')
      .onDelete('CASCADE')
      .index();
    t.string('user', 24).notNullable().references('_id').inTable('users').onDelete('CASCADE');
    t.text('settings').notNullable().defaultTo('[]');
    t.boolean('disableAll').notNullable().defaultTo(false);
    t.bigInteger('updatedAt').notNullable();
    t.unique(['user', 'weatherDevice']);
  });
  await knex.schema.createTable('alerts', (t) => {
    t.string('_id', 24).primary();
    t.string('device', 24).notNullable().references('_id').inTable('weatherDevices').onDelete('CASCADE');
    t.string('user', 24).notNullable().references('_id').inTable('users').onDelete('CASCADE');
    t.string('item', 32).notNullable();
    t.string('sensor', 32);
    /** Identity of the rule that raised it (item, sensor, condition, threshold). */
    t.string('rule', 120).notNullable();
    t.string('status', 8).notNullable();
    t.bigInteger('lastTrigger').notNullable();
    t.double('value');
    t.string('unit', 16);
    t.string('message', 500).notNullable().defaultTo('');
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('updatedAt').notNullable();
    t.index(['device', 'user', 'status']);
  });
  await knex.schema.createTable('sessions', (t) => {
    t.string('_id', 64).primary();
    t.string('associateUser', 24).references('_id').inTable('users').onDelete('SET NULL').index();
    t.boolean('pushEnabled').notNullable().defaultTo(false);
    t.text('pushToken');
    t.string('pushType', 16);
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('updatedAt').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const t of ['sessions', 'alerts', 'alertSettings']) await knex.schema.dropTableIfExists(t);
}
