// `npm run import` as an operator runs it: a real process on a SQLite file named by DATABASE_URL, its report on
// stdout and its exit code.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openStorage } from '../storage/db';
import { migrate } from '../storage/migrate';
import { detect, isUnmapped } from './detect';
import { fileHash } from './file-hash';
import { runImport } from './run';

const dir = mkdtempSync(join(tmpdir(), 'import-cli-'));
const database = join(dir, 'portal.db');
const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name);
const weewx = join(dir, 'weewx.sdb');
const root = join(import.meta.dirname, '..', '..');

beforeAll(async () => {
  const storage = await openStorage(database);
  await migrate(storage.knex);
  await storage
    .knex('users')
    .insert({ _id: 'u'.repeat(24), email: 'x@example.com', createdAt: 0, updatedAt: 0 });
  await storage.knex('weatherDevices').insert({
    _id: 'd'.repeat(24),
    wsid: 'WS12345',
    stationKey: 'k',
    name: 'n',
    user: 'u'.repeat(24),
    timezone: 'UTC',
    createdAt: 0,
    updatedAt: 0,
  });
  await storage.close();
  const db = new Database(weewx);
  db.exec(readFileSync(fixture('weewx-schema.sql'), 'utf8'));
  db.exec(readFileSync(fixture('weewx-us.sql'), 'utf8'));
  db.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/import/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: database, DATA_DIR: dir },
    encoding: 'utf8',
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function buckets(): number {
  const db = new Database(database, { readonly: true });
  try {
    return (db.prepare('SELECT count(*) FROM buckets5m').pluck().get() as number) ?? 0;
  } finally {
    db.close();
  }
}

describe('npm run import', () => {
  test('wrong usage exits 2 with the usage line', () => {
    const r = cli(weewx);
    expect(r.code).toBe(2);
    expect(r.err).toContain('Usage: npm run import -- --station <Station ID>');
  });

  test('an unknown station or a missing file exits 1 with a clear message', () => {
    const r = cli('--station', 'NOPE', weewx);
    expect(r.code).toBe(1);
    expect(r.err).toContain('No station with Station ID NOPE');
    const missing = cli('--station', 'WS12345', join(dir, 'missing.csv'));
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('No file');
  });

  test('--dry-run prints the report and writes nothing; the import then stores; --rollback undoes it', () => {
    const dry = cli('--station', 'WS12345', '--dry-run', weewx);
    expect(dry.code).toBe(0);
    expect(dry.out).toContain('Format: weewx');
    expect(dry.out).toContain('Rows read: 3');
    expect(dry.out).toContain('Time range: 2023-01-15T00:00:00Z – 2023-01-15T00:10:00Z');
    expect(dry.out).toContain('tempc0 [F]');
    expect(dry.out).toContain('Would import 3 rows');
    expect(buckets()).toBe(0);

    const run = cli('--station', 'WS12345', weewx);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/Imported 3 rows, kept 0 existing \(import [0-9a-f]{24}\)/);
    expect(buckets()).toBe(3);

    const again = cli('--station', 'WS12345', weewx);
    expect(again.code).toBe(0);
    expect(again.out).toContain('Overlapping existing data: 3 rows in 1 hours');
    expect(again.out).toContain('Imported 0 rows, kept 3 existing');

    const back = cli('--station', 'WS12345', '--rollback', weewx);
    expect(back.code).toBe(0);
    expect(back.out).toContain('rolled back');
    expect(buckets()).toBe(0);
    const none = cli('--station', 'WS12345', '--rollback', weewx);
    expect(none.code).toBe(1);
    expect(none.err).toContain('No import of this file to roll back');
  }, 120_000); // six processes, each starting Node with tsx

  test('a CSV no format claims exits 1 and names its columns for --mapping', () => {
    const r = cli('--station', 'WS12345', fixture('generic.csv'));
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      'needs a column mapping (--mapping); its columns: when, outside temp, rel. humidity, gusts',
    );
  });

  test('an import of this file that stopped half-way is resumed, not started again', async () => {
    const t0 = Date.UTC(2024, 0, 1) / 1000;
    const lines: string[] = [];
    for (let m = 0; m < 6 * 60; m += 10) {
      const d = new Date((t0 + m * 60) * 1000);
      const p = (n: number) => String(n).padStart(2, '0');
      lines.push(
        `01/01/24 ${p(d.getUTCHours())}:${p(d.getUTCMinutes())},${t0 + m * 60},5.0,80,2.0,1.0,2.0,90,0.00,0.00,1010.00`,
      );
    }
    const log = join(dir, 'Jan24log.txt');
    writeFileSync(log, `${lines.join('\n')}\n`);
    // An import stopped after its first hour (as by Ctrl-C, or a crash after a committed chunk).
    const storage = await openStorage(database);
    const reader = await detect(log, { timeZone: 'UTC' });
    if (isUnmapped(reader)) throw new Error('not detected');
    const stop = new AbortController();
    const first = await runImport(storage.knex, { _id: 'd'.repeat(24), timezone: 'UTC' }, reader, {
      dryRun: false,
      policy: 'keep',
      fileName: 'Jan24log.txt',
      fileHash: await fileHash(log),
      chunkRows: 6,
      signal: stop.signal,
      onProgress: () => stop.abort(),
    });
    await storage.close();
    expect(first).toMatchObject({ status: 'cancelled', imported: 6 });
    const r = cli('--station', 'WS12345', log);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(`Resuming import ${first.job} from row 7.`);
    expect(r.out).toContain(`Imported 36 rows, kept 0 existing (import ${first.job})`);
  }, 120_000);
});
