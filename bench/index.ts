// `npm run bench`: prints the figures the issues ask for, as ratios measured side by side in one run.
import { ingestBench } from './ingest';

const pad = (s: string, n: number) => s.padEnd(n);
const fmt = (n: number, dp = 0) => n.toLocaleString('en-US', { maximumFractionDigits: dp, minimumFractionDigits: dp });

console.log('Ingest: WSLink uploads (~40 fields) from 1,000 stations into SQLite, vs a bare endpoint of the same stack');
const { bare, ingest, ratio, stations } = await ingestBench(Number(process.env.BENCH_SECONDS ?? 3));
console.log('  (median of 3 alternating rounds)');
console.log(`  ${pad('endpoint', 24)}${pad('req/s', 12)}${pad('p50 ms', 10)}${pad('p95 ms', 10)}statuses`);
for (const [name, r] of [
  ['bare (same stack)', bare],
  [`ingest (${stations} stations)`, ingest],
] as const) {
  console.log(`  ${pad(name, 24)}${pad(fmt(r.perSecond), 12)}${pad(fmt(r.p50ms, 1), 10)}${pad(fmt(r.p95ms, 1), 10)}${JSON.stringify(r.statuses)}`);
}
console.log(`  ingest uploads/s: ${fmt(ingest.perSecond)} (goal ≥ 2,000)`);
console.log(`  ingest / bare (median of alternating rounds): ${fmt(ratio * 100, 1)} % (goal ≥ 40 %)`);
