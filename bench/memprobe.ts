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
if (process.env.CACHE) await storage.knex.raw('PRAGMA cache_size = ' + process.env.CACHE);
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const mb = (b: number) => (b / 1048576).toFixed(0);
const m0 = process.memoryUsage();
console.log(`start rss ${mb(m0.rss)} heap ${mb(m0.heapUsed)} ext ${mb(m0.external)}`);
let maxRss = 0;
const timer = setInterval(() => {
  const m = process.memoryUsage();
  maxRss = Math.max(maxRss, m.rss);
}, 100);
let k = 0;
const reader = await detect(path, { timeZone: 'UTC' });
if (isUnmapped(reader)) throw new Error('x');
const t0 = performance.now();
await runImport(storage.knex, { _id: 'd'.repeat(24), timezone: 'UTC' }, reader, {
  dryRun: false,
  policy: 'keep',
  fileName: 'b',
  fileHash: 'b',
  chunkRows: process.env.CHUNK ? Number(process.env.CHUNK) : undefined,
  now: 1546300800 + 10 * 366 * 86400,
  onProgress: () => {
    if (++k % 4 === 0) {
      const m = process.memoryUsage();
      console.log(
        `chunk ${k} rss ${mb(m.rss)} heap ${mb(m.heapUsed)}/${mb(m.heapTotal)} ab ${mb(m.arrayBuffers)} ext ${mb(m.external)}`,
      );
    }
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
