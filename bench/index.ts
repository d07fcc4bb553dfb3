// `npm run bench`: prints the figures the issues ask for, as ratios measured side by side in one run
// (absolute times on a shared 2-core machine are noisy; ratios against a floor measured alongside are not).

import { historyBench } from './history';
import { importBench } from './import';
import { ingestBench } from './ingest';
import { realtimeBench } from './realtime';

const pad = (s: string, n: number) => s.padEnd(n);
const fmt = (n: number, dp = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: dp, minimumFractionDigits: dp });
// `--smoke` (CI): every section, the scale-out ones too, at the smallest size that still runs each code path
// once: seconds each, figures meaningless, goals not checked. It keeps a bench from breaking unnoticed.
const smoke = process.argv.includes('--smoke');
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
// Sections named with --smoke (`npm run bench -- --smoke lighthouse`): only those, at their smallest.
const all = only.length === 0;
const want = (name: string) => all || only.includes(name);
/** The sections a full run leaves out (scale-out engines); a smoke runs them too. */
const extra = (name: string) => (smoke && all) || only.includes(name);
if (smoke)
  console.log(
    `Smoke run (--smoke): ${all ? 'every section' : only.join(', ')} at its smallest; figures are not measurements\n`,
  );

// `ingest-pg` (the scale-out engine) is not part of the full run.
for (const engine of ['sqlite', 'pg'] as const) {
  if (engine === 'sqlite' ? !want('ingest') : !extra('ingest-pg')) continue;
  console.log(
    `Ingest: WSLink uploads (~40 fields) from 1,000 stations into ${engine === 'pg' ? 'PostgreSQL' : 'SQLite'}, vs a bare endpoint of the same stack`,
  );
  // PostgreSQL answers a batch in a few milliseconds whatever its size: with 32 uploads in flight the rate is
  // that latency's, not the server's. 1,000 stations upload independently, so the scale-out engine is measured
  // with 256 connections (BENCH_CONCURRENCY sets it).
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? (smoke ? 8 : engine === 'pg' ? 256 : 32));
  const rounds = smoke ? 1 : 5;
  const { bare, ingest, calibrated, ratio, calibratedRatio, cpuUs, stations } = await ingestBench(
    smoke ? 0.3 : Number(process.env.BENCH_SECONDS ?? 3),
    rounds,
    engine,
    concurrency,
  );
  console.log(`  (medians of ${rounds} alternating rounds, ${concurrency} connections)`);
  console.log(`  ${pad('endpoint', 24)}${pad('req/s', 12)}${pad('p50 ms', 10)}${pad('p95 ms', 10)}statuses`);
  for (const [name, r] of [
    ['bare (same stack)', bare],
    [`ingest (${stations} stations)`, ingest],
    ['ingest, calibrated + QC', calibrated],
  ] as const) {
    console.log(
      `  ${pad(name, 24)}${pad(fmt(r.perSecond), 12)}${pad(fmt(r.p50ms, 1), 10)}${pad(fmt(r.p95ms, 1), 10)}${JSON.stringify(r.statuses)}`,
    );
  }
  // SQLite: ≥ 2,000 uploads/s and ≥ 40 % of the bare endpoint (issue #2); PostgreSQL: ≥ 4,000 through HTTP (#16).
  console.log(
    `  ingest uploads/s: ${fmt(ingest.perSecond)} (goal ${engine === 'sqlite' ? '≥ 2,000' : '≥ 4,000'})`,
  );
  console.log(`  ingest / bare: ${fmt(ratio * 100, 1)} %${engine === 'sqlite' ? ' (goal ≥ 40 %)' : ''}`);
  // Issue 24: with each station's calibration and quality control (owner limits too) applied, still ≥ 40 % of
  // the bare endpoint.
  console.log(
    `  ingest with calibration and QC / bare: ${fmt(calibratedRatio * 100, 1)} % (goal ≥ 40 %); server CPU per answer ${fmt(cpuUs.calibrated, 1)} µs`,
  );
  console.log(
    `  server CPU per answer: bare ${fmt(cpuUs.bare, 1)} µs, ingest ${fmt(cpuUs.ingest, 1)} µs = ${fmt((cpuUs.bare / cpuUs.ingest) * 100, 1)} % (the rate ratio if the load generator never limited the bare endpoint)${engine === 'pg' ? '' : '\n'}`,
  );
  if (engine === 'pg') {
    const { pgWriterBench } = await import('./pg-writer');
    const writer = await pgWriterBench(128, smoke ? 0.3 : 5);
    console.log(
      `  the PostgreSQL writer alone (no HTTP), ${writer.lanes} lanes of ${writer.batch}-upload batches: ${fmt(writer.perSecond)} uploads/s, ${fmt(writer.cpuUs, 1)} µs of CPU per upload (its own ceiling: the goal is the line above, through HTTP)\n`,
    );
  }
}

