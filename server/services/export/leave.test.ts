// Export to leave, checked by a round trip: a WeeWX archive and a Cumulus log imported into a station, exported
// again in each program's format, and read back by the import's own readers (which follow the programs' layouts:
// server/import/fixtures/README.md) — the readings come back as they went in.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { detect, isUnmapped } from '../../import/detect';
import { runImport } from '../../import/run';
import type { ImportReader, SampleRow } from '../../import/types';
import { newStation, newUser, startServer, type TestServer } from '../../testing/server';

let t: TestServer;
let owner: Awaited<ReturnType<typeof newUser>>;
let station: { _id: string; wsid: string };
const dir = mkdtempSync(join(tmpdir(), 'leave-'));
const fixtures = join(import.meta.dirname, '..', '..', 'import', 'fixtures');
const T0 = Date.UTC(2023, 0, 15) / 1000;

async function rows(path: string): Promise<SampleRow[]> {
  const reader = await detect(path, { timeZone: 'UTC' });
  if (isUnmapped(reader)) throw new Error('not detected');
  const out: SampleRow[] = [];
  for await (const r of reader.rows()) out.push(r as SampleRow);
  (reader as ImportReader & { close?(): void }).close?.();
  return out;
}

beforeAll(async () => {
  t = await startServer();
  owner = await newUser(t, 'leaver');
  station = await newStation(t, owner.token, { timezone: 'UTC' });
  const weewx = join(dir, 'in.sdb');
  const db = new Database(weewx);
  db.exec(readFileSync(join(fixtures, 'weewx-schema.sql'), 'utf8'));
  db.exec(readFileSync(join(fixtures, 'weewx-us.sql'), 'utf8'));
  db.close();
  const reader = await detect(weewx, { timeZone: 'UTC' });
  if (isUnmapped(reader)) throw new Error('not detected');
  await runImport(t.server.app.ctx.storage.knex, { _id: station._id, timezone: 'UTC' }, reader, {
    dryRun: false,
    policy: 'keep',
    fileName: 'in.sdb',
    fileHash: 'x',
  });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function download(format: string): Promise<{ name: string; type: string; bytes: Buffer }> {
  const res = await fetch(
    `${t.url}/weatherMetrics/export?device=${station._id}&startTime=${T0}&endTime=${T0 + 86400}&format=${format}`,
    { headers: { authorization: `Bearer ${owner.token}` } },
  );
  expect(res.status).toBe(200);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? '';
  return { name, type: res.headers.get('content-type') ?? '', bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('export to leave', () => {
  test('WeeWX: an archive database (usUnits 17) that reads back to the same readings', async () => {
    const file = await download('weewx');
    expect(file.name).toBe(`${station.wsid}_20230115_20230115_weewx.sdb`);
    expect(file.type).toBe('application/vnd.sqlite3');
    const path = join(dir, file.name);
    writeFileSync(path, file.bytes);
    const db = new Database(path, { readonly: true });
    expect(
      db.prepare('SELECT dateTime, usUnits, interval, outTemp, rain FROM archive ORDER BY dateTime').all(),
    ).toEqual([
      // Stamped at the end of each 5-minute interval; rain of the interval (0.01 in, 0.02 in, 0).
      { dateTime: T0 + 300, usUnits: 17, interval: 5, outTemp: 20, rain: 0.254 },
      { dateTime: T0 + 600, usUnits: 17, interval: 5, outTemp: 21, rain: 0.508 },
      { dateTime: T0 + 900, usUnits: 17, interval: 5, outTemp: 22, rain: 0 },
    ]);
    db.close();
    const [a, b] = await rows(path);
    expect(a.values).toMatchObject({
      tempc0: 20,
      humc0: 50,
      relbaro: 1015.917,
      windspd: 4.47,
      gust: 6.706,
      dailyrain: 0.254,
    });
    expect(b.values).toMatchObject({ tempc0: 21, dailyrain: 0.762 });
  });

  test('CumulusMX: a v4 monthly log named as Cumulus names it, read back by the Cumulus reader', async () => {
    const file = await download('cumulus');
    expect(file.name).toBe('Jan23log.txt');
    const text = file.bytes.toString('utf8');
    expect(text.split('\r\n')[0]).toMatch(
      /^15\/01\/23 00:05,1673741100,20\.0,50,9\.0,4\.5,6\.7,180,3\.05,0\.25,1015\.92,/,
    );
    const path = join(dir, file.name);
    writeFileSync(path, file.bytes);
    const [a, b, c] = await rows(path);
    expect(a.time).toBe(T0 + 300);
    expect(a.values).toMatchObject({
      tempc0: 20,
      humc0: 50,
      dewpoint: 9,
      relbaro: 1015.92,
      winddir: 180,
      dailyrain: 0.25,
    });
    expect(b.values).toMatchObject({ tempc0: 21, dailyrain: 0.76 });
    expect(c.values).toMatchObject({ tempc0: 22, dailyrain: 0.76 });
  });
});
