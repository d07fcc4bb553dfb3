// Whether visitors of a public or unlisted station see its exact position (issue 33); false: rounded to about
// 1 km, what the privacy page promises.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('weatherDevices', (t) => {
    t.boolean('exactPosition').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('weatherDevices', (t) => {
    t.dropColumn('exactPosition');
  });
}
