// The rollups are exact whatever the order and timing of uploads, including across a crash (SQLite keeps the
// open 5-minute bucket in memory and rebuilds it from the raw samples).
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { testDatabase } from '../testing/server';
import { openStorage, type Storage } from './db';
import { migrate } from './migrate';
import { sampleStore } from './samples';

const T0 = Date.parse('2026-11-20T10:00:00Z') / 1000;
const device = { _id: 'aaaaaaaaaaaaaaaaaaaaaaaa', timezone: 'UTC' };
let opened: Storage[] = [];

async function open(file: string, options: { rotateBytes?: number } = {}) {
  const storage = await openStorage(file);
  opened.push(storage);
  await migrate(storage.knex);
  if (!(await storage.knex('users').first())) {
    await storage
      .knex('users')
      .insert({ _id: 'u'.repeat(24), email: 'x@example.com', createdAt: 0, updatedAt: 0 });
    await storage.knex('weatherDevices').insert({
      _id: device._id,
      wsid: 'w1',
      stationKey: 'k',
      name: 'n',
      user: 'u'.repeat(24),
      createdAt: 0,
      updatedAt: 0,
    });
  }
  return { storage, store: sampleStore(storage, options) };
}

afterEach(async () => {
  for (const s of opened) {
    const schema = s.engine === 'pg' ? (await s.knex.raw('select current_schema() as s')).rows[0].s : null;
    if (schema?.startsWith('t_')) await s.knex.raw(`DROP SCHEMA ${schema} CASCADE`);
    await s.close().catch(() => {});
  }
  opened = [];
});

const temps = (rows: { time: number; aggs: Record<string, number[]> }[]) =>
  rows.map((r) => [r.time, r.aggs.tempc0]);

describe('sample store', () => {
  test('5-minute and daily buckets hold count, sum, min, max and last; the open bucket is visible to readers', async () => {
    const { store } = await open(testDatabase());
    for (const [dt, temp] of [
      [0, 10],
      [100, 14],
      [310, 20],
      [320, 22],
    ])
      await store.write(device, T0 + dt, { tempc0: temp });
    expect(temps(await store.buckets('buckets5m', device._id, T0, T0 + 600))).toEqual([
      [T0, [2, 24, 10, 14, 14]],
      [T0 + 300, [2, 42, 20, 22, 22]],
    ]);
    const day = Date.parse('2026-11-20T00:00:00Z') / 1000;
    expect(temps(await store.buckets('buckets1d', device._id, day, day + 86400))).toEqual([
      [day, [4, 66, 10, 22, 22]],
    ]);
  });

  test('uploads written together are each answered with the bucket as of that upload; a repeat among them is not counted', async () => {
    const { store } = await open(testDatabase());
    // Not awaited one by one: they reach the writer in one batch (one transaction).
    const results = await Promise.all(
      [
        [0, 10],
        [16, 12],
        [16, 99], // the same time again: a retransmission
        [32, 14],
      ].map(([dt, temp]) => store.write(device, T0 + dt, { tempc0: temp })),
    );
    expect(results.map((r) => [r.stored, r.fiveMinute.time, r.fiveMinute.aggs.tempc0])).toEqual([
      [true, T0, [1, 10, 10, 10, 10]],
      [true, T0, [2, 22, 10, 12, 12]],
      [false, T0, [2, 22, 10, 12, 12]],
      [true, T0, [3, 36, 10, 14, 14]],
    ]);
    expect(temps(await store.buckets('buckets5m', device._id, T0, T0 + 300))).toEqual([
      [T0, [3, 36, 10, 14, 14]],
    ]);
    // The raw sample kept is the first of the two, the one the buckets counted.
    expect((await store.samples(device._id, T0, T0 + 300)).map((s) => s.tempc0)).toEqual([10, 12, 14]);
  });

  test('a retransmission is ignored and a late upload folds into its closed bucket and day', async () => {
    const { store } = await open(testDatabase());
    await store.write(device, T0, { tempc0: 10 });
    expect((await store.write(device, T0, { tempc0: 99 })).stored).toBe(false);
    await store.write(device, T0 + 600, { tempc0: 30 });
    await store.write(device, T0 + 60, { tempc0: 12 }); // late: bucket T0 is closed already
    expect(temps(await store.buckets('buckets5m', device._id, T0, T0 + 900))).toEqual([
      [T0, [2, 22, 10, 12, 12]],
      [T0 + 600, [1, 30, 30, 30, 30]],
    ]);
    const day = Date.parse('2026-11-20T00:00:00Z') / 1000;
    // The day's last value is the latest in time (30 at T0 + 600), not the late arrival.
    expect(temps(await store.buckets('buckets1d', device._id, day, day + 86400))).toEqual([
      [day, [3, 52, 10, 30, 30]],
    ]);
  });

  test('SQLite: after a crash, buckets that were open are rebuilt from the raw samples, nothing counted twice', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'portal-store-')), 'crash.db');
    const first = await open(file);
    for (const [dt, temp] of [
      [0, 10],
      [100, 14],
      [310, 20],
    ])
      await first.store.write(device, T0 + dt, { tempc0: temp });
    // "Crash": the connection goes away without flushing the open bucket (T0 + 300).
    await first.storage.close();
    const second = await open(file);
    await second.store.write(device, T0 + 320, { tempc0: 22 }); // same bucket as the lost open one
    await second.store.write(device, T0 + 900, { tempc0: 40 }); // closes it
    expect(temps(await second.store.buckets('buckets5m', device._id, T0, T0 + 1200))).toEqual([
      [T0, [2, 24, 10, 14, 14]],
      [T0 + 300, [2, 42, 20, 22, 22]],
      [T0 + 900, [1, 40, 40, 40, 40]],
    ]);
    const day = Date.parse('2026-11-20T00:00:00Z') / 1000;
    expect(temps(await second.store.buckets('buckets1d', device._id, day, day + 86400))).toEqual([
      [day, [5, 106, 10, 40, 40]],
    ]);
    // A clean stop stores the open bucket.
    await second.store.flush();
    const rows = await second.storage.knex('buckets5m').where({ device: 1 }).count({ n: '*' }).first();
    expect(Number(rows?.n)).toBe(3);
  });

  test('SQLite: a bucket whose process stopped and whose next upload is much later is closed on restart', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'portal-store-')), 'gap.db');
    const first = await open(file);
    await first.store.write(device, T0, { tempc0: 10 });
    await first.storage.close();
    const second = await open(file);
    await second.store.write(device, T0 + 3600, { tempc0: 20 });
    expect(temps(await second.store.buckets('buckets5m', device._id, T0, T0 + 7200))).toEqual([
      [T0, [1, 10, 10, 10, 10]],
      [T0 + 3600, [1, 20, 20, 20, 20]],
    ]);
  });
});

