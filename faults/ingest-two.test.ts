// One of two ingest processes killed under load (issue 29). HAProxy hashes each station to one ingest process; when
// that process dies, its stations' uploads go to the other one (a refused connection is sent on at once; an upload
// in flight is answered 502 and sent again by the station), and back when the cluster has started it again. Nothing of a station may be lost or doubled on
// the way: every upload answered 200 is stored exactly once, and every 5-minute, hourly and daily bucket holds
// exactly the stored samples of its time (count, sum, min and max), though two processes wrote it.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type ClusterHarness, startHarness } from '../bench/cluster-harness';
import { readValues, unpack } from '../server/storage/packed';
import { type Agg, addValue } from '../src/domain/aggregate';
import { sleep, until, uploadLoop } from './uploads';

let harness: ClusterHarness;
beforeAll(async () => {
  harness = await startHarness({
    stations: 60,
    name: 'fault_ingest_two',
    ingest: 2,
    env: { INGEST_PER_SECOND: '10' },
  });
});
afterAll(() => harness?.close());

type Table = 'buckets5m' | 'buckets1h' | 'buckets1d';
const START: Record<Table, (t: number) => number> = {
  buckets5m: (t) => t - (t % 300),
  buckets1h: (t) => t - (t % 3600),
  buckets1d: (t) => t - (t % 86400), // the stations keep UTC
};

test('one of two ingest processes killed: its stations move and come back, every accepted upload stored once, buckets right', async () => {
  const { port, stations, cluster, knex } = harness;
  const uploads = uploadLoop(port, stations, 1000);
  await sleep(3000);
  const victim = cluster.processes[0];
  const pid = victim.child?.pid;
  // HAProxy's view of the victim: when it took it out and put it back, and how many requests it had sent it then.
  const seen = async () => (await cluster.haproxy.stats()).find((s) => s.server === victim.name);
  expect((await seen())?.requests).toBeGreaterThan(0);
  await victim.kill('SIGKILL');
  await until(
    async () => (await seen())?.status.startsWith('DOWN') === true,
    30_000,
    'HAProxy to take it out',
  );
  const downAt = Date.now();
  await until(
    () => !!victim.child && victim.child.pid !== pid,
    30_000,
    'the ingest process to be started again',
  );
  await victim.start();
  await until(async () => (await seen())?.status === 'UP', 30_000, 'HAProxy to put it back');
  const upAt = Date.now();
  const servedBeforeUp = (await seen())?.requests ?? 0;
  await sleep(4000);
  const servedAfterUp = (await seen())?.requests ?? 0;
  await uploads.stop();

  // While HAProxy had the victim out, every station was answered 200 (by the other process): the victim's
  // stations too, which it had served before. Once back, it took uploads again (its stations returned).
  for (const log of uploads.logs)
    expect(
      log.attempts.some((a) => a.status === 200 && a.at > downAt && a.at < upAt),
      log.station.wsid,
    ).toBe(true);
  expect(servedAfterUp).toBeGreaterThan(servedBeforeUp);

  const statuses = uploads.statuses();
  expect(statuses[200]).toBeGreaterThan(0);
  expect(Object.keys(statuses).filter((s) => !['200', '502', '503'].includes(s))).toEqual([]);
  const accepted = uploads.accepted();
  const rows: { _id: string; device: number; time: string; data: string | Buffer }[] = await knex('samples')
    .join('weatherDevices', 'weatherDevices.seq', 'samples.device')
    .select('weatherDevices._id', 'samples.device', 'samples.time', 'samples.data');
  const stored = rows.map((r) => `${r._id}:${r.time}`);
  expect(new Set(stored).size).toBe(stored.length);
  expect([...accepted].filter((k) => !stored.includes(k))).toEqual([]);
  expect(stored.filter((k) => !accepted.has(k))).toEqual([]);

  // The buckets each sample belongs to, folded here from the raw samples.
  const expected = new Map<string, Record<string, Agg>>();
  for (const r of rows) {
    const time = Number(r.time);
    for (const table of Object.keys(START) as Table[]) {
      const id = `${table}:${r.device}:${START[table](time)}`;
      const aggs = expected.get(id) ?? {};
      for (const [key, v] of Object.entries(readValues(r.data)))
        if (v !== null) aggs[key] = addValue(aggs[key], v);
      expected.set(id, aggs);
    }
  }
  let checked = 0;
  for (const table of Object.keys(START) as Table[]) {
    const buckets: { device: number; time: string; data: Buffer }[] = await knex(table).select(
      'device',
      'time',
      'data',
    );
    for (const b of buckets) {
      const want = expected.get(`${table}:${b.device}:${Number(b.time)}`);
      expect(want, `${table} ${b.device} ${b.time} has no stored sample`).toBeDefined();
      const got = unpack(b.data);
      for (const [key, agg] of Object.entries(want ?? {})) {
        const [count, sum, min, max] = got[key] ?? [];
        expect([table, key, count, min, max]).toEqual([table, key, agg[0], agg[2], agg[3]]);
        expect(sum).toBeCloseTo(agg[1], 6);
        checked++;
      }
    }
    // Every bucket a sample belongs to exists.
    expect(buckets.length).toBe([...expected.keys()].filter((k) => k.startsWith(`${table}:`)).length);
  }
  expect(checked).toBeGreaterThan(0);
});
