// Cards follow the sensors (issue 22): a display setting keeps which cards the owner showed or hid by hand
// (`chosenList`, JSON). Records stored before have none (null): every card of them counts as chosen, so what
// an owner set up is not changed by cards appearing for their sensors.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('deviceDisplaySettings', (t) => {
    t.text('chosenList');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('deviceDisplaySettings', (t) => {
    t.dropColumn('chosenList');
  });
}