// `history-pg` (the scale-out engine, partitioned tables) is not part of the full run.
for (const engine of ['sqlite', 'pg'] as const) {
  if (engine === 'sqlite' ? !want('history') : !extra('history-pg')) continue;
  console.log(
    `History: a year of 16-second uploads for one device (${engine === 'pg' ? 'PostgreSQL, partitioned by time' : 'SQLite'}); the service vs a plain SQL SELECT of the same buckets (the climate year, issue 26: goal ≤ 3× the SELECT of its 5-minute rows)`,
  );
  const { timings, samples, setupSeconds, plans } = await historyBench(
    engine,
    smoke ? { days: 7, warmup: 1, runs: 1 } : {},
  );
  console.log(
    `  (${fmt(samples)} uploads folded into buckets in ${fmt(setupSeconds, 1)} s; medians of 31 interleaved rounds after 20 warm-up rounds)`,
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
  for (const { name, plan } of plans)
    console.log(`  EXPLAIN ANALYZE, ${name}:\n    ${plan.replaceAll('\n', '\n    ')}`);
  console.log('');
}

// `realtime-scaleout` is not part of the full run: on 2 shared cores two server processes only compete.
for (const processes of [1, 2]) {
  if (processes === 1 ? !want('realtime') : !extra('realtime-scaleout')) continue;
  console.log(
    processes === 1
      ? 'Realtime: upload → `weatherMetrics created` with 1,000 watchers of the station, one server process (SQLite)'
      : `Realtime, scale-out: ${processes} server processes on PostgreSQL sharing events through Redis, watchers spread over them`,
  );
  const r = await realtimeBench({
    processes,
    floor: processes === 1,
    ...(smoke ? { watchers: 20, uploads: 5, warmup: 2 } : {}),
  });
  console.log(
    `  ${r.uploads} uploads after ${r.warmup} warm-up ones; the measuring socket got ${r.delivered}, the other ${r.watchers - 1} got ${r.passiveReceived} in all`,
  );
  const row = (name: string, x: { p50: number; p95: number }, goal = '') =>
    console.log(`  ${pad(name, 62)}p50 ${pad(fmt(x.p50, 1), 7)}p95 ${pad(fmt(x.p95, 1), 7)}${goal}`);
  row('the watcher served last, from the upload accepted (ms)', r.lastServedFromAcceptance);
  row('the watcher served last, from sending the upload', r.lastServed);
  // Read by one helper process on the same 2 cores: while the server writes, it waits for a core.
  row('every watcher, every upload (as their helper process reads)', r.all);
  if (r.floor) {
    const { floor } = r;
    row('floor: bare socket.io, one room broadcast, from sending', floor);
    console.log(
      `  (the floor's rounds take turns with the uploads, same payloads; its measuring socket got ${floor.delivered}, the other ${r.watchers - 1} got ${floor.passiveReceived} in all)`,
    );
    const ratio = r.lastServed.p95 / floor.p95;
    const met = (ok: boolean) => (ok ? 'met' : 'missed');
    console.log(`  served last (from sending) / floor at p95: ${fmt(ratio, 2)}×`);
    console.log(`  goal p95 ≤ 1.25× floor: ${met(ratio <= 1.25)}`);
    console.log(`  goal p95 < 30 ms: ${met(r.lastServed.p95 < 30)}`);
  }
  console.log(`  server CPU per upload (store it, send it to every watcher): ${fmt(r.cpuPerUpload, 1)} ms`);
  console.log(`  the upload's own HTTP round trip, p50: ${fmt(r.uploadRoundTripP50, 1)} ms\n`);
}

if (want('bundle')) {
  console.log(
    'Bundle: JavaScript loaded before the first paint of a first load, as sent (brotli), service worker blocked',
  );
  const { bundleBench, BUDGET_KIB } = await import('./bundle');
  const kib = (n: number) => n / 1024;
  for (const load of await bundleBench()) {
    console.log(
      `  ${pad(load.note ? `${load.path} (${load.note})` : load.path, 36)}${pad(`${fmt(kib(load.br), 1)} KiB`, 14)}(raw ${fmt(kib(load.raw), 1)} KiB, ${load.files.length} files)  ${load.budgeted ? `goal ≤ ${BUDGET_KIB} KiB: ${kib(load.br) <= BUDGET_KIB ? 'met' : 'missed'}` : 'no goal (first values need the store and the data worker)'}`,
    );
    for (const f of load.files.slice(0, smoke ? 3 : 12))
      console.log(`    ${pad(f.url, 50)}${pad(`${fmt(kib(f.br), 1)} KiB`, 12)}raw ${fmt(kib(f.raw), 1)} KiB`);
  }
  console.log('');
}

if (want('browser')) {
  console.log(
    'Browser (headless Chromium, e2e flags): offline-first data engine against a demo server (DEMO=on)',
  );
  const { browserBench } = await import('./browser');
  const { figures } = await browserBench(smoke ? 1 : 7);
  console.log(
    `  ${pad('figure', 50)}${pad('ms', 10)}${pad('floor ms', 10)}${pad('ratio', 10)}${pad('goal', 10)}result`,
  );
  for (const f of figures) {
    const ratio = f.ms / f.floorMs;
    console.log(
      `  ${pad(f.name, 50)}${pad(fmt(f.ms, 1), 10)}${pad(fmt(f.floorMs, 2), 10)}${pad(`${fmt(ratio, 1)}×`, 10)}${pad(`≤ ${f.goalRatio}×`, 10)}${ratio <= f.goalRatio ? 'pass' : 'FAIL'}`,
    );
  }
  for (const f of figures) console.log(`  · ${f.name}: ${f.against}; floor: ${f.floor}`);
  console.log('');
}

// Lighthouse (issue 32): the mobile preset, cold, on the three pages; a smoke runs /login alone, or says why not.
// Not part of the full run (minutes: three pages, three runs each): `npm run bench -- lighthouse`.
if (extra('lighthouse')) {
  console.log("Lighthouse (mobile preset, cold; Debian's Chromium with the e2e flags) against a demo server");
  const { GOALS, LIGHTHOUSE_PAGES, lighthouseBench, lighthouseMissing } = await import('./lighthouse');
  const missing = await lighthouseMissing();
  if (missing) console.log(`  skipped: ${missing}\n`);
  else {
    const runs = smoke ? 1 : Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
    const rows = await lighthouseBench(smoke ? ['/login'] : LIGHTHOUSE_PAGES, runs);
    console.log(`  (the median of ${runs} run${runs === 1 ? '' : 's'} per page, by performance)`);
    console.log(
      `  ${pad('page', 16)}${pad('performance', 13)}${pad('CLS', 9)}${pad('accessibility', 15)}${pad('SEO', 6)}${pad('FCP ms', 9)}${pad('LCP ms', 9)}TBT ms`,
    );
    for (const r of rows)
      console.log(
        `  ${pad(r.path, 16)}${pad(String(r.performance), 13)}${pad(fmt(r.cls, 3), 9)}${pad(String(r.accessibility), 15)}${pad(String(r.seo), 6)}${pad(fmt(r.fcpMs), 9)}${pad(fmt(r.lcpMs), 9)}${fmt(r.tbtMs)}`,
      );
    const met = rows.every(
      (r) =>
        r.performance >= GOALS.performance &&
        r.cls < GOALS.cls &&
        r.accessibility >= GOALS.accessibility &&
        r.seo >= GOALS.seo,
    );
    console.log(
      `  goals (performance ≥ ${GOALS.performance}, CLS < ${GOALS.cls}, accessibility and SEO ${GOALS.accessibility}): ${met ? 'met' : 'missed'}\n`,
    );
  }
}

// `npm run bench:load` (its own script: minutes against the cluster) runs in a smoke too, at 20 stations for 16 s.
if (smoke && all) {
  const { spawnSync } = await import('node:child_process');
  const load = spawnSync(process.execPath, ['--import', 'tsx', 'bench/load-run.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      LOAD_STATIONS: '20',
      LOAD_CLIENTS: '10',
      LOAD_SECONDS: '16',
      LOAD_SAMPLE_EVERY: '1',
    },
  });
  if (load.status !== 0) throw new Error(`bench:load smoke failed (exit ${load.status})`);
}

