// The cluster as `npm run cluster` runs it, on PostgreSQL (TEST_DATABASE_URL) and Redis: the real HAProxy with
// deploy/haproxy.cfg in front of 2 ingest and 2 API processes. A station's uploads land on one ingest process
// (HAProxy's own request counts say which); a socket.io client starts by long-polling, upgrades to a WebSocket
// and gets live samples (the cookie keeps its polling requests on one process); a killed process is taken out
// by the health check and its stations are served by the other; with none left, uploads are answered 503.
import { get, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { type ClusterHarness, type Station, startHarness, upload } from '../../bench/cluster-harness';
import { collect, socketClient } from '../testing/socket';

let harness: ClusterHarness;
beforeAll(async () => {
  harness = await startHarness({
    stations: 8,
    name: 'haproxy_cluster',
    ingest: 2,
    api: 2,
    supervise: false,
    env: { INGEST_PER_SECOND: '100' },
  });
}, 120_000);
afterAll(() => harness?.close());

const t0 = Math.floor(Date.now() / 1000) - 3600;

/** The upload's answer and the ingest process HAProxy sent it to (the one whose request count rose by one). */
async function uploadVia(station: Station, time: number) {
  const counts = async () =>
    new Map(
      (await harness.cluster.haproxy.stats())
        .filter((s) => s.backend === 'ingest')
        .map((s) => [s.server, s.requests]),
    );
  const before = await counts();
  const answer = await upload(harness.port, station, time, 12);
  const after = await counts();
  const rose = [...after].filter(([name, n]) => n !== before.get(name)).map(([name]) => name);
  expect(rose).toHaveLength(1);
  return { status: answer.status, server: rose[0] };
}

/**
 * A GET on a connection of its own: fetch's pool may hand out a kept-alive connection to HAProxy that is being
 * closed as the request goes out ("other side closed", CI under load), which is not what this test is about.
 */
function getFresh(url: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

const served = new Map<string, string>();

test('each station’s uploads land on one ingest process; the stations spread over both; each stored once', async () => {
  const { stations, knex } = harness;
  for (let k = 0; k < 3; k++)
    for (const station of stations) {
      const { status, server } = await uploadVia(station, t0 + k);
      expect(status).toBe(200);
      if (served.has(station.wsid)) expect(server).toBe(served.get(station.wsid));
      served.set(station.wsid, server);
    }
  expect(new Set(served.values())).toEqual(new Set(['ingest1', 'ingest2']));
  const [{ count }] = await knex('samples').count({ count: '*' });
  expect(Number(count)).toBe(3 * stations.length);
}, 60_000);

test('a socket.io client long-polls through HAProxy, upgrades to a WebSocket and gets live samples', async () => {
  const { port, token, stations } = harness;
  const { client, socket, close } = await socketClient(`http://127.0.0.1:${port}`, token, [
    'polling',
    'websocket',
  ]);
  try {
    await vi.waitFor(() => expect(socket.io.engine.transport.name).toBe('websocket'), { timeout: 10_000 });
    await client.service('weatherDevices/watch').create({ id: stations[0]._id });
    const samples = collect<{ device: string }>(client, 'weatherMetrics', 'created');
    expect((await upload(port, stations[0], t0 + 10, 15)).status).toBe(200);
    await vi.waitFor(() => expect(samples.length).toBe(1), { timeout: 10_000 });
  } finally {
    close();
  }
}, 30_000);

test('a killed ingest process is taken out by the health check; its stations go to the other', async () => {
  const { stations, cluster } = harness;
  const station = stations.find((s) => served.get(s.wsid) === 'ingest1')!;
  await cluster.processes.find((p) => p.name === 'ingest1')!.kill('SIGKILL');
  await vi.waitFor(
    async () => {
      const stat = (await cluster.haproxy.stats()).find((s) => s.server === 'ingest1');
      expect(stat?.status).toBe('DOWN');
    },
    { timeout: 10_000, interval: 200 },
  );
  const { status, server } = await uploadVia(station, t0 + 20);
  expect(status).toBe(200);
  expect(server).toBe('ingest2');

  // No ingest process left: uploads are answered "retry later", never accepted and dropped.
  await cluster.processes.find((p) => p.name === 'ingest2')!.kill('SIGKILL');
  const res = await getFresh(`http://127.0.0.1:${harness.port}/data/upload.php?wsid=${station.wsid}&wspw=x`);
  expect(res.status).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.body).toBe('Uploads unavailable, retry later');
}, 30_000);
