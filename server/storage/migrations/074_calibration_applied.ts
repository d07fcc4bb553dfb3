// What a re-application of a calibration to history (issue 24, server/storage/recalibrate.ts) left in the stored
// values: per station and metric, the calibration the values in [from, to) (unix s) carry. The newest row
// covering a time wins; where none does, the values carry what ingest applied (the entry in effect then). A later
// re-application inverts exactly this, so applying twice changes nothing more and the console's raw value is
// always known.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('calibrationApplied', (t) => {
    t.increments('id').primary();
    t.string('device', 24).notNullable().references('_id').inTable('weatherDevices').onDelete('CASCADE');
    t.string('metric', 40).notNullable();
    t.bigInteger('from').notNullable();
    t.bigInteger('to').notNullable();
    t.double('offset').notNullable();
    t.double('multiplier').notNullable();
    t.double('quadratic').notNullable();
    t.bigInteger('appliedAt').notNullable();
    t.string('user', 24).nullable();
    t.index(['device', 'metric']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('calibrationApplied');
}
