// PostgreSQL at volume (issue #16): samples and buckets become tables partitioned by time (partitions.ts). The
// rows move over through each table's DEFAULT partition and are then split into their periods' partitions.
// Same columns, key (device, time) and foreign key as before. SQLite keeps its plain tables.
import type { Knex } from 'knex';
import { engineOf } from '../db';
import { createPartitions, PARTITIONED } from '../partitions';

export async function up(knex: Knex): Promise<void> {
  if (engineOf(knex) !== 'pg') return;
  for (const table of Object.keys(PARTITIONED)) {
    const data = table === 'samples' ? 'text' : 'bytea';
    await knex.raw('ALTER TABLE ?? RENAME TO ??', [table, `${table}_old`]);
    await knex.raw(
      `CREATE TABLE ?? (
         device integer NOT NULL REFERENCES "weatherDevices" (seq) ON DELETE CASCADE,
         time bigint NOT NULL,
         data ${data} NOT NULL,
         PRIMARY KEY (device, time)
       ) PARTITION BY RANGE (time)`,
      [table],
    );
    await knex.raw('CREATE TABLE ?? PARTITION OF ?? DEFAULT', [`${table}_default`, table]);
    await knex.raw('INSERT INTO ?? (device, time, data) SELECT device, time, data FROM ??', [
      table,
      `${table}_old`,
    ]);
    await knex.raw('DROP TABLE ??', [`${table}_old`]);
  }
  await createPartitions(knex);
}

export async function down(): Promise<void> {
  throw new Error('050_time_partitions cannot be undone');
}