describe('SQLite ingest log', () => {
  const file = () => join(mkdtempSync(join(tmpdir(), 'portal-log-')), 'log.db');
  const storedSamples = async (storage: Storage) =>
    Number((await storage.knex('samples').count({ n: '*' }).first())?.n);

  test('raw samples of the open bucket wait in the log, readers see them, a rotation stores them', async () => {
    const path = file();
    const { storage, store } = await open(path, { rotateBytes: 300 });
    await store.write(device, T0, { tempc0: 10 }); // first upload: straight into the table
    await store.write(device, T0 + 16, { tempc0: 11 });
    await store.write(device, T0 + 32, { tempc0: 12 });
    expect(await storedSamples(storage)).toBe(1);
    expect((await store.latest([device._id])).get(device._id)).toMatchObject({ time: T0 + 32, tempc0: 12 });
    expect((await store.samples(device._id, T0, T0 + 300)).map((s) => s.tempc0)).toEqual([10, 11, 12]);
    // A retransmission of a waiting sample is recognised.
    expect((await store.write(device, T0 + 16, { tempc0: 99 })).stored).toBe(false);
    // Past 300 bytes of log the waiting samples are stored and the log emptied; the bucket stays open.
    // All in the first bucket (no close): only a rotation can store them.
    for (let i = 3; i < 18; i++) await store.write(device, T0 + 16 * i, { tempc0: 10 + i, humc0: 50 });
    expect(await storedSamples(storage)).toBeGreaterThan(3);
    expect(statSync(`${path}.ingest-log`).size).toBeLessThan(300);
    expect(await store.samples(device._id, T0, T0 + 300)).toHaveLength(18);
    const [bucket] = await store.buckets('buckets5m', device._id, T0, T0 + 300);
    expect(bucket.aggs.tempc0[0]).toBe(18);
  });

  test('a station deleted while its bucket is open does not stop the others from being stored', async () => {
    const { storage, store } = await open(file());
    const other = { _id: 'b'.repeat(24), timezone: 'UTC' };
    await storage.knex('weatherDevices').insert({
      _id: other._id,
      wsid: 'w2',
      stationKey: 'k',
      name: 'n',
      user: 'u'.repeat(24),
      createdAt: 0,
      updatedAt: 0,
    });
    for (const d of [device, other]) {
      await store.write(d, T0, { tempc0: 1 });
      await store.write(d, T0 + 16, { tempc0: 2 });
    }
    await storage.knex('weatherDevices').where({ _id: other._id }).delete();
    await store.flush();
    expect(temps(await store.buckets('buckets5m', device._id, T0, T0 + 300))).toEqual([
      [T0, [2, 3, 1, 2, 2]],
    ]);
    expect(await storedSamples(storage)).toBe(2);
  });
});

describe('hourly rollups', () => {
  test('closed 5-minute buckets fold into their hour; the open one is laid over it', async () => {
    const { store } = await open(testDatabase());
    for (const [dt, temp] of [
      [0, 10],
      [400, 14],
      [3500, 20],
      [3700, 30],
    ])
      await store.write(device, T0 + dt, { tempc0: temp });
    expect(temps(await store.buckets('buckets1h', device._id, T0, T0 + 7200))).toEqual([
      [T0, [3, 44, 10, 20, 20]],
      [T0 + 3600, [1, 30, 30, 30, 30]],
    ]);
  });
});

