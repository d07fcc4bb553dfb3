// `npm run bench:load`: the cluster (`npm run cluster`: INGEST_PROCESSES ingest (1) + 2 API processes behind
// HAProxy, PostgreSQL, Redis) under a portal's load: LOAD_STATIONS stations (2,000) each uploading every LOAD_INTERVAL seconds (16),
// evenly spread, and LOAD_CLIENTS socket clients (1,000) each watching one of them, for LOAD_SECONDS (300).
// Prints failed uploads, missed and duplicated live events at every LOAD_SAMPLE_EVERY-th client (10th), upload
// latency and upload → event latency (p50/p95), each server process's resident memory at start, by minute and at
// the end, and PostgreSQL's table and index growth per hour.
import { readFileSync } from 'node:fs';
import type { Knex } from 'knex';
import { PARTITIONED } from '../server/storage/partitions';
import {
  clock,
  cpuSeconds,
  percentile,
  rssMiB,
  startHarness,
  startWatchers,
  type UploadAnswer,
  upload,
} from './cluster-harness';

const STATIONS = Number(process.env.LOAD_STATIONS ?? 2000);
const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 1000);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 300);
const INTERVAL = Number(process.env.LOAD_INTERVAL ?? 16);
const EVERY = Number(process.env.LOAD_SAMPLE_EVERY ?? 10);
/** Bytes of each stored table, its partitions summed: the table's own and its indexes'. */
async function tableSizes(knex: Knex): Promise<Record<string, { table: number; indexes: number }>> {
  const out: Record<string, { table: number; indexes: number }> = {};
  for (const table of Object.keys(PARTITIONED)) {
    const { rows } = await knex.raw(
      `SELECT coalesce(sum(pg_table_size(c.oid)), 0)::bigint AS t, coalesce(sum(pg_indexes_size(c.oid)), 0)::bigint AS i
       FROM pg_class c WHERE c.oid = to_regclass(?) OR c.oid IN (SELECT inhrelid FROM pg_inherits WHERE inhparent = to_regclass(?))`,
      [table, table],
    );
    out[table] = { table: Number(rows[0].t), indexes: Number(rows[0].i) };
  }
  return out;
}
const fmt = (n: number, dp = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: dp, minimumFractionDigits: dp });

