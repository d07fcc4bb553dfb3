// The scale-out engine behind engine.ts: batches through PgWriter, reads through Knex. Every bucket is stored
// by the batch that folds into it (several processes may write), so nothing is ever held open here.
import type { Knex } from 'knex';
import type { StorageEngine, StoredRow, StoredTable } from './engine';
import { createPartitions, dropSamplesBefore } from './partitions';
import { PgWriter } from './pg-writer';

/**
 * Batches in flight at once per process (PG_WRITE_LANES, default 4): each holds a pooled connection while it
 * runs (the pool has 10), so reads and the cluster locks keep connections of their own.
 */
const PG_LANES = Math.min(8, Math.max(1, Number(process.env.PG_WRITE_LANES) || 4));

export function pgEngine(knex: Knex): StorageEngine {
  const writer = new PgWriter(knex);
  return {
    lanes: PG_LANES,
    writeBatch: (uploads) => writer.writeBatch(uploads),
    seqOf: async (device) => {
      const row = await knex('weatherDevices').where({ _id: device }).first('seq');
      return row?.seq ?? undefined;
    },
    range: (table: StoredTable, device: number, from: number, to: number): Promise<StoredRow[]> =>
      knex(table)
        .where({ device })
        .andWhere('time', '>=', from)
        .andWhere('time', '<', to)
        .orderBy('time')
        .select('time', 'data'),
    newest: (table: StoredTable, device: number): Promise<StoredRow | undefined> =>
      knex(table).where({ device }).orderBy('time', 'desc').first('time', 'data'),
    // Whole day partitions are dropped (partitions.ts).
    prune: (before) => dropSamplesBefore(knex, before),
    maintain: async (now) => {
      await createPartitions(knex, now);
    },
    openBucket: () => undefined,
    waiting: () => [],
    closeBuckets: async () => {},
    close: () => {},
  };
}
