// Issue 26 for imported history: the day-so-far climate metrics (et0day, hddday, cddday, gddday) that ingest
// derives per 5-minute slot are derived for an imported CumulusMX v4 log too, per chunk, in the station's zone.
// The station stands at N'Diaye, the site of FAO-56 Example 19, anemometer at 2 m, like ingest's own test
// (services/climate/today.test.ts): the example's afternoon hour (38 °C, 52 %, 3.3 m/s, 680.6 W/m²) on 1 October
// 2025 has 0.63 mm of ET₀; 38 °C all day so far is 38 − 18.3 = 19.7 cooling degree days and (30 + 30) / 2 − 10 =
// 20 growing ones (held at the 30 °C cap). The same readings uploaded through ingest must store the same values.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { unpack } from '../storage/packed';
import { call, newStation, newUser, startServer, type TestServer } from '../testing/server';
import { detect, isUnmapped } from './detect';
import { runImport } from './run';

const dir = mkdtempSync(join(tmpdir(), 'import-climate-'));
let t: TestServer;
let token: string;
const HOUR = Date.UTC(2025, 9, 1, 15) / 1000;
const PLACE = {
  timezone: 'UTC',
  latitude: 16 + 13 / 60,
  longitude: -(16 + 15 / 60),
  elevation: 8,
  anemometerHeight: 2,
};

/** The readings: the example's hour 15:00–16:00, a cooler 17:00–18:00, and two after midnight (the next day). */
const READINGS: { time: number; temp: number }[] = [
  ...Array.from({ length: 13 }, (_, i) => ({ time: HOUR + i * 300, temp: 38 })),
  ...Array.from({ length: 13 }, (_, i) => ({ time: HOUR + 2 * 3600 + i * 300, temp: 18 })),
  { time: HOUR + 9 * 3600 + 300, temp: 20 },
  { time: HOUR + 9 * 3600 + 600, temp: 22 },
];

const p2 = (n: number) => String(n).padStart(2, '0');
/**
 * The humidity of a reading: 52 % and 53 % in turn (a humidity exactly unchanged for 6 hours is a stuck sensor to
 * the upload path's quality control, and the readings span 9 hours).
 */
const humAt = (time: number) => 52 + (Math.floor(time / 300) % 2);
/** A CumulusMX ≥ v4 log line (fixtures/README.md: LogFileRec.CurrentToCsv), in °C and m/s. */
function logLine(time: number, temp: number): string {
  const d = new Date(time * 1000);
  const date = `${p2(d.getUTCDate())}/${p2(d.getUTCMonth() + 1)}/${p2(d.getUTCFullYear() % 100)} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}`;
  // temp, hum, dew, wind, gust, bearing, rain rate, rain today, SLP, rain counter, in temp, in hum, latest gust,
  // wind chill, heat index, UV, solar.
  return `${date},${time},${temp.toFixed(1)},${humAt(time)},,3.3,,,,,,,,,,,,,680.6\r\n`;
}

function logFile(name: string, readings: { time: number; temp: number }[]): string {
  const path = join(dir, `${name}-${Math.random()}.txt`);
  writeFileSync(path, readings.map((r) => logLine(r.time, r.temp)).join(''));
  return path;
}

async function importLog(
  station: string,
  path: string,
  options: { chunkRows?: number; replace?: boolean } = {},
) {
  const reader = await detect(path, { timeZone: 'UTC', units: { wind: 'ms' } });
  if (isUnmapped(reader)) throw new Error('not detected');
  return runImport(t.server.app.ctx.storage.knex, { _id: station, timezone: 'UTC' }, reader, {
    dryRun: false,
    policy: options.replace ? 'replace' : 'keep',
    fileName: 'Oct25log.txt',
    fileHash: `h${Math.random()}`,
    chunkRows: options.chunkRows,
  });
}

const KEYS = ['et0day', 'hddday', 'cddday', 'gddday'] as const;

/** The station's 5-minute buckets: per slot the climate keys' aggregates [count, sum, min, max, last]. */
async function fives(station: string): Promise<Map<number, Record<string, number[] | undefined>>> {
  const { knex } = t.server.app.ctx.storage;
  const { seq } = await knex('weatherDevices').where({ _id: station }).first('seq');
  const rows = (await knex('buckets5m').where({ device: seq }).orderBy('time').select('time', 'data')) as {
    time: number | string;
    data: Buffer;
  }[];
  return new Map(
    rows.map((r) => {
      const aggs = unpack(r.data);
      return [Number(r.time), Object.fromEntries(KEYS.map((k) => [k, aggs[k] ? [...aggs[k]] : undefined]))];
    }),
  );
}
const last = (b: Record<string, number[] | undefined> | undefined, k: (typeof KEYS)[number]) => b?.[k]?.[4];

