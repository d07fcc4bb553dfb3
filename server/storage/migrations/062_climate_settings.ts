// Climate settings of a station (issue 26): anemometer height (FAO-56 reduces the wind to 2 m), the month the
// rain year starts, and the degree-day bases. Null everywhere means the default (src/domain/climate/summary.ts).
import type { Knex } from 'knex';

const COLUMNS = ['anemometerHeight', 'rainSeasonStart', 'degreeDayBase', 'gddBase'] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('weatherDevices', (t) => {
    t.double('anemometerHeight').nullable();
    t.integer('rainSeasonStart').nullable();
    t.double('degreeDayBase').nullable();
    t.double('gddBase').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('weatherDevices', (t) => {
    for (const c of COLUMNS) t.dropColumn(c);
  });
}
