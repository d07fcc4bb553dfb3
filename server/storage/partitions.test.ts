// PostgreSQL at volume: samples and buckets partitioned by time (partitions.ts). Runs on the PostgreSQL of
// TEST_DATABASE_URL (or the local default, as pg-writer.test.ts does); SQLite has no partitions.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openStorage, type Storage } from './db';
import { migrate } from './migrate';
import { createPartitions, dropSamplesBefore, periodOf } from './partitions';
import { sampleStore } from './samples';

const PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `t_part_${process.pid}_${Date.now().toString(36)}`;
const url = new URL(PG);
url.searchParams.set('schema', schema);
// Years ahead, so that no partition of these periods exists yet (the migration creates those around today).
const NOW = Date.parse('2031-03-10T10:00:00Z');
const device = { _id: 'bbbbbbbbbbbbbbbbbbbbbbbb', timezone: 'UTC' };
let storage: Storage;

beforeAll(async () => {
  storage = await openStorage(url.toString());
  await migrate(storage.knex);
  await storage
    .knex('users')
    .insert({ _id: 'u'.repeat(24), email: 'x@example.com', createdAt: 0, updatedAt: 0 });
  await storage.knex('weatherDevices').insert({
    _id: device._id,
    wsid: 'w1',
    stationKey: 'k',
    name: 'n',
    user: 'u'.repeat(24),
    timezone: device.timezone,
    createdAt: 0,
    updatedAt: 0,
  });
});

afterAll(async () => {
  await storage.knex.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [schema]);
  await storage.close();
});

/** Partition → rows, of one table. */
async function layout(table: string): Promise<Record<string, number>> {
  const { rows } = await storage.knex.raw(
    `SELECT c.relname AS name, (xpath('/row/n/text()', query_to_xml(format('SELECT count(*) AS n FROM %I', c.relname), false, true, '')))[1]::text::int AS n
     FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = to_regclass(?)`,
    [table],
  );
  return Object.fromEntries((rows as { name: string; n: number }[]).map((r) => [r.name, r.n]));
}

test('periods are UTC days, months and years', () => {
  const t = Date.parse('2026-11-20T10:00:00Z') / 1000;
  expect(periodOf('day', t)).toEqual({
    from: Date.UTC(2026, 10, 20) / 1000,
    to: Date.UTC(2026, 10, 21) / 1000,
    suffix: '20261120',
  });
  expect(periodOf('month', t).suffix).toBe('202611');
  expect(periodOf('month', Date.UTC(2026, 11, 31, 23) / 1000).to).toBe(Date.UTC(2027, 0, 1) / 1000);
  expect(periodOf('year', t)).toEqual({
    from: Date.UTC(2026, 0, 1) / 1000,
    to: Date.UTC(2027, 0, 1) / 1000,
    suffix: '2026',
  });
});

test('partitions are created ahead; rows of a period without one wait in the default partition and move into their own', async () => {
  const store = sampleStore(storage);
  const created = await createPartitions(storage.knex, NOW);
  expect(created).toEqual(
    expect.arrayContaining([
      'samples_p20310310',
      'samples_p20310312',
      'buckets5m_p203104',
      'buckets1d_p2032',
    ]),
  );
  // Today's upload goes to today's partition; those of 5 and 40 days ago to the default partitions.
  const today = NOW / 1000;
  const recent = today - 5 * 86400;
  const old = today - 40 * 86400;
  for (const [time, tempc0] of [
    [today, 10],
    [recent, 7],
    [old, 5],
  ])
    await store.write(device, time, { tempc0 });
  await store.flush();
  expect(await layout('samples')).toMatchObject({ samples_p20310310: 1, samples_default: 2 });
  expect(await layout('buckets5m')).toMatchObject({ buckets5m_p203103: 2, buckets5m_default: 1 });

  // The next pass gives their periods partitions, moving the rows (raw samples older than their retention
  // stay for retention to delete); reads see the same rows throughout.
  expect(await createPartitions(storage.knex, NOW)).toEqual(['samples_p20310305', 'buckets5m_p203101']);
  expect(await layout('samples')).toMatchObject({ samples_p20310305: 1, samples_default: 1 });
  expect(await layout('buckets5m')).toMatchObject({ buckets5m_p203101: 1, buckets5m_default: 0 });
  expect((await store.samples(device._id, 0, 4102444800)).map((s) => s.time)).toEqual([old, recent, today]);
  expect(await createPartitions(storage.knex, NOW)).toEqual([]);

  // Retention drops whole days that ended before the cutoff (counting their rows), deletes older rows in the
  // default partition, and keeps the rest; the buckets stay.
  expect(await dropSamplesBefore(storage.knex, today - 7 * 86400)).toBe(1);
  expect(await dropSamplesBefore(storage.knex, today - 2 * 86400)).toBe(1);
  expect(Object.keys(await layout('samples'))).not.toContain('samples_p20310305');
  expect((await store.samples(device._id, 0, 4102444800)).map((s) => s.time)).toEqual([today]);
  expect(await store.buckets('buckets5m', device._id, old - 300, old + 300)).toHaveLength(1);
});

test('the main queries read one partition through its (device, time) index', async () => {
  const { rows } = await storage.knex.raw(
    'EXPLAIN SELECT time, data FROM buckets5m WHERE device = 1 AND time >= ? AND time < ? ORDER BY time',
    [NOW / 1000 - 86400, NOW / 1000],
  );
  const plan = rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n');
  expect(plan).toContain('buckets5m_p203103');
  expect(plan).not.toContain('buckets5m_default');
  expect(plan).toMatch(/Index (Only )?Scan/);
});