// Import (issue 25): `import` runs SQLite and PostgreSQL.
for (const engine of ['sqlite', 'pg'] as const) {
  if (!want('import')) continue;
  console.log(
    `Import: a 5-year archive at 5-minute intervals (CumulusMX log) into ${engine === 'pg' ? 'PostgreSQL' : 'SQLite'}, vs a bare bulk INSERT of the same rows`,
  );
  const r = await importBench(engine);
  const mb = (b: number) => fmt(b / 1024 / 1024, 0);
  const rss = r.rss.length > 0 ? r.rss : [process.memoryUsage().rss];
  console.log(
    `  rows: ${fmt(r.rows)}; imported ${fmt(r.report.imported)}; buckets ${JSON.stringify(r.counts)}`,
  );
  console.log(
    `  bare INSERT: ${fmt(r.floor, 1)} s (${fmt(r.rows / r.floor)} rows/s; the mean of ${r.floors.map((f) => fmt(f, 1)).join(' s before and ')} s after the import)`,
  );
  console.log(`  import:      ${fmt(r.seconds, 1)} s (${fmt(r.rows / r.seconds)} rows/s)`);
  console.log(`  import / bare INSERT: ${fmt(r.seconds / r.floor, 2)}× (goal ≤ 3×)`);
  console.log(
    `  RSS while importing: first ${mb(rss[0])} MB, max ${mb(Math.max(...rss))} MB, last ${mb(rss[rss.length - 1])} MB (${rss.length} samples); JS heap in use ${mb(Math.min(...r.heap, rss[0]))}–${mb(Math.max(...r.heap, 0))} MB`,
  );
  // The heap settles at its working size in the first chunks (a fixed amount, whatever the file's length); what
  // grows after that would grow with the file.
  const settled = rss[Math.floor(rss.length / 10)];
  console.log(
    `  RSS growth while importing: ${mb(Math.max(...rss) - rss[0])} MB, after the first tenth ${mb(Math.max(...rss.slice(Math.floor(rss.length / 10))) - settled)} MB (goal: flat, the same for any length; BENCH_IMPORT_ROWS=100000 to compare)\n`,
  );
}

