// `npm run bench`: prints the figures the issues ask for, as ratios measured side by side in one run
// (absolute times on a shared 2-core machine are noisy; ratios against a floor measured alongside are not).
import { historyBench } from './history';
import { ingestBench } from './ingest';
import { realtimeBench } from './realtime';

const pad = (s: string, n: number) => s.padEnd(n);
const fmt = (n: number, dp = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: dp, minimumFractionDigits: dp });
const only = process.argv.slice(2);
const want = (name: string) => only.length === 0 || only.includes(name);

if (want('ingest')) {
  console.log(
    'Ingest: WSLink uploads (~40 fields) from 1,000 stations into SQLite, vs a bare endpoint of the same stack',
  );
  const { bare, ingest, ratio, cpuUs, stations } = await ingestBench(Number(process.env.BENCH_SECONDS ?? 3));
  console.log('  (medians of 5 alternating rounds)');
  console.log(`  ${pad('endpoint', 24)}${pad('req/s', 12)}${pad('p50 ms', 10)}${pad('p95 ms', 10)}statuses`);
  for (const [name, r] of [
    ['bare (same stack)', bare],
    [`ingest (${stations} stations)`, ingest],
  ] as const) {
    console.log(
      `  ${pad(name, 24)}${pad(fmt(r.perSecond), 12)}${pad(fmt(r.p50ms, 1), 10)}${pad(fmt(r.p95ms, 1), 10)}${JSON.stringify(r.statuses)}`,
    );
  }
  console.log(`  ingest uploads/s: ${fmt(ingest.perSecond)} (goal ≥ 2,000)`);
  console.log(`  ingest / bare: ${fmt(ratio * 100, 1)} % (goal ≥ 40 %)`);
  console.log(
    `  server CPU per answer: bare ${fmt(cpuUs.bare, 1)} µs, ingest ${fmt(cpuUs.ingest, 1)} µs = ${fmt((cpuUs.bare / cpuUs.ingest) * 100, 1)} % (the rate ratio if the load generator never limited the bare endpoint)\n`,
  );
}

if (want('history')) {
  console.log(
    'History: a year of 16-second uploads for one device (SQLite); the service vs a plain SQL SELECT of the same buckets',
  );
  const { timings, samples, setupSeconds } = await historyBench();
  console.log(
    `  (${fmt(samples)} uploads folded into buckets in ${fmt(setupSeconds, 1)} s; medians of 31 runs after 20 warm-up calls)`,
  );
  const head = [
    pad('call', 28),
    pad('rows', 8),
    pad('service ms', 12),
    pad('HTTP ms', 10),
    pad('SQL ms', 10),
  ];
  console.log(`  ${head.join('')}service / SQL (goal ≤ 3×, < 25 ms)`);
  for (const t of timings) {
    const cells = [
      pad(t.name, 28),
      pad(String(t.rows), 8),
      pad(fmt(t.ms, 2), 12),
      pad(fmt(t.httpMs, 2), 10),
      pad(fmt(t.sqlMs, 2), 10),
    ];
    console.log(`  ${cells.join('')}${fmt(t.ms / t.sqlMs, 1)}×`);
  }
  console.log('');
}

if (want('realtime')) {
  console.log(
    'Realtime: upload → `weatherMetrics created` at a watching socket, with 1,000 watchers of the station',
  );
  const r = await realtimeBench();
  console.log(
    `  ${r.uploads} uploads; the measuring client (served last) got ${r.delivered}, the other ${r.watchers - 1} got ${r.passiveReceived} events in all`,
  );
  console.log(
    `  from sending the upload to the event: p50 ${fmt(r.p50, 1)} ms, p95 ${fmt(r.p95, 1)} ms (goal p95 < 20 ms)`,
  );
  console.log(`  (the upload's own HTTP round trip, p50: ${fmt(r.uploadRoundTripP50, 1)} ms)\n`);
}

if (want('browser')) {
  console.log(
    'Browser (headless Chromium, e2e flags): offline-first data engine against a demo server (DEMO=on)',
  );
  const { browserBench } = await import('./browser');
  const { figures } = await browserBench();
  console.log(`  ${pad('figure', 50)}${pad('ms', 10)}${pad('goal', 10)}result`);
  for (const f of figures)
    console.log(
      `  ${pad(f.name, 50)}${pad(fmt(f.ms, 1), 10)}${pad(`< ${f.goalMs}`, 10)}${f.ms < f.goalMs ? 'pass' : 'FAIL'}`,
    );
  for (const f of figures) console.log(`  · ${f.name}: ${f.against}`);
  console.log('');
}
