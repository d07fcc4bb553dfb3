// Values quality control left out of the data (issue 24): per station, the reading's time, the metric, the value
// as it arrived (calibrated), why (src/domain/qc.ts QC_REASONS) and the owner's decision: flagged (waiting),
// accepted (written into the buckets), rejected (stays out). Listed by station and time.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('qcFlags', (t) => {
    t.string('_id', 24).primary();
    t.string('device', 24).notNullable().references('_id').inTable('weatherDevices').onDelete('CASCADE');
    t.bigInteger('time').notNullable();
    t.string('key', 40).notNullable();
    t.double('value').notNullable();
    t.string('reason', 16).notNullable();
    t.string('status', 10).notNullable();
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('decidedAt');
    t.index(['device', 'time']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('qcFlags');
}
