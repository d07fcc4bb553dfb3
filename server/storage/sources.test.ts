// Provenance ranges (migration 075): rows stored before it get the ranges of the imports and backfills that
// were done (from the hours and days their chunks recorded); a rolled-back or running import gets none. On SQLite
// or (TEST_DATABASE_URL) PostgreSQL.
import { afterAll, expect, test } from 'vitest';
import { testDatabase } from '../testing/server';
import { openStorage, type Storage } from './db';
import { migrate } from './migrate';
import { SourceLedger, sourceRanges } from './sources';

let storage: Storage | undefined;
const database = testDatabase();
afterAll(async () => {
  if (!storage) return;
  const schema = storage.engine === 'pg' ? new URL(database).searchParams.get('schema') : null;
  if (schema) await storage.knex.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await storage.knex.destroy();
});

test('migration 075 recovers the ranges of done imports and backfills; ingest notes a run per change', async () => {
  storage = await openStorage(database);
  const { knex } = storage;
  await migrate(knex, '074_calibration_applied');
  const at = Date.now();
  await knex('users').insert({ _id: 'u'.repeat(24), email: 'a@example.com', createdAt: at, updatedAt: at });
  await knex('weatherDevices').insert({
    _id: 'd'.repeat(24),
    wsid: 'w1',
    stationKey: 'k',
    name: 'Garden',
    user: 'u'.repeat(24),
    createdAt: at,
    updatedAt: at,
  });
  const job = (id: string, status: string, source: string) => ({
    _id: id.repeat(24),
    device: 'd'.repeat(24),
    format: 'csv',
    fileName: 'f.csv',
    fileHash: 'h',
    policy: 'keep',
    status,
    source,
    createdAt: at,
    updatedAt: at,
  });
  await knex('importJobs').insert([
    job('a', 'done', 'file'),
    job('b', 'done', 'backfill'),
    job('c', 'rolledBack', 'file'),
  ]);
  const changes = (hours: number[], days: number[]) =>
    JSON.stringify({ hours: hours.map((h) => [h, null, []]), days: days.map((d) => [d, null]) });
  await knex('importChanges').insert([
    { job: 'a'.repeat(24), chunk: 0, data: changes([7200, 10800], [0]) },
    { job: 'a'.repeat(24), chunk: 1, data: changes([14400], [0]) },
    { job: 'b'.repeat(24), chunk: 0, data: changes([90000], [86400]) },
    { job: 'c'.repeat(24), chunk: 0, data: changes([200000], []) },
  ]);
  await migrate(knex);
  const ranges = await sourceRanges(knex, 'd'.repeat(24), 0, 10 ** 6);
  // Job a: its day (0) to the end of its last hour (14400 + 3599); job b: its day 86400 to hour 90000's end.
  expect(ranges.map((r) => [r.from, r.to, r.source])).toEqual([
    [0, 17999, 'import'],
    [86400, 93599, 'backfill'],
  ]);

  // Ingest: one row per change of protocol, none for the same protocol again.
  const ledger = new SourceLedger(knex);
  await ledger.note('d'.repeat(24), 100000, 'ecowitt');
  expect(ledger.note('d'.repeat(24), 100016, 'ecowitt')).toBeNull();
  await ledger.note('d'.repeat(24), 100032, 'wunderground');
  // A second process that has not seen the station yet finds the open run and writes nothing.
  await new SourceLedger(knex).note('d'.repeat(24), 100048, 'wunderground');
  const open = (await sourceRanges(knex, 'd'.repeat(24), 0, 10 ** 6)).filter((r) => r.to === null);
  expect(open.map((r) => [r.from, r.source])).toEqual([
    [100000, 'ecowitt'],
    [100032, 'wunderground'],
  ]);
});
