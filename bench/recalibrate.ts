// Re-applying a calibration to history (issue 24): a year of 5-minute data of one station (105,120 5-minute
// rows with their 8,760 hours and 365 days, ten metrics each) rewritten by server/storage/recalibrate.ts, against
// a plain SQL UPDATE of the same rows (`SET data = data`, one statement per table) in the same engine, and against
// one that changes 8 bytes of each row (what SQLite has to write: see writingUpdate). Each floor is measured
// before and after the re-application and averaged.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeBuckets } from '../server/import/bulk';
import { openStorage, type Storage } from '../server/storage/db';
import { pack } from '../server/storage/packed';
import { recalibrate } from '../server/storage/recalibrate';
import type { Agg } from '../src/domain/aggregate';
import { metricIndex } from '../src/domain/catalogue';
import { setup } from './import';
import { pgSchema } from './pg';

const DEVICE = 'd'.repeat(24);
const DAY = 86400;

const agg = (v: number): Agg => [1, v, v, v, v];

async function fill(storage: Storage, days: number, end: number): Promise<number> {
  const { knex } = storage;
  const seq = Number((await knex('weatherDevices').where({ _id: DEVICE }).first('seq')).seq);
  const start = end - days * DAY;
  const row = (t: number, n: number) => {
    const temp = 10 + 10 * Math.sin(t / 13_751);
    const hum = 60 + 20 * Math.cos(t / 9_000);
    return pack({
      tempc0: [n, temp * n, temp - 1, temp + 1, temp],
      humc0: [n, hum * n, hum - 2, hum + 2, hum],
      dewpoint: agg(temp - 5),
      feelslike: agg(temp),
      heatindex: agg(temp),
      relbaro: agg(1013),
      windspd: agg(3),
      gust: agg(5),
      winddir: agg(180),
      dailyrain: agg(0.2),
    });
  };
  const tables: [string, number][] = [
    ['buckets5m', 300],
    ['buckets1h', 3600],
    ['buckets1d', DAY],
  ];
  for (const [table, step] of tables) {
    let rows: { device: number; time: number; data: Buffer }[] = [];
    const flush = async () => {
      const batch = rows;
      rows = [];
      await knex.transaction((trx) => writeBuckets(trx, table, batch, false));
    };
    for (let t = start; t < end; t += step) {
      rows.push({ device: seq, time: t, data: row(t, step / 300) });
      if (rows.length >= 5000) await flush();
    }
    await flush();
  }
  // What ingest applied until a moment ago: nothing; the calibration in effect now adds 0.5 °C.
  await knex('stationCalibrations').insert({
    _id: 'c'.repeat(24),
    weatherDevice: DEVICE,
    user: 'u'.repeat(24),
    entries: JSON.stringify([{ key: 'tempc0', offset: 0.5, multiplier: 1, quadratic: 0, since: end * 1000 }]),
    updatedAt: 0,
  });
  return seq;
}

async function plainUpdate(storage: Storage, seq: number, from: number): Promise<number> {
  const started = performance.now();
  await storage.knex.transaction(async (trx) => {
    for (const table of ['buckets5m', 'buckets1h', 'buckets1d'])
      await trx.raw(`UPDATE ${table} SET data = data WHERE device = ? AND time >= ?`, [seq, from]);
  });
  return (performance.now() - started) / 1000;
}

/**
 * A plain SQL UPDATE of the same rows that changes their bytes: the temperature's last value (8 bytes of each
 * record, at the same place in every row of the bench) set to `value`. SQLite leaves a cell whose bytes do not
 * change, so there `SET data = data` writes no page at all (its transaction commits nothing), while the
 * re-application writes every page of the year; PostgreSQL writes a new row version either way.
 */
async function writingUpdate(storage: Storage, seq: number, from: number, value: number): Promise<number> {
  const { knex } = storage;
  const sample = (await knex('buckets5m').where({ device: seq }).first('data')).data as Buffer;
  const n = sample.readUInt16LE(sample.length - 2);
  const index = metricIndex('tempc0');
  let slot = 0;
  while (sample.readUInt16LE(n * 40 + slot * 2) !== index) slot++;
  const at = slot * 40 + 32; // [count, sum, min, max, last]
  const bytes = Buffer.alloc(8);
  bytes.writeDoubleLE(value);
  const started = performance.now();
  await knex.transaction(async (trx) => {
    for (const table of ['buckets5m', 'buckets1h', 'buckets1d'])
      await trx.raw(
        storage.engine === 'sqlite'
          ? `UPDATE ${table} SET data = CAST(substr(data, 1, ?) || ? || substr(data, ?) AS BLOB) WHERE device = ? AND time >= ?`
          : `UPDATE ${table} SET data = overlay(data placing ? from ? for 8) WHERE device = ? AND time >= ?`,
        storage.engine === 'sqlite' ? [at, bytes, at + 9, seq, from] : [bytes, at + 1, seq, from],
      );
  });
  return (performance.now() - started) / 1000;
}

export async function recalibrateBench(engine: 'sqlite' | 'pg', days: number) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-recal-'));
  const pg = engine === 'pg' ? pgSchema('recalibrate') : null;
  try {
    const storage = await openStorage(pg ? pg.env.BENCH_DATABASE : join(dir, 'portal.db'));
    await setup(storage);
    const end = Math.floor(Date.now() / 1000 / DAY) * DAY;
    const seq = await fill(storage, days, end);
    const from = end - days * DAY;
    const floorBefore = await plainUpdate(storage, seq, from);
    const writingBefore = await writingUpdate(storage, seq, from, 1.25);
    const started = performance.now();
    const report = await recalibrate(storage, {
      device: { _id: DEVICE, timezone: 'UTC' },
      key: 'tempc0',
      from,
      write: true,
    });
    const seconds = (performance.now() - started) / 1000;
    const floorAfter = await plainUpdate(storage, seq, from);
    const writingAfter = await writingUpdate(storage, seq, from, 2.5);
    // The work was done: every row rewritten (the hours and days are merged again from the 5-minute rows).
    const { buckets5m, buckets1h, buckets1d } = report.rows;
    if (buckets5m !== days * 288 || buckets1h !== days * 24 || buckets1d !== days)
      throw new Error(`the re-application rewrote ${JSON.stringify(report.rows)}`);
    await storage.close();
    return {
      rows: report.rows,
      seconds,
      floor: (floorBefore + floorAfter) / 2,
      writing: (writingBefore + writingAfter) / 2,
    };
  } finally {
    if (pg) await pg.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}
