// The owner's quality-control limits per station (issue 24): one record per station, its limits (metric, lowest,
// highest) as JSON, served by the generic settings service (src/domain/collections.ts `qcLimits`). `user` is who
// changed it last (the owner, or an admin).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('stationQcLimits', (t) => {
    t.string('_id', 24).primary();
    t.string('weatherDevice', 24)
      .notNullable()
      .unique()
      .references('_id')
      .inTable('weatherDevices')
      .onDelete('CASCADE');
    t.string('user', 24).notNullable().references('_id').inTable('users').onDelete('CASCADE');
    t.text('limits').notNullable();
    t.bigInteger('updatedAt').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('stationQcLimits');
}
