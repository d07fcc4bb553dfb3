// PostgreSQL stopped and started again under load (the machine's shared server: the outage is kept to about two
// seconds): the servers recover without being restarted, and uploads meanwhile are answered 503 (to be sent
// again) or wait for a connection and are stored; never a 200 that was not stored.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type ClusterHarness, startHarness } from '../bench/cluster-harness';
import { sleep, until, uploadLoop } from './uploads';

const OUTAGE_MS = 2000;

/**
 * `pg_ctlcluster <version> <name> stop`, OUTAGE_MS down, then `start` (PG_CLUSTER, default the first cluster
 * pg_lsclusters lists). A bare restart takes well under a second: no upload might meet it.
 */
async function restartPostgres() {
  const [version, name] = (
    process.env.PG_CLUSTER ??
    execFileSync('pg_lsclusters', ['-h'], { encoding: 'utf8' }).trim().split('\n')[0]
  ).split(/\s+/);
  const ctl = (...args: string[]) =>
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, name, ...args], {
      stdio: 'inherit',
    });
  ctl('stop', '-m', 'fast');
  try {
    await sleep(OUTAGE_MS);
  } finally {
    ctl('start');
  }
}

let harness: ClusterHarness;
beforeAll(async () => {
  harness = await startHarness({ stations: 30, name: 'fault_pg', env: { INGEST_PER_SECOND: '10' } });
});
afterAll(() => harness?.close());

test('PostgreSQL restarted: the cluster recovers by itself; uploads meanwhile are answered 503 or wait, never a lost 200', async () => {
  const { port, stations, cluster, knex } = harness;
  const pids = cluster.processes.map((p) => p.child?.pid);
  const uploads = uploadLoop(port, stations, 1000);
  await sleep(3000);
  const stoppedAt = Date.now();
  await restartPostgres();
  const restartedAt = Date.now();
  expect(restartedAt - stoppedAt).toBeGreaterThanOrEqual(OUTAGE_MS);
  // Recovered: every station's latest sample is accepted after the restart.
  const countAt = uploads.logs.map((log) => log.attempts.length);
  await until(
    () =>
      uploads.logs.every((log, i) => log.attempts.length > countAt[i] && log.attempts.at(-1)?.status === 200),
    60_000,
    'uploads to be accepted again',
  );
  await sleep(2000);
  await uploads.stop();
  expect(Date.now() - restartedAt).toBeLessThan(60_000);
  // No process was restarted.
  expect(cluster.processes.map((p) => p.child?.pid)).toEqual(pids);

  const statuses = uploads.statuses();
  expect(Object.keys(statuses).filter((s) => s !== '200' && s !== '503')).toEqual([]);
  // The outage was met: uploads sent while PostgreSQL was down got 503 or waited through it.
  const met = uploads.logs.flatMap((log) =>
    log.attempts.filter((a) => a.status === 503 || a.ms >= OUTAGE_MS / 2),
  );
  expect(met.length).toBeGreaterThan(0);

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