console.log(
  `Load: ${fmt(STATIONS)} stations uploading every ${INTERVAL} s and ${fmt(CLIENTS)} socket clients, for ${SECONDS} s, against the cluster`,
);
const harness = await startHarness({ stations: STATIONS, name: 'bench_load' });
try {
  const { port, stations, cluster } = harness;
  // Client i watches station 2i (half the stations are watched, spread over all of them).
  const stride = Math.max(1, Math.floor(STATIONS / CLIENTS));
  const watched = Array.from({ length: CLIENTS }, (_, i) => stations[(i * stride) % STATIONS]._id);
  const watchers = await startWatchers(port, harness.token, watched, EVERY);
  const rssStart = cluster.processes.map((p) => [p.name, rssMiB(p.child?.pid)] as const);
  console.log(`  cluster up, ${fmt(CLIENTS)} clients watching; uploading…`);
  // RSS each minute too: a process that only grows differs from one that settles after warming up.
  const rssByMinute: (number | null)[][] = [];
  const rssTimer = setInterval(
    () => rssByMinute.push(cluster.processes.map((p) => rssMiB(p.child?.pid))),
    60_000,
  );

  // Each station uploads at its own phase of the interval; a station's sample times increase by INTERVAL.
  const answers = new Map<string, (UploadAnswer & { sent: number })[]>();
  for (const s of stations) answers.set(s._id, []);
  const t0 = Math.floor(Date.now() / 1000);
  // CPU time of each process and of HAProxy (master and worker: -W, the worker is the master's child) while
  // uploading: per upload, the figure that scales with the machine's cores.
  const master = cluster.haproxy.child.pid!;
  const haproxyPids = [
    master,
    ...readFileSync(`/proc/${master}/task/${master}/children`, 'utf8').trim().split(/\s+/).map(Number),
  ];
  const cpu = () => [
    ...cluster.processes.map((p) => cpuSeconds(p.child?.pid) ?? 0),
    haproxyPids.reduce((sum, pid) => sum + (cpuSeconds(pid) ?? 0), 0),
  ];
  const cpuStart = cpu();
  const sizesStart = await tableSizes(harness.knex);
  const requestsAt = async () => (await cluster.haproxy.stats()).reduce((n, x) => n + x.requests, 0);
  const requestsStart = await requestsAt();
  const started = clock();
  let inFlight = 0;
  let maxInFlight = 0;
  const pending: Promise<void>[] = [];
  const rounds = Math.floor(SECONDS / INTERVAL);
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < stations.length; i++) {
      const due = started + (round * INTERVAL + (i / stations.length) * INTERVAL) * 1000;
      const wait = due - clock();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const station = stations[i];
      const time = t0 + round * INTERVAL + Math.floor((i / stations.length) * INTERVAL);
      const sent = clock();
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      pending.push(
        upload(port, station, time, round % 40).then((a) => {
          inFlight--;
          answers.get(station._id)!.push({ ...a, sent });
        }),
      );
    }
  }
  await Promise.all(pending);
  const cpuUsed = cpu().map((c, i) => c - cpuStart[i]);
  const requests = (await requestsAt()) - requestsStart;
  await new Promise((r) => setTimeout(r, 3000)); // the last events in flight
  clearInterval(rssTimer);
  const rssEnd = cluster.processes.map((p) => [p.name, rssMiB(p.child?.pid)] as const);
  const reports = await watchers.report();
  await watchers.stop();

  const all = [...answers.values()].flat();
  const statuses: Record<number, number> = {};
  for (const a of all) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  const failed = all.filter((a) => a.status !== 200).length;

  // Sampled clients: every 200 of their station once, nothing else.
  let expected = 0;
  let missed = 0;
  let duplicated = 0;
  let unexpected = 0;
  const eventMs: number[] = [];
  for (const r of reports.filter((x) => x.sampled)) {
    const ok = new Map(
      answers
        .get(r.device)!
        .filter((a) => a.status === 200)
        .map((a) => [a.time, a]),
    );
    const seen = new Map<number, number>();
    for (const [time, at] of r.events) {
      seen.set(time, (seen.get(time) ?? 0) + 1);
      const a = ok.get(time);
      if (a && seen.get(time) === 1) eventMs.push(at - a.sent);
    }
    expected += ok.size;
    for (const time of ok.keys()) if (!seen.has(time)) missed++;
    for (const [time, n] of seen) {
      if (n > 1) duplicated += n - 1;
      if (!ok.has(time)) unexpected++;
    }
  }
  const sampled = reports.filter((x) => x.sampled).length;
  const reconnects = reports.reduce((n, r) => n + r.watches - 1, 0);
  const received = reports.reduce((n, r) => n + r.received, 0);
  const ms = all.map((a) => a.ms);
  const elapsed = (clock() - started) / 1000;
  console.log(
    `  ${fmt(all.length)} uploads asked for at ${fmt(all.length / (rounds * INTERVAL), 1)}/s, answered in ${fmt(elapsed, 0)} s (${fmt(all.length / elapsed, 1)}/s), statuses ${JSON.stringify(statuses)}, at most ${maxInFlight} in flight`,
  );
  console.log(`  failed uploads: ${failed} (goal 0)`);
  console.log(
    `  live events received by all ${fmt(CLIENTS)} clients: ${fmt(received)}; reconnections: ${reconnects}`,
  );
  console.log(
    `  sampled clients: ${sampled} (every ${EVERY}th), ${fmt(expected)} events expected: missed ${missed}, duplicated ${duplicated}, without a 200 upload ${unexpected} (goal 0, 0, 0)`,
  );
  console.log(
    `  upload latency (send → 200):      p50 ${fmt(percentile(ms, 0.5), 1)} ms  p95 ${fmt(percentile(ms, 0.95), 1)} ms`,
  );
  console.log(
    `  upload → event at a sampled client: p50 ${fmt(percentile(eventMs, 0.5), 1)} ms  p95 ${fmt(percentile(eventMs, 0.95), 1)} ms`,
  );
  // Per minute: a stall of the shared machine shows as one bad minute, a server falling behind as a trend.
  const minutes = new Map<number, number[]>();
  for (const a of all) {
    const m = Math.floor((a.sent - started) / 60000);
    const list = minutes.get(m) ?? [];
    list.push(a.ms);
    minutes.set(m, list);
  }
  console.log(
    `  upload latency by minute, p50/p95 ms: ${[...minutes.entries()]
      .sort((x, y) => x[0] - y[0])
      .map(([m, xs]) => `${m + 1}: ${fmt(percentile(xs, 0.5))}/${fmt(percentile(xs, 0.95))}`)
      .join(', ')}`,
  );
  console.log('  server RSS (MiB), start → end:');
  for (const [i, [name, start]] of rssStart.entries())
    console.log(
      `    ${name.padEnd(8)} ${fmt(start ?? 0, 0)} → ${fmt(rssEnd[i][1] ?? 0, 0)}   by minute: ${rssByMinute.map((m) => fmt(m[i] ?? 0, 0)).join(', ')}`,
    );
  // HAProxy's own counts: how the stations' hash spread the uploads, and the API processes' share.
  const stats = await cluster.haproxy.stats();
  console.log(
    `  requests per process (HAProxy): ${stats.map((s) => `${s.server} ${fmt(s.requests)} (${s.status})`).join(', ')}`,
  );
  const rssHaproxy = haproxyPids.map((pid) => rssMiB(pid) ?? 0);
  console.log(
    `  HAProxy RSS at the end (MiB, master + worker): ${rssHaproxy.map((m) => fmt(m, 0)).join(' + ')}`,
  );
  const ingestCpu = cluster.processes.reduce((t, p, i) => t + (p.role === 'api' ? 0 : cpuUsed[i]), 0);
  const apiCpu = cluster.processes.reduce((t, p, i) => t + (p.role === 'api' ? cpuUsed[i] : 0), 0);
  console.log(
    `  CPU while uploading (s): ${cluster.processes.map((p, i) => `${p.name} ${fmt(cpuUsed[i], 1)}`).join(', ')}, HAProxy ${fmt(cpuUsed.at(-1)!, 1)}`,
  );
  console.log(
    `  CPU per upload: ingest processes ${fmt((ingestCpu / all.length) * 1e6)} µs, API processes (events to sockets) ${fmt((apiCpu / all.length) * 1e6)} µs, HAProxy ${fmt((cpuUsed.at(-1)! / requests) * 1e6)} µs per request`,
  );
  // PostgreSQL's growth while uploading, per table (its partitions summed), scaled to an hour.
  const sizesEnd = await tableSizes(harness.knex);
  const perHour = 3600 / elapsed;
  const mib = (bytes: number) => fmt((bytes * perHour) / 2 ** 20, 1);
  console.log('  PostgreSQL growth per hour at this rate (MiB, table + indexes):');
  for (const [table, end] of Object.entries(sizesEnd)) {
    const start = sizesStart[table] ?? { table: 0, indexes: 0 };
    console.log(
      `    ${table.padEnd(10)} ${mib(end.table - start.table)} + ${mib(end.indexes - start.indexes)}   (now ${fmt((end.table + end.indexes) / 2 ** 20, 1)} MiB)`,
    );
  }
  const samples = await harness.knex('samples').count({ n: '*' }).first();
  console.log(
    `  samples stored: ${fmt(Number(samples?.n))} (uploads answered 200: ${fmt(statuses[200] ?? 0)})`,
  );
} finally {
  await harness.close();
}
process.exit(0);
