// Station records (issue 13) are computed from the stored buckets; an owner's reset only moves where they start.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('recordResets', (t) => {
    t.string('device', 24).primary().references('_id').inTable('weatherDevices').onDelete('CASCADE');
    /** Unix s: records count from here on. */
    t.bigInteger('resetAt').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('recordResets');
}
