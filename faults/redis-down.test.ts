// Redis down (a Redis server of this run's own, on CLUSTER_TEST_REDIS_PORT, default 4790): each process keeps
// delivering the events of the uploads it accepts to its own sockets, and once Redis is back the processes
// share their events again. Two ROLE=all processes, reached directly (uploads and sockets on each).
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  type ClusterHarness,
  clusterPorts,
  startHarness,
  startWatchers,
  upload,
} from '../bench/cluster-harness';
import { sleep, until } from './uploads';

const REDIS_PORT = Number(process.env.CLUSTER_TEST_REDIS_PORT ?? 4790);
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
  await startRedis();
  const { ports } = clusterPorts();
  process.env.CLUSTER_TEST_PORTS = ports.slice(0, 2).join(',');
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

test('Redis down: each process delivers its own events; shared again when Redis returns', async () => {
  const { token, stations, cluster } = harness;
  const [a, b] = cluster.processes.map((p) => p.port);
  // Two clients per process, watching the same station.
  const watchers = await startWatchers(0, token, [stations[0]._id, stations[0]._id], 1, [a, b]);
  const t0 = Math.floor(Date.now() / 1000) - 600;
  const times = (client: number) => async () => (await watchers.report())[client].events.map(([t]) => t);

  // Redis up: an upload to A reaches both.
  expect((await upload(a, stations[0], t0, 10)).status).toBe(200);
  await until(async () => (await times(1)()).includes(t0), 5000, 'the event at B');

  await stopRedis();
  await sleep(500);
  // Down: A's upload reaches A's client (not B's); B's upload reaches B's client.
  expect((await upload(a, stations[0], t0 + 1, 11)).status).toBe(200);
  expect((await upload(b, stations[0], t0 + 2, 12)).status).toBe(200);
  await until(async () => (await times(0)()).includes(t0 + 1), 5000, "A's own event at A");
  await until(async () => (await times(1)()).includes(t0 + 2), 5000, "B's own event at B");

  // Back: shared again (the clients reconnect; events flow between the processes).
  await startRedis();
  await until(
    async () => {
      const t = t0 + 3 + Math.floor(Math.random() * 1000);
      expect((await upload(a, stations[0], t, 13)).status).toBe(200);
      await sleep(500);
      return (await times(1)()).includes(t);
    },
    30_000,
    'events shared through Redis again',
  );
  const [atA, atB] = await watchers.report();
  await watchers.stop();
  // Never twice; and while Redis was down, neither process got the other's event (the outage was real).
  for (const r of [atA, atB]) expect(new Set(r.events.map(([t]) => t)).size).toBe(r.events.length);
  expect(atB.events.map(([t]) => t)).not.toContain(t0 + 1);
  expect(atA.events.map(([t]) => t)).not.toContain(t0 + 2);
});
