// Hourly buckets: a month of hourly points reads 744 rows instead of 8,928 five-minute ones. Existing
// five-minute buckets are folded into hours once here; from then on ingest keeps them current.
import type { Knex } from 'knex';
import { mergeInto } from '../buckets';
import { pack, unpack } from '../packed';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('buckets1h', (t) => {
    t.string('device', 24).notNullable().references('_id').inTable('weatherDevices').onDelete('CASCADE');
    t.bigInteger('time').notNullable();
    t.binary('data').notNullable();
    t.primary(['device', 'time']);
  });
  // Page through each device's buckets in time order (a stream would hold the transaction's only connection).
  const devices = await knex('buckets5m').distinct('device');
  for (const { device } of devices) {
    let hour: { time: number; aggs: ReturnType<typeof unpack> } | null = null;
    const flush = async () => {
      if (hour) await knex('buckets1h').insert({ device, time: hour.time, data: pack(hour.aggs) });
    };
    for (let after = -1; ; ) {
      const rows = await knex('buckets5m')
        .where({ device })
        .andWhere('time', '>', after)
        .orderBy('time')
        .limit(2000)
        .select('time', 'data');
      if (rows.length === 0) break;
      for (const row of rows) {
        const time = Number(row.time) - (Number(row.time) % 3600);
        if (!hour || hour.time !== time) {
          await flush();
          hour = { time, aggs: {} };
        }
        mergeInto(hour.aggs, unpack(row.data));
      }
      after = Number(rows[rows.length - 1].time);
    }
    await flush();
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('buckets1h');
}
