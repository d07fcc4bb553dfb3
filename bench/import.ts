// Import (issue 25): a 5-year archive at 5-minute intervals (525,600 rows, a CumulusMX v4 log) imported through
// the whole path — reading, unit conversion, cleaning, derived values, 5-minute/hourly/daily buckets, the job's
// change records — against a bare bulk INSERT of the same rows (time and packed values) into a plain table of
// the same engine, in the same statement and transaction sizes. The process's RSS is sampled while it runs.

import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeBuckets } from '../server/import/bulk';
import { detect, isUnmapped } from '../server/import/detect';
import { runImport } from '../server/import/run';
import { openStorage, type Storage } from '../server/storage/db';
import { migrate } from '../server/storage/migrate';
import { packValues } from '../server/storage/packed';
import { pgSchema } from './pg';

// A smoke (npm run bench -- --smoke) imports a month; the figure is a five-year archive.
const ROWS_DEFAULT = Number(
  process.env.BENCH_IMPORT_ROWS ?? (process.argv.includes('--smoke') ? 8_640 : 525_600),
);
const T0 = Date.UTC(2019, 0, 1) / 1000;

export async function writeLog(path: string, ROWS = ROWS_DEFAULT): Promise<void> {
  const out = createWriteStream(path);
  const p = (n: number) => String(n).padStart(2, '0');
  let text = '';
  for (let i = 0; i < ROWS; i++) {
    const t = T0 + i * 300;
    const d = new Date(t * 1000);
    const temp = (10 + 10 * Math.sin(i / 288)).toFixed(1);
    // Every sensor moves, as a real one does: a reading unchanged for hours is a stuck sensor, which quality control
    // flags once per 5-minute slot (a constant indoor temperature, humidity and pressure made 3 flags a slot here).
    const baro = (1013 + 8 * Math.sin(i / 2016) + 0.2 * Math.sin(i / 5)).toFixed(2);
    const tin = (21 + Math.sin(i / 144) + 0.3 * Math.sin(i / 3)).toFixed(1);
    text += `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${p(d.getUTCFullYear() % 100)} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())},${t},${temp},${60 + (i % 30)},5.0,${(i % 7) * 0.5},${(i % 9) * 0.7},${i % 360},0.00,${((i % 288) * 0.01).toFixed(2)},${baro},0.00,${tin},${45 + (i % 13)},2.0,${temp},${temp},0.0,0\r\n`;
    if (text.length > 1 << 20) {
      if (!out.write(text)) await once(out, 'drain');
      text = '';
    }
  }
  out.end(text);
  await once(out, 'finish');
}

export async function setup(storage: Storage) {
  await migrate(storage.knex);
  await storage
    .knex('users')
    .insert({ _id: 'u'.repeat(24), email: 'b@example.com', createdAt: 0, updatedAt: 0 });
  await storage.knex('weatherDevices').insert({
    _id: 'd'.repeat(24),
    wsid: 'bench',
    stationKey: 'k',
    name: 'n',
    user: 'u'.repeat(24),
    timezone: 'UTC',
    // A position: the import derives the day-so-far ET₀ (issue 26) as ingest does for a placed station.
    latitude: 50.1,
    longitude: 14.4,
    createdAt: 0,
    updatedAt: 0,
  });
}

/** The floor: the same rows as (device, time, packed values), 1,000 rows per statement (as the import), 5,000 per transaction. */
async function bare(storage: Storage, path: string): Promise<number> {
  const { knex } = storage;
  await knex.schema.createTable('bare', (t) => {
    t.integer('device').notNullable();
    t.bigInteger('time').notNullable();
    t.binary('data').notNullable();
    t.primary(['device', 'time']);
  });
  const reader = await detect(path, { timeZone: 'UTC' });
  if (isUnmapped(reader)) throw new Error('not detected');
  const started = performance.now();
  let rows: { device: number; time: number; data: Buffer }[] = [];
  // The same bulk writer as the import (prepared once per statement size on SQLite), without ON CONFLICT.
  const flush = async () => {
    const batch = rows;
    rows = [];
    await knex.transaction((trx) => writeBuckets(trx, 'bare', batch, false));
  };
  for await (const row of reader.rows()) {
    if (!('values' in row)) continue;
    rows.push({ device: 1, time: row.time, data: packValues(row.values) });
    if (rows.length >= 5000) await flush();
  }
  await flush();
  return (performance.now() - started) / 1000;
}

async function imported(storage: Storage, path: string) {
  const reader = await detect(path, { timeZone: 'UTC' });
  if (isUnmapped(reader)) throw new Error('not detected');
  const rss: number[] = [];
  const heap: number[] = [];
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    rss.push(m.rss);
    heap.push(m.heapUsed);
  }, 200);
  const started = performance.now();
  const report = await runImport(storage.knex, { _id: 'd'.repeat(24), timezone: 'UTC' }, reader, {
    dryRun: false,
    policy: 'keep',
    fileName: 'bench.txt',
    fileHash: 'bench',
    now: T0 + 10 * 366 * 86400,
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  return { seconds, report, rss, heap };
}

export async function importBench(engine: 'sqlite' | 'pg') {
  const dir = mkdtempSync(join(tmpdir(), 'bench-import-'));
  const pg = engine === 'pg' ? pgSchema('import') : null;
  try {
    const path = join(dir, 'log.txt');
    await writeLog(path);
    const open = () => openStorage(pg ? pg.env.BENCH_DATABASE : join(dir, 'portal.db'));
    const fresh = async () => {
      if (pg) await pg.drop();
      else
        for (const f of ['portal.db', 'portal.db-wal', 'portal.db-shm'])
          rmSync(join(dir, f), { force: true });
      const storage = await open();
      await setup(storage);
      return storage;
    };
    // The floor before and after the import, each on a fresh database, in the same process and file cache: the
    // ratio is to their mean, so a machine that gets busier or quieter during the run moves both sides alike.
    const floorOnce = async () => {
      const storage = await fresh();
      const seconds = await bare(storage, path);
      await storage.close();
      return seconds;
    };
    const floorBefore = await floorOnce();
    const storage = await fresh();
    const run = await imported(storage, path);
    const counts: Record<string, number> = {};
    for (const table of ['buckets5m', 'buckets1h', 'buckets1d'])
      counts[table] = Number((await storage.knex(table).count('* as n').first())?.n);
    await storage.close();
    const floorAfter = await floorOnce();
    return {
      rows: ROWS_DEFAULT,
      floor: (floorBefore + floorAfter) / 2,
      floors: [floorBefore, floorAfter],
      ...run,
      counts,
    };
  } finally {
    if (pg) await pg.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}
