// Memory of an import alone (issue 25): `ROWS=100000 node --expose-gc --import tsx bench/memprobe.ts` imports a
// generated CumulusMX log (bench/import.ts) into a fresh SQLite database (PGURL=postgres://… for PostgreSQL) in a
// process that does nothing else, and prints RSS and the JS heap every 20 chunks and RSS's growth over the run.
// The bench's own RSS figure comes after its floor ran in the same process; this one starts clean. CHUNK sets the
// rows per chunk and CACHE a SQLite cache_size, to compare.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { detect, isUnmapped } from '../server/import/detect';
import { runImport } from '../server/import/run';
import { openStorage } from '../server/storage/db';
import { setup, writeLog } from './import';

const rows = Number(process.env.ROWS ?? 100000);
const dir = mkdtempSync(join(tmpdir(), 'memprobe-'));
const path = join(dir, 'log.txt');
await writeLog(path, rows);
const storage = await openStorage(process.env.PGURL ?? join(dir, 'portal.db'));
await setup(storage);
if (process.env.CACHE) await storage.knex.raw(`PRAGMA cache_size = ${Number(process.env.CACHE)}`);
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const mb = (b: number) => (b / 1048576).toFixed(0);
const m0 = process.memoryUsage();
console.log(`start rss ${mb(m0.rss)} heap ${mb(m0.heapUsed)} ext ${mb(m0.external)}`);
let maxRss = 0;
const timer = setInterval(() => {
  maxRss = Math.max(maxRss, process.memoryUsage().rss);
}, 100);
let k = 0;
const reader = await detect(path, { timeZone: 'UTC' });
if (isUnmapped(reader)) throw new Error('not detected');
const t0 = performance.now();
await runImport(storage.knex, { _id: 'd'.repeat(24), timezone: 'UTC' }, reader, {
  dryRun: false,
  policy: 'keep',
  fileName: 'b',
  fileHash: 'b',
  chunkRows: process.env.CHUNK ? Number(process.env.CHUNK) : undefined,
  now: 1546300800 + 10 * 366 * 86400,
  onProgress: () => {
    if (++k % 20 !== 0) return;
    const m = process.memoryUsage();
    console.log(
      `chunk ${k} rss ${mb(m.rss)} heap ${mb(m.heapUsed)}/${mb(m.heapTotal)} ext ${mb(m.external)}`,
    );
  },
});
clearInterval(timer);
const m1 = process.memoryUsage();
gc?.();
const m2 = process.memoryUsage();
console.log(
  `end ${((performance.now() - t0) / 1000).toFixed(1)} s rss ${mb(m1.rss)} max ${mb(maxRss)} growth ${mb(maxRss - m0.rss)} heap ${mb(m1.heapUsed)} after gc ${mb(m2.heapUsed)} rss ${mb(m2.rss)}`,
);
await storage.close();
rmSync(dir, { recursive: true, force: true });
