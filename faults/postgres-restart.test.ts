// PostgreSQL restarted under load (the machine's shared server: the outage is kept to a few seconds): the
// servers recover without being restarted, and uploads during the outage get a retryable answer (503), never a
// 200 that was not stored.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type ClusterHarness, startHarness } from '../bench/cluster-harness';
import { sleep, until, uploadLoop } from './uploads';

/** `pg_ctlcluster <version> <name> restart` (PG_CLUSTER, default the first cluster pg_lsclusters lists). */
function restartPostgres() {
  const [version, name] = (
    process.env.PG_CLUSTER ??
    execFileSync('pg_lsclusters', ['-h'], { encoding: 'utf8' }).trim().split('\n')[0]
  ).split(/\s+/);
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, name, 'restart', '-m', 'fast'], {
    stdio: 'inherit',
  });
}

let harness: ClusterHarness;
beforeAll(async () => {
  harness = await startHarness({ stations: 30, name: 'fault_pg', env: { INGEST_PER_SECOND: '10' } });
});
afterAll(() => harness?.close());

test('PostgreSQL restarted: the cluster recovers by itself; uploads meanwhile are answered 503, never a lost 200', async () => {
  const { port, stations, cluster, knex } = harness;
  const pids = cluster.processes.map((p) => p.child?.pid);
  const uploads = uploadLoop(port, stations, 1000);
  await sleep(3000);
  restartPostgres();
  const restartedAt = Date.now();
  // Recovered: a new sample of every station is accepted after the restart.
  await until(
    () =>
      uploads.logs.every((log) => {
        const last = log.attempts[log.attempts.length - 1];
        return last?.status === 200 && log.attempts.length > 0;
      }),
    60_000,
    'uploads to be accepted again',
  );
  await sleep(3000);
  await uploads.stop();
  expect(Date.now() - restartedAt).toBeLessThan(60_000);
  // No process was restarted.
  expect(cluster.processes.map((p) => p.child?.pid)).toEqual(pids);

  const statuses = uploads.statuses();
  expect(Object.keys(statuses).every((s) => s === '200' || s === '503')).toBe(true);
  expect(statuses[503]).toBeGreaterThan(0); // the outage was seen
  // Every 200 is stored, once (read through the harness's own pool, which also lived through the restart).
  const rows: { _id: string; time: string }[] = await knex('samples')
    .join('weatherDevices', 'weatherDevices.seq', 'samples.device')
    .select('weatherDevices._id', 'samples.time');
  const stored = new Set(rows.map((r) => `${r._id}:${r.time}`));
  expect(stored.size).toBe(rows.length);
  const accepted = uploads.accepted();
  expect([...accepted].filter((k) => !stored.has(k))).toEqual([]);
  expect(stored.size).toBe(accepted.size);
});
