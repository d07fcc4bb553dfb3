// Console settings of a station (spec §3: backlight control, rise/set time, forecast mode) and its sort group.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('weatherDevices', (t) => {
    t.text('consoleSettings').notNullable().defaultTo('{}');
    t.string('sortGroup', 32);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('weatherDevices', (t) => {
    t.dropColumn('consoleSettings');
    t.dropColumn('sortGroup');
  });
}
