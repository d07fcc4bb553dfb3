// Several server processes write to one PostgreSQL database (the scale-out deployment): uploads of the same
// station reaching two processes at once must both be counted, whichever creates the bucket rows first.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openStorage, type Storage } from './db';
import { migrate } from './migrate';
import { sampleStore } from './samples';

const PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `t_pgw_${process.pid}_${Date.now().toString(36)}`;
const url = new URL(PG);
url.searchParams.set('schema', schema);
const T0 = Date.parse('2026-11-20T10:00:00Z') / 1000;
const device = { _id: 'bbbbbbbbbbbbbbbbbbbbbbbb', timezone: 'Europe/Prague' };
let a: Storage;
let b: Storage;

beforeAll(async () => {
  a = await openStorage(url.toString());
  await migrate(a.knex);
  b = await openStorage(url.toString());
  await a.knex('users').insert({ _id: 'u'.repeat(24), email: 'x@example.com', createdAt: 0, updatedAt: 0 });
  await a.knex('weatherDevices').insert({
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
  await a.knex.raw(`DROP SCHEMA ${schema} CASCADE`);
  await Promise.all([a.close(), b.close()]);
});

test('two processes writing the same station at once lose no upload from any bucket', async () => {
  const stores = [sampleStore(a), sampleStore(b)];
  // 60 uploads 5 s apart (five 5-minute buckets, two hours, one day), alternating between the two "processes"
  // and all in flight together.
  const uploads = Array.from({ length: 60 }, (_, i) => i);
  const results = await Promise.all(
    uploads.map((i) => stores[i % 2].write(device, T0 + i * 5, { tempc0: i })),
  );
  expect(results.every((r) => r.stored)).toBe(true);
  const sum = (table: 'buckets5m' | 'buckets1h' | 'buckets1d') =>
    stores[0]
      .buckets(table, device._id, T0 - 86400, T0 + 86400)
      .then((rows) => rows.reduce((n, r) => [n[0] + r.aggs.tempc0[0], n[1] + r.aggs.tempc0[1]], [0, 0]));
  const all = [60, (59 * 60) / 2];
  expect(await sum('buckets5m')).toEqual(all);
  expect(await sum('buckets1h')).toEqual(all);
  expect(await sum('buckets1d')).toEqual(all);
  expect((await a.knex('weatherDevices').first('lastUpload')).lastUpload).toBe(String(T0 + 59 * 5));
});
