// The import through storage, on SQLite and (with TEST_DATABASE_URL) PostgreSQL: imported rows reach the
// 5-minute, hourly and daily buckets with the upload path's cleaning, derivation and bucket math; overlaps are
// kept or replaced per hour; a stopped import resumes without counting anything twice; a rollback restores the
// rows the station had.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { openStorage, type Storage } from '../storage/db';
import { migrate } from '../storage/migrate';
import { unpack } from '../storage/packed';
import { type SampleStore, sampleStore } from '../storage/samples';
import { testDatabase } from '../testing/server';
import { detect, isUnmapped } from './detect';
import { type ImportReport, type RunOptions, rollbackImport, runImport } from './run';
import type { ImportReader } from './types';

const dir = mkdtempSync(join(tmpdir(), 'import-run-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name);

const device = { _id: 'd'.repeat(24), timezone: 'UTC', latitude: null, longitude: null };
const other = { ...device, _id: 'e'.repeat(24) };
const T0 = Date.UTC(2023, 0, 15) / 1000;
let opened: Storage[] = [];

async function open(): Promise<{ storage: Storage; store: SampleStore }> {
  const storage = await openStorage(testDatabase());
  opened.push(storage);
  await migrate(storage.knex);
  await storage
    .knex('users')
    .insert({ _id: 'u'.repeat(24), email: 'x@example.com', createdAt: 0, updatedAt: 0 });
  for (const d of [device, other])
    await storage.knex('weatherDevices').insert({
      _id: d._id,
      wsid: d._id.slice(0, 8),
      stationKey: d._id,
      name: 'n',
      user: 'u'.repeat(24),
      timezone: 'UTC',
      createdAt: 0,
      updatedAt: 0,
    });
  return { storage, store: sampleStore(storage) };
}

afterEach(async () => {
  for (const s of opened) {
    const schema = s.engine === 'pg' ? (await s.knex.raw('select current_schema() as s')).rows[0].s : null;
    if (schema?.startsWith('t_')) await s.knex.raw(`DROP SCHEMA ${schema} CASCADE`);
    await s.close().catch(() => {});
  }
  opened = [];
});

function weewx(): string {
  const path = join(dir, `weewx-${Math.random()}.sdb`);
  const db = new Database(path);
  db.exec(readFileSync(fixture('weewx-schema.sql'), 'utf8'));
  db.exec(readFileSync(fixture('weewx-us.sql'), 'utf8'));
  db.close();
  return path;
}

/** A CumulusMX v4 log of `hours` hours at 10-minute intervals from T0, temperature = minutes since T0 / 10. */
function cumulusLog(hours: number, extra = '', temp = (m: number) => m / 10): string {
  const path = join(dir, `log-${Math.random()}.txt`);
  const lines: string[] = [];
  for (let m = 0; m < hours * 60; m += 10) {
    const t = T0 + m * 60;
    const d = new Date(t * 1000);
    const p = (n: number) => String(n).padStart(2, '0');
    const stamp = `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${String(d.getUTCFullYear()).slice(2)} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
    lines.push(
      `${stamp},${t},${temp(m)},50,1.0,2.0,3.0,180,0.00,0.00,1013.00,0.00,20.0,40,2.0,,,,,,,,,,,,,,,,`,
    );
  }
  writeFileSync(path, `${lines.join('\r\n')}\r\n${extra}`);
  return path;
}

async function reader(path: string): Promise<ImportReader> {
  const d = await detect(path, { timeZone: 'UTC' });
  if (isUnmapped(d)) throw new Error('not detected');
  return d;
}

const run = async (storage: Storage, path: string, options: Partial<RunOptions> = {}, on = device) =>
  runImport(storage.knex, on, await reader(path), {
    dryRun: false,
    policy: 'keep',
    fileName: 'f',
    fileHash: 'h',
    now: T0 + 86400 * 30,
    ...options,
  });

/** Every bucket row of a device, as [table, time, hex] (to compare states exactly). */
const rounded = (rows: [string, number, string][]) =>
  rows.map(([t, time, hex]) => {
    const aggs = unpack(Buffer.from(hex, 'hex'));
    for (const k in aggs) aggs[k] = aggs[k].map((v) => Math.round(v * 1e9) / 1e9) as (typeof aggs)[string];
    return [t, time, aggs];
  });

async function snapshot(storage: Storage, id: string) {
  const seq = (await storage.knex('weatherDevices').where({ _id: id }).first('seq')).seq;
  const out: [string, number, string][] = [];
  for (const table of ['buckets5m', 'buckets1h', 'buckets1d'])
    for (const r of await storage.knex(table).where({ device: seq }).orderBy('time').select('time', 'data'))
      out.push([table, Number(r.time), Buffer.from(r.data).toString('hex')]);
  return out;
}

describe('import into storage', () => {
  test('a WeeWX archive reaches 5-minute, hourly and daily buckets in base units, derived values added', async () => {
    const { storage, store } = await open();
    const report = await run(storage, weewx());
    expect(report).toMatchObject({
      status: 'done',
      rows: 3,
      imported: 3,
      skipped: 0,
      from: T0,
      to: T0 + 600,
    });
    const five = await store.buckets('buckets5m', device._id, T0, T0 + 900);
    expect(five.map((b) => [b.time, b.aggs.tempc0])).toEqual([
      [T0, [1, 20, 20, 20, 20]],
      [T0 + 300, [1, 21, 21, 21, 21]],
      [T0 + 600, [1, 22, 22, 22, 22]],
    ]);
    const [hour] = await store.buckets('buckets1h', device._id, T0, T0 + 3600);
    expect(hour.aggs.tempc0).toEqual([3, 63, 20, 22, 22]);
    // 30.00, 30.01, 30.02 inHg = 1015.917, 1016.256, 1016.594 hPa.
    const [count, sum, min, max, last] = hour.aggs.relbaro;
    expect([count, min, max, last]).toEqual([3, 1015.917, 1016.594, 1016.594]);
    expect(sum).toBeCloseTo(3048.767, 6);
    const [day] = await store.buckets('buckets1d', device._id, T0, T0 + 86400);
    expect(day.time).toBe(T0);
    expect(day.aggs.dailyrain[3]).toBe(0.762); // the day's rain total: 0.03 in
    expect(day.aggs.tempc0).toEqual([3, 63, 20, 22, 22]);
    // Derived as for an upload: the heat index from temperature and humidity of the rows that have both.
    expect(hour.aggs.heatindex[0]).toBe(2);
    const job = await storage.knex('importJobs').first();
    expect(job).toMatchObject({ status: 'done', format: 'weewx', policy: 'keep' });
    expect(Number(job.imported)).toBe(3);
  });

  test('a dry run reports rows, range, metrics and units, overlaps and out-of-range values, and writes nothing', async () => {
    const { storage, store } = await open();
    await store.write(device, T0 + 3600 + 30, { tempc0: 5 });
    await store.flush();
    const before = await snapshot(storage, device._id);
    const path = cumulusLog(
      3,
      `${'15/01/23 03:00'},${T0 + 3 * 3600},18,150,1.0,2.0,3.0,180,0.00,0.00,1013.00\r\nnot a line\r\n`,
    );
    const report = await run(storage, path, { dryRun: true });
    expect(report).toMatchObject({
      status: 'dryRun',
      format: 'cumulus-log',
      rows: 19,
      from: T0,
      to: T0 + 3 * 3600,
      overlaps: { rows: 6, periods: 1 }, // the hour from 01:00 has the station's own sample
      outOfRange: [{ key: 'humc0', count: 1, example: 150 }],
      badLines: 1,
      firstBad: [{ line: 20, reason: 'No date and time' }],
      job: null,
    });
    expect(report.metrics).toContainEqual({ key: 'tempc0', unit: 'C', values: 19 });
    expect(report.metrics).toContainEqual({ key: 'windspd', unit: 'm/s', values: 19 });
    expect(await snapshot(storage, device._id)).toEqual(before);
    expect(await storage.knex('importJobs').count('* as n').first()).toMatchObject({ n: expect.anything() });
    expect(Number((await storage.knex('importJobs').count('* as n').first())?.n)).toBe(0);
  });

  test('keep leaves an hour with the station data as it was; replace rewrites that hour and recomputes its day', async () => {
    const { storage, store } = await open();
    await store.write(device, T0 + 3600 + 30, { tempc0: 5 });
    await store.flush();
    const kept = await run(storage, cumulusLog(3));
    expect(kept).toMatchObject({ imported: 12, skipped: 6, overlaps: { rows: 6, periods: 1 } });
    let [, hour1] = await store.buckets('buckets1h', device._id, T0, T0 + 3 * 3600);
    expect(hour1.aggs.tempc0).toEqual([1, 5, 5, 5, 5]);
    let [day] = await store.buckets('buckets1d', device._id, T0, T0 + 86400);
    // Hours 0 and 2 imported (temperatures 0..5 and 12..17) and the station's 5: the station's value stays last.
    expect(day.aggs.tempc0).toEqual([13, 15 + 87 + 5, 0, 17, 5]);

    const replaced = await run(storage, cumulusLog(3), { policy: 'replace' }, device);
    expect(replaced).toMatchObject({ imported: 18, skipped: 0, overlaps: { rows: 18, periods: 3 } });
    [, hour1] = await store.buckets('buckets1h', device._id, T0, T0 + 3 * 3600);
    expect(hour1.aggs.tempc0).toEqual([6, 6 + 7 + 8 + 9 + 10 + 11, 6, 11, 11]);
    [day] = await store.buckets('buckets1d', device._id, T0, T0 + 86400);
    expect(day.aggs.tempc0).toEqual([18, 153, 0, 17, 17]); // 0 + 1 + … + 17
    const fives = await store.buckets('buckets5m', device._id, T0 + 3600, T0 + 7200);
    expect(fives.map((b) => b.aggs.tempc0[1])).toEqual([6, 7, 8, 9, 10, 11]); // the station's 5 is gone
  });

  test('an import cancelled after a chunk resumes where it committed: the result equals an import in one go', async () => {
    const { storage } = await open();
    const path = cumulusLog(5);
    const controller = new AbortController();
    const first = await run(storage, path, {
      chunkRows: 6,
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    // Cancelled after whole chunks: the first (SQLite), or also the next, read while the first was written
    // (PostgreSQL); the job's position is after the rows they committed.
    expect(first).toMatchObject({ status: 'cancelled' });
    expect(first.imported).toBeGreaterThanOrEqual(6);
    expect(first.imported).toBeLessThanOrEqual(12);
    const job = await storage.knex('importJobs').where({ _id: first.job }).first();
    expect(job).toMatchObject({ status: 'cancelled' });
    expect(Number(job.position)).toBe(first.imported);
    await expect(run(storage, path, { resume: first.job!, fileHash: 'other' })).rejects.toThrow(
      /not the file/,
    );
    const resumed = await run(storage, path, { resume: first.job!, chunkRows: 6 });
    expect(resumed).toMatchObject({
      status: 'done',
      rows: 30 - first.imported,
      imported: 30,
      duplicates: 0,
      job: first.job,
    });
    await run(storage, path, {}, other);
    // Equal but for the last bit of sums added in another order.
    const theirs = await snapshot(storage, other._id);
    expect(rounded(await snapshot(storage, device._id))).toEqual(rounded(theirs));
    const mine = await snapshot(storage, device._id);
    // The same file again changes nothing (every hour is there: kept).
    const again = await run(storage, path);
    expect(again).toMatchObject({ imported: 0, skipped: 30 });
    expect(await snapshot(storage, device._id)).toEqual(mine);
  });

  test('a row of an hour already committed is a duplicate, also when that hour is still being written', async () => {
    const { storage } = await open();
    // Two hours of 10-minute rows, and 00:05 of the first hour again after the second hour's first row: one
    // chunk an hour, so the first hour is being written (on PostgreSQL, while the next rows are read) when it comes.
    const path = cumulusLog(2);
    const lines = readFileSync(path, 'utf8').trimEnd().split('\r\n');
    const late = lines[0].replace(
      /^(\d\d\/\d\d\/\d\d \d\d:)00,(\d+)/,
      (_, stamp, t) => `${stamp}05,${Number(t) + 300}`,
    );
    expect(late).not.toBe(lines[0]);
    lines.splice(7, 0, late);
    writeFileSync(path, `${lines.join('\r\n')}\r\n`);
    const report = await run(storage, path, { chunkRows: 6 });
    expect(report).toMatchObject({
      rows: 13,
      imported: 12,
      duplicates: 1,
      skipped: 0,
      overlaps: { rows: 0 },
    });
    const fives = await storage.knex('buckets5m').where({ device: 1 }).orderBy('time').pluck('time');
    expect(fives.map(Number)).toEqual(Array.from({ length: 12 }, (_, i) => T0 + i * 600));
  });

  test('a file that fails to read half-way: the chunks read before stay committed, the job is failed', async () => {
    const { storage } = await open();
    const rows = async function* () {
      // Three hours of 10-minute readings (a chunk an hour), then a read error in the fourth.
      for (let m = 0; m < 180; m += 10)
        yield { time: T0 + m * 60, values: { tempc0: m / 10 }, line: m / 10 + 1 };
      throw new Error('disk read error');
    };
    const failing: ImportReader = { format: 'cumulus-log', kind: 'samples', units: {}, bad: [], rows };
    const options = { dryRun: false, policy: 'keep', fileName: 'f', fileHash: 'h', now: T0 + 86400 } as const;
    await expect(runImport(storage.knex, device, failing, { ...options, chunkRows: 6 })).rejects.toThrow(
      'disk read error',
    );
    const job = await storage.knex('importJobs').first();
    // The last hour was pending (never flushed); the two before it were written, the second maybe while the third
    // was read: the job is marked failed after that write, not overwritten by it.
    expect(job).toMatchObject({ status: 'failed', error: 'disk read error' });
    expect(Number(job.position)).toBe(12);
    expect(Number(job.imported)).toBe(12);
    expect(Number((await storage.knex('buckets1h').where({ device: 1 }).count('* as n').first())?.n)).toBe(2);
  });

  test('rollback restores what the station had, for keep and for replace, chunk by chunk', async () => {
    const { storage, store } = await open();
    await store.write(device, T0 + 3600 + 30, { tempc0: 5 });
    await store.write(device, T0 + 86400 + 30, { tempc0: 9 });
    await store.flush();
    const before = await snapshot(storage, device._id);
    const keep = await run(storage, cumulusLog(30), { chunkRows: 20 });
    expect(
      Number((await storage.knex('importChanges').where({ job: keep.job }).count('* as n').first())?.n),
    ).toBeGreaterThan(3);
    expect(await snapshot(storage, device._id)).not.toEqual(before);
    await rollbackImport(storage.knex, keep.job!);
    expect(await snapshot(storage, device._id)).toEqual(before);
    const replace = await run(storage, cumulusLog(30), { chunkRows: 20, policy: 'replace' });
    await rollbackImport(storage.knex, replace.job!);
    expect(await snapshot(storage, device._id)).toEqual(before);
    expect(await storage.knex('importJobs').where({ _id: replace.job }).first()).toMatchObject({
      status: 'rolledBack',
    });
  });

  test('quality control: a spike in the file is flagged for the owner, not stored as the day’s high; rollback takes the flag away', async () => {
    const { storage, store } = await open();
    // 60 °C at 01:00 between 5 °C at 00:50 and 7 °C at 01:10: faster than a temperature can move (3 °C a minute).
    const path = cumulusLog(3, '', (m) => (m === 60 ? 60 : m / 10));
    const dry = await run(storage, path, { dryRun: true });
    expect(dry).toMatchObject({ status: 'dryRun', imported: 18 });
    const flagCount = async () => Number((await storage.knex('qcFlags').count('* as n').first())?.n);
    expect(await flagCount()).toBe(0);
    const report = await run(storage, path);
    expect(report).toMatchObject({ status: 'done', imported: 18 });
    const flags = await storage.knex('qcFlags').where({ device: device._id }).select();
    expect(flags.map((f) => [Number(f.time), f.key, Number(f.value), f.reason, f.status])).toEqual([
      [T0 + 3600, 'tempc0', 60, 'spike', 'flagged'],
    ]);
    const [day] = await store.buckets('buckets1d', device._id, T0, T0 + 86400);
    expect(day.aggs.tempc0.slice(0, 4)).toEqual([17, 153 - 6, 0, 17]); // 0 … 17 °C, but 6 °C was 60 °C in the file
    const [hour] = await store.buckets('buckets1h', device._id, T0 + 3600, T0 + 7200);
    expect(hour.aggs.tempc0).toEqual([5, 7 + 8 + 9 + 10 + 11, 7, 11, 11]);
    // The rest of the row is stored: its humidity, and no dew point derived from the spike.
    const [five] = await store.buckets('buckets5m', device._id, T0 + 3600, T0 + 3900);
    expect(five.aggs.tempc0).toBeUndefined();
    expect(five.aggs.humc0).toEqual([1, 50, 50, 50, 50]);
    expect(five.aggs.dewpoint).toBeUndefined();
    await rollbackImport(storage.knex, report.job!);
    expect(await flagCount()).toBe(0);
  });

  test('rows of the current hour or the future are not imported; repeated times are counted once', async () => {
    const { storage, store } = await open();
    const path = cumulusLog(2);
    const report: ImportReport = await run(storage, path, { now: T0 + 3600 + 60 });
    expect(report).toMatchObject({ rows: 12, imported: 6, tooRecent: 6 });
    const doubled = join(dir, 'doubled.txt');
    const text = readFileSync(cumulusLog(1), 'utf8');
    writeFileSync(doubled, text + text);
    const twice = await run(storage, doubled, {}, other);
    expect(twice).toMatchObject({ rows: 12, imported: 6, duplicates: 6 });
    const [hour] = await store.buckets('buckets1h', other._id, T0, T0 + 3600);
    expect(hour.aggs.tempc0[0]).toBe(6);
  });

  test('a Cumulus dayfile fills daily rows only', async () => {
    const { storage, store } = await open();
    const report = await run(storage, fixture('cumulus-v4-dayfile.txt'), {
      now: Date.UTC(2025, 0, 1) / 1000,
    });
    expect(report).toMatchObject({ kind: 'daily', rows: 2, imported: 2 });
    const days = await store.buckets(
      'buckets1d',
      device._id,
      Date.UTC(2024, 10, 1) / 1000,
      Date.UTC(2024, 10, 3) / 1000,
    );
    expect(days.map((d) => d.aggs.tempc0)).toEqual([
      [1, 7.2, 3.1, 11.2, 7.2],
      [1, 5.5, 2, 9, 5.5],
    ]);
    expect(await store.buckets('buckets1h', device._id, 0, Date.UTC(2025, 0, 1) / 1000)).toEqual([]);
  });
});