test('an upgrade keeps the history: 5-minute buckets fold into hours (004), rows move to the device seq (009)', async () => {
  const storage = await openStorage(testDatabase());
  opened.push(storage);
  await migrate(storage.knex, '003_alerts');
  await storage
    .knex('users')
    .insert({ _id: 'u'.repeat(24), email: 'x@example.com', createdAt: 0, updatedAt: 0 });
  const row = { wsid: 'w', stationKey: 'k', name: 'n', user: 'u'.repeat(24), createdAt: 0, updatedAt: 0 };
  await storage.knex('weatherDevices').insert({ ...row, _id: device._id });
  await storage.knex('weatherDevices').insert({ ...row, _id: 'b'.repeat(24), wsid: 'other' });
  const { pack, packValues } = await import('./packed');
  const five = (time: number, t: number) => ({
    device: device._id,
    time,
    data: pack({ tempc0: [1, t, t, t, t] }),
  });
  await storage.knex('buckets5m').insert([five(T0, 10), five(T0 + 300, 14), five(T0 + 3600, 30)]);
  // Raw samples are packed on SQLite, JSON on PostgreSQL.
  const raw = storage.engine === 'pg' ? JSON.stringify({ tempc0: 30 }) : packValues({ tempc0: 30 });
  await storage.knex('samples').insert({ device: device._id, time: T0 + 3650, data: raw });
  await migrate(storage.knex);
  const seq = (await storage.knex('weatherDevices').where({ _id: device._id }).first('seq')).seq;
  expect(seq).toBe(1);
  expect(await storage.knex('buckets1h').where({ device: 2 }).first()).toBeUndefined();
  const store = sampleStore(storage);
  expect(temps(await store.buckets('buckets1h', device._id, T0, T0 + 7200))).toEqual([
    [T0, [2, 24, 10, 14, 14]],
    [T0 + 3600, [1, 30, 30, 30, 30]],
  ]);
  expect(await store.samples(device._id, T0, T0 + 7200)).toEqual([{ time: T0 + 3650, tempc0: 30 }]);
  // A station created after the upgrade gets the next number, never the number of a deleted one.
  await storage
    .knex('weatherDevices')
    .where({ _id: 'b'.repeat(24) })
    .delete();
  await storage.knex('weatherDevices').insert({ ...row, _id: 'c'.repeat(24), wsid: 'new' });
  expect(
    (
      await storage
        .knex('weatherDevices')
        .where({ _id: 'c'.repeat(24) })
        .first('seq')
    ).seq,
  ).toBe(3);
});

test('retention drops raw samples after a week and keeps the rollups', async () => {
  const { storage, store } = await open(testDatabase());
  const { applyRetention } = await import('./retention');
  const old = Math.floor(Date.now() / 1000) - 10 * 86400;
  await store.write(device, old, { tempc0: 5 });
  await store.write(device, old + 600, { tempc0: 6 });
  await store.write(device, Math.floor(Date.now() / 1000) - 60, { tempc0: 7 });
  await store.flush();
  expect((await applyRetention(storage.knex, store)).samples).toBe(2);
  expect(await store.samples(device._id, 0, 4102444800)).toHaveLength(1);
  expect(await store.buckets('buckets5m', device._id, old - 300, old + 900)).toHaveLength(2);
});

test('quality flags go with the 5-minute data: past the store period, unless raised lately (an import of old files)', async () => {
  const { storage, store } = await open(testDatabase());
  const { applyRetention } = await import('./retention');
  const { knex } = storage;
  const now = Date.now();
  const day = 86400_000;
  const flag = (id: string, readingAgo: number, raisedAgo: number) => ({
    _id: id.repeat(24),
    device: device._id,
    time: Math.floor((now - readingAgo) / 1000),
    key: 'tempc0',
    value: 60,
    reason: 'spike',
    status: 'flagged',
    createdAt: now - raisedAgo,
    decidedAt: null,
  });
  await knex('qcFlags').insert([
    flag('a', 40 * day, 40 * day), // past the period: pruned
    flag('b', 20 * day, 20 * day), // inside it
    flag('c', 400 * day, 2 * day), // an old reading from a file imported two days ago
  ]);
  const storeDays = { of: async () => 30, fallback: 30 };
  expect((await applyRetention(knex, store, now, storeDays)).qcFlags).toBe(1);
  const left = async () => (await knex('qcFlags').orderBy('_id').pluck('_id')).map((id: string) => id[0]);
  expect(await left()).toEqual(['b', 'c']);
  // Without the plans' periods (no 5-minute data pruned) nothing is.
  expect((await applyRetention(knex, store, now + 100 * day)).qcFlags).toBe(0);
  expect((await applyRetention(knex, store, now + 15 * day, storeDays)).qcFlags).toBe(1);
  expect(await left()).toEqual(['c']);
  expect((await applyRetention(knex, store, now + 29 * day, storeDays)).qcFlags).toBe(1);
  expect(await left()).toEqual([]);
});
