// kill -9 of the ingest process under load, restarted by the cluster: uploads meanwhile are answered 503 (the
// stations send them again), and every upload answered 200 is stored exactly once.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type ClusterHarness, startHarness } from '../bench/cluster-harness';
import { sleep, until, uploadLoop } from './uploads';

let harness: ClusterHarness;
beforeAll(async () => {
  harness = await startHarness({ stations: 60, name: 'fault_ingest', env: { INGEST_PER_SECOND: '10' } });
});
afterAll(() => harness?.close());

test('the ingest process killed and restarted: every upload answered 200 is stored exactly once', async () => {
  const { port, stations, cluster, knex } = harness;
  const uploads = uploadLoop(port, stations, 1000);
  await sleep(3000);
  const ingest = cluster.processes[0];
  const pid = ingest.child?.pid;
  await ingest.kill('SIGKILL');
  // The cluster starts it again; uploads go on meanwhile.
  await until(
    () => !!ingest.child && ingest.child.pid !== pid,
    30_000,
    'the ingest process to be started again',
  );
  await ingest.start();
  await sleep(3000);
  await uploads.stop();

  const statuses = uploads.statuses();
  // The outage was seen and answered "retry" (503); uploads in flight when it died got 502 (HAProxy cannot
  // know whether they were stored: the station sends them again, and a repeat is not stored twice).
  expect(statuses[503]).toBeGreaterThan(0);
  expect(Object.keys(statuses).filter((s) => !['200', '502', '503'].includes(s))).toEqual([]);
  const accepted = uploads.accepted();
  const rows: { device: number; time: string; _id: string }[] = await knex('samples')
    .join('weatherDevices', 'weatherDevices.seq', 'samples.device')
    .select('weatherDevices._id', 'samples.time');
  const stored = rows.map((r) => `${r._id}:${r.time}`);
  // Exactly once: no sample twice, none accepted and missing, none stored that was never accepted.
  expect(new Set(stored).size).toBe(stored.length);
  expect([...accepted].filter((k) => !stored.includes(k))).toEqual([]);
  expect(stored.filter((k) => !accepted.has(k))).toEqual([]);
  expect(stored.length).toBe(accepted.size);
});