beforeAll(async () => {
  t = await startServer();
  ({ token } = await newUser(t, 'climate-import'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the day-so-far climate of imported history', () => {
  test('computed per slot from a CumulusMX log, across chunks and a day boundary, by hand', async () => {
    const station = await newStation(t, token, PLACE);
    // Chunks of 12 rows end on whole hours: 1 October falls in three chunks.
    const report = await importLog(station._id, logFile('split', READINGS), { chunkRows: 12 });
    expect(report.imported).toBe(READINGS.length);
    const b = await fives(station._id);
    // 15:30: half of the example's hour, 0.315 mm (ingest's test); degree days of 38 °C.
    const half = b.get(HOUR + 1800);
    expect(Math.abs((last(half, 'et0day') as number) - 0.315)).toBeLessThanOrEqual(0.01);
    expect(last(half, 'cddday')).toBe(19.7);
    expect(last(half, 'hddday')).toBe(0);
    expect(last(half, 'gddday')).toBe(20);
    // 16:00 (the reading at 16:00 starts a new hour with a bucket of its own): the whole hour, 0.63 mm.
    expect(last(b.get(HOUR + 3600), 'et0day') as number).toBeCloseTo(0.63, 2);
    // 18:00, in a later chunk: 13 readings at 38 °C and 13 at 18 °C, mean 28 °C (9.7 cooling), low 18 °C:
    // (30 + 18) / 2 − 10 = 14 growing.
    const evening = b.get(HOUR + 3 * 3600);
    expect(last(evening, 'cddday') as number).toBeCloseTo(9.7, 9);
    expect(last(evening, 'gddday')).toBe(14);
    // One reading per slot: each value stored once ([1, v, v, v, v]).
    expect(evening?.cddday?.[0]).toBe(1);
    // 2 October 00:05 starts a new day: 20 °C is 1.7 cooling, (20 + 20) / 2 − 10 = 10 growing; at 00:10 the
    // mean is 21 °C (2.7) and the high 22 °C (11).
    const next = b.get(HOUR + 9 * 3600 + 300);
    expect(last(next, 'cddday') as number).toBeCloseTo(1.7, 9);
    expect(last(next, 'gddday')).toBe(10);
    expect(last(b.get(HOUR + 9 * 3600 + 600), 'cddday') as number).toBeCloseTo(2.7, 9);
    expect(last(b.get(HOUR + 9 * 3600 + 600), 'gddday')).toBe(11);
    // The day carries them as any metric: its highest ET₀ so far is its last, at 18:00.
    const { knex } = t.server.app.ctx.storage;
    const { seq } = await knex('weatherDevices').where({ _id: station._id }).first('seq');
    const day = await knex('buckets1d')
      .where({ device: seq, time: Date.UTC(2025, 9, 1) / 1000 })
      .first('data');
    expect(unpack(day.data).et0day[3]).toBe(last(evening, 'et0day'));
    expect(last(evening, 'et0day') as number).toBeGreaterThan(0.63);
  });

  test('the fixture CumulusMX v4 log: degree days of its two readings by hand', async () => {
    // fixtures/cumulus-v4-Nov24log.txt: 8.4 °C at 00:00 and 8.2 °C at 00:10 UTC on 1 November 2024. A station
    // without a position (no ET₀) in UTC: at 00:00 the day is 8.4 °C, 18.3 − 8.4 = 9.9 heating degree days; at
    // 00:10 its mean is 8.3 °C, 10.0; both under the 10 °C base of growing degree days, 0; no cooling.
    const station = await newStation(t, token, { timezone: 'UTC' });
    const reader = await detect(join(import.meta.dirname, 'fixtures', 'cumulus-v4-Nov24log.txt'), {
      timeZone: 'UTC',
    });
    if (isUnmapped(reader)) throw new Error('not detected');
    const knex = t.server.app.ctx.storage.knex;
    await runImport(knex, { _id: station._id, timezone: 'UTC' }, reader, {
      dryRun: false,
      policy: 'keep',
      fileName: 'Nov24log.txt',
      fileHash: 'fixture',
    });
    const b = await fives(station._id);
    const first = b.get(1730419200);
    const second = b.get(1730419800);
    expect(last(first, 'hddday') as number).toBeCloseTo(9.9, 9);
    expect(last(second, 'hddday') as number).toBeCloseTo(10, 9);
    for (const slot of [first, second]) {
      expect(last(slot, 'cddday')).toBe(0);
      expect(last(slot, 'gddday')).toBe(0);
      expect(slot?.et0day).toBeUndefined();
    }
  });

  test('the same as ingest derives for the same readings uploaded, and the same in one chunk', async () => {
    const imported = await newStation(t, token, PLACE);
    const whole = await newStation(t, token, PLACE);
    const uploaded = await newStation(t, token, PLACE);
    await importLog(imported._id, logFile('split', READINGS), { chunkRows: 12 });
    await importLog(whole._id, logFile('whole', READINGS));
    for (const r of READINGS) {
      const q = new URLSearchParams({
        ID: uploaded.wsid,
        PASSWORD: uploaded.stationKey,
        action: 'updateraw',
        outtemp: String(r.temp),
        outhumi: String(humAt(r.time)),
        windspeed: String(3.3 * 3.6),
        solarradiation: '680.6',
        dateutc: new Date(r.time * 1000).toISOString().slice(0, 19).replace('T', ' '),
      });
      const res = await call(t.url, 'GET', `/weatherstation/updateweatherstation.php?${q}`);
      expect(res.body).toBe('success');
    }
    await t.server.app.ctx.samples.flush(); // the live writer's open buckets
    const a = await fives(imported._id);
    const w = await fives(whole._id);
    const u = await fives(uploaded._id);
    expect([...a.keys()]).toEqual([...u.keys()]);
    let compared = 0;
    for (const [time, want] of u) {
      for (const k of KEYS) {
        // At 15:00 no part of an hour has passed yet: no ET₀ so far, on either path.
        if (want[k] === undefined) expect(a.get(time)?.[k], `${k} at ${time}`).toBeUndefined();
        else {
          expect(a.get(time)?.[k]?.[4], `${k} at ${time}`).toBeCloseTo(want[k]?.[4] as number, 9);
          expect(a.get(time)?.[k]?.[0], `${k} readings at ${time}`).toBe(want[k]?.[0]);
        }
        expect(w.get(time)?.[k], `${k} at ${time}`).toEqual(a.get(time)?.[k]);
        compared++;
      }
    }
    expect(compared).toBe(READINGS.length * 4);
  });

  test('replace recomputes: a warmer file over the same hours gives their new values', async () => {
    const station = await newStation(t, token, PLACE);
    await importLog(station._id, logFile('first', READINGS));
    const warmer = READINGS.map((r) => ({ ...r, temp: r.temp + 2 }));
    const report = await importLog(station._id, logFile('warmer', warmer), { replace: true });
    expect(report.overlaps.periods).toBeGreaterThan(0);
    const b = await fives(station._id);
    // 40 °C: 21.7 cooling; growing held at the cap, 20.
    expect(last(b.get(HOUR + 1800), 'cddday') as number).toBeCloseTo(21.7, 9);
    // 13 at 40 and 13 at 20 °C: mean 30, 11.7 cooling; (30 + 20) / 2 − 10 = 15 growing.
    expect(last(b.get(HOUR + 3 * 3600), 'cddday') as number).toBeCloseTo(11.7, 9);
    expect(last(b.get(HOUR + 3 * 3600), 'gddday')).toBe(15);
    expect(b.get(HOUR + 3 * 3600)?.cddday?.[0]).toBe(1);
  });

  test('the climate summary and the normals read imported years; the day under way is not in its normal', async () => {
    const station = await newStation(t, token, PLACE);
    const now = new Date();
    const y = now.getUTCFullYear();
    const md = [now.getUTCMonth(), now.getUTCDate()] as const;
    const at = (year: number, hour: number, day = md[1]) => Date.UTC(year, md[0], day, hour) / 1000;
    // Today's date two years ago at 10 °C and a year ago at 20 °C (hourly readings), and the day after a year ago
    // (so the history spans more than a year).
    const history = [
      ...Array.from({ length: 24 }, (_, h) => ({ time: at(y - 2, h), temp: 10 })),
      ...Array.from({ length: 24 }, (_, h) => ({ time: at(y - 1, h), temp: 20 })),
      { time: at(y - 1, 12, md[1] + 1), temp: 20 },
    ];
    const report = await importLog(station._id, logFile('years', history));
    expect(report.imported).toBe(history.length);
    // Today at 30 °C, uploaded.
    const q = new URLSearchParams({
      ID: station.wsid,
      PASSWORD: station.stationKey,
      action: 'updateraw',
      outtemp: '30',
      dateutc: 'now',
    });
    expect((await call(t.url, 'GET', `/weatherstation/updateweatherstation.php?${q}`)).body).toBe('success');
    await t.server.app.ctx.samples.flush();
    const month = `${y}-${p2(md[0] + 1)}`;
    const date = `${month}-${p2(md[1])}`;
    const res = await call(
      t.url,
      'GET',
      `/weatherDevices/climate?device=${station._id}&month=${month}&normals=1`,
      {
        token,
      },
    );
    expect(res.status).toBe(200);
    // The normal of today's date: the two imported years, mean 15 °C (today's 30 °C would make it 20 over 3).
    const normal = res.body.normals.find((n: { date: string }) => n.date === date);
    expect(normal.years).toBe(2);
    expect(normal.tempMean).toBeCloseTo(15, 9);
    expect(res.body.days.find((d: { date: string }) => d.date === date).tempMax).toBe(30);
    // A year ago's summary from the imported hours: 20 °C all day, 1.7 cooling degree days.
    const last = await call(
      t.url,
      'GET',
      `/weatherDevices/climate?device=${station._id}&month=${y - 1}-${p2(md[0] + 1)}`,
      { token },
    );
    const then = last.body.days.find(
      (d: { date: string }) => d.date === `${y - 1}-${p2(md[0] + 1)}-${p2(md[1])}`,
    );
    expect(then.tempMean).toBe(20);
    expect(then.cdd).toBeCloseTo(1.7, 9);
  });
});
