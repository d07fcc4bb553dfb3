// kill -9 of one API process under load: its socket clients reconnect through HAProxy to the other one and
// fill the gap from the history (what the app's data worker does on reconnecting), so nothing is missing.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type ClusterHarness, startHarness, startWatchers } from '../bench/cluster-harness';
import { sleep, uploadLoop } from './uploads';

let harness: ClusterHarness;
beforeAll(async () => {
  harness = await startHarness({ stations: 30, name: 'fault_api', env: { INGEST_PER_SECOND: '10' } });
});
afterAll(() => harness?.close());

test('an API process killed under load: its clients reconnect to another and fill the gap', async () => {
  const { port, token, stations, cluster } = harness;
  const watchers = await startWatchers(
    port,
    token,
    stations.map((s) => s._id),
    1,
  );
  const uploads = uploadLoop(port, stations, 1000);
  await sleep(4000);
  const api1 = cluster.processes.find((p) => p.name === 'api1')!;
  await api1.kill('SIGKILL');
  // The watchers' clock: the monotonic clock every process on the machine shares (bench/cluster-watchers.ts).
  const killedAt = Number(process.hrtime.bigint()) / 1e6;
  await sleep(8000);
  await uploads.stop();
  await sleep(1500);
  const reports = await watchers.report();
  await watchers.stop();

  // About half the clients were on the killed process: they watched again, through the other one (api1 may be
  // back by now, restarted by the cluster: either way, on a running process).
  const moved = reports.filter((r) => r.watches > 1);
  expect(moved.length).toBeGreaterThan(0);
  expect(reports.every((r) => r.watches >= 1)).toBe(true);
  // Live again after reconnecting: samples arrived after the new watch began. The recovery time of a client is
  // from the kill to its first live sample on the new watch: the reconnect delay (0.2-1 s), the handshake and
  // the wait for its station's next upload (1 s); the slowest of them is bounded.
  const recoveries = moved.map((r) => {
    const rewatched = r.watchedAt[r.watchedAt.length - 1];
    expect(rewatched).toBeGreaterThan(killedAt);
    const first = r.events.find(([, at]) => at > rewatched);
    expect(first, `device ${r.device}: no sample after watching again`).toBeDefined();
    return first![1] - killedAt;
  });
  const slowest = Math.max(...recoveries);
  console.log(`api-crash: ${moved.length} clients moved; recovery slowest ${Math.round(slowest)} ms`);
  expect(slowest).toBeLessThan(5000);
  expect(uploads.statuses()).toEqual({ 200: expect.any(Number) }); // uploads never depended on api1

  // The gap: each client's live samples plus the history it reads after reconnecting hold every accepted upload.
  const accepted = uploads.accepted();
  let gaps = 0;
  for (const r of reports) {
    const live = new Set(r.events.map(([time]) => time));
    const mine = [...accepted]
      .filter((k) => k.startsWith(`${r.device}:`))
      .map((k) => Number(k.split(':')[1]));
    const missing = mine.filter((t) => !live.has(t));
    gaps += missing.length;
    if (missing.length === 0) continue;
    const from = Math.min(...missing);
    const res = await fetch(
      `http://127.0.0.1:${port}/weatherMetrics?device=${r.device}&from=${from}&to=${Math.max(...mine) + 1}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(res.status).toBe(200);
    const [, rows] = (await res.json()) as [string[], number[][]];
    const history = new Set(rows.map((row) => row[0]));
    expect(missing.filter((t) => !history.has(t))).toEqual([]);
  }
  // The kill did cost the moved clients live samples (the gap the history filled).
  expect(gaps).toBeGreaterThan(0);
});