// Re-applying a calibration to history (issue 24): `recalibrate` runs SQLite and PostgreSQL.
for (const engine of ['sqlite', 'pg'] as const) {
  if (!want('recalibrate')) continue;
  const days = smoke ? 7 : 365;
  console.log(
    `Recalibrate: ${days} days of 5-minute data of one station re-calibrated in ${engine === 'pg' ? 'PostgreSQL' : 'SQLite'}, vs a plain SQL UPDATE of the same rows`,
  );
  const { recalibrateBench } = await import('./recalibrate');
  const r = await recalibrateBench(engine, days);
  console.log(`  rows rewritten: ${JSON.stringify(r.rows)}`);
  console.log(`  UPDATE writing 8 bytes a row:   ${fmt(r.writing, 2)} s`);
  console.log(`  UPDATE SET data = data:         ${fmt(r.floor, 2)} s`);
  console.log(`  re-application:                 ${fmt(r.seconds, 2)} s`);
  // The goal's floor is an UPDATE that changes every row, as the re-application does. SQLite's `SET data = data`
  // writes no page at all (a cell whose bytes are the same is left: see writingUpdate), so it is printed, no goal.
  console.log(
    `  re-application / UPDATE writing 8 bytes a row: ${fmt(r.seconds / r.writing, 2)}× (goal ≤ 5×)`,
  );
  console.log(`  re-application / UPDATE SET data = data: ${fmt(r.seconds / r.floor, 2)}×\n`);
}
