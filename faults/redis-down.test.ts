// Redis down (a Redis server of this run's own, on CLUSTER_TEST_REDIS_PORT, default a free port): each process keeps
// delivering the events of the uploads it accepts to its own sockets; once Redis is back each process replays
// from storage the samples its sockets missed (issue #20), and the processes share their events again. Reports
// live events delivered/expected per socket during the outage and after it. Two ROLE=all processes, reached
// directly (uploads and sockets on each).
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type ClusterHarness, startHarness, startWatchers, upload } from '../bench/cluster-harness';
import { freePorts } from '../server/testing/free-ports';
import { sleep, until } from './uploads';

let REDIS_PORT = Number(process.env.CLUSTER_TEST_REDIS_PORT ?? 0);
/** How long Redis stays down (REDIS_DOWN_SECONDS, default 10). */
const OUTAGE_MS = Number(process.env.REDIS_DOWN_SECONDS ?? 10) * 1000;
let redis: ChildProcess | null = null;

async function startRedis() {
  redis = spawn(
    'redis-server',
    ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve) =>
    redis!.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('Ready to accept connections')) resolve();
    }),
  );
}
async function stopRedis() {
  if (!redis || redis.exitCode !== null) return;
  const exited = once(redis, 'exit');
  redis.kill('SIGKILL');
  await exited;
}

let harness: ClusterHarness;
beforeAll(async () => {
  if (!REDIS_PORT) [REDIS_PORT] = await freePorts(1);
  await startRedis();
  harness = await startHarness({
    stations: 2,
    name: 'fault_redis',
    env: { REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`, INGEST_PER_SECOND: '10' },
    roles: ['all', 'all'],
  });
});
afterAll(async () => {
  await harness?.close();
  await stopRedis();
});

test('Redis down: each process delivers its own events; once Redis is back every socket gets all of them', async () => {
  const { token, stations, cluster } = harness;
  const [a, b] = cluster.processes.map((p) => p.port);
  // Two clients per process, watching the same station.
  const watchers = await startWatchers(0, token, [stations[0]._id, stations[0]._id], 1, [a, b]);
  const t0 = Math.floor(Date.now() / 1000) - 600;
  const times = async (client: number) => new Set((await watchers.report())[client].events.map(([t]) => t));

  // Redis up: an upload to A reaches both.
  expect((await upload(a, stations[0], t0, 10)).status).toBe(200);
  await until(async () => (await times(1)).has(t0), 5000, 'the event at B');

  await stopRedis();
  await sleep(500);
  // Down for OUTAGE_MS: a sample every 100 ms, to A and B in turn. Each process delivers its own at once.
  const expected: number[] = [];
  const outageEnd = Date.now() + OUTAGE_MS;
  for (let t = t0 + 1; Date.now() < outageEnd; t++) {
    expect((await upload(t % 2 ? a : b, stations[0], t, 11)).status).toBe(200);
    expected.push(t);
    await sleep(100);
  }
  const own = (client: number) => expected.filter((t) => (t % 2 ? 0 : 1) === client);
  await until(
    async () => {
      [atA, atB] = [await times(0), await times(1)];
      return own(0).every((t) => atA.has(t)) && own(1).every((t) => atB.has(t));
    },
    5000,
    'each process its own events',
  );
  const during = [atA, atB].map((seen) => expected.filter((t) => seen.has(t)).length);
  // The outage was real: neither process had the other's events.
  expect(during).toEqual([own(0).length, own(1).length]);

  // Back: each process replays from storage what its sockets missed; events flow between processes again.
  await startRedis();
  await until(
    async () => {
      [atA, atB] = [await times(0), await times(1)];
      return expected.every((t) => atA.has(t) && atB.has(t));
    },
    30_000,
    'every event of the outage at both',
  );
  const after = [atA, atB].map((seen) => expected.filter((t) => seen.has(t)).length);
  console.log(
    `Redis down ${OUTAGE_MS / 1000} s, ${expected.length} live samples: delivered/expected during the outage ` +
      `A ${during[0]}/${expected.length}, B ${during[1]}/${expected.length}; after the bus returned ` +
      `A ${after[0]}/${expected.length} (${(100 * after[0]) / expected.length} %), ` +
      `B ${after[1]}/${expected.length} (${(100 * after[1]) / expected.length} %)`,
  );
  expect(after).toEqual([expected.length, expected.length]);
  const next = t0 + expected.length + 10;
  expect((await upload(a, stations[0], next, 13)).status).toBe(200);
  await until(async () => (await times(1)).has(next), 10_000, 'events shared through Redis again');
  const reports = await watchers.report();
  await watchers.stop();
  // Never twice.
  for (const r of reports) expect(new Set(r.events.map(([t]) => t)).size).toBe(r.events.length);
});

let atA = new Set<number>();
let atB = new Set<number>();
