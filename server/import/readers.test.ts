// Each reader on real files of its format (fixtures/README.md says where each comes from); the expected values
// are worked out by hand from the file's numbers and units, so a wrong factor or a shifted column fails here.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { type Detected, detect, isUnmapped } from './detect';
import type { DayRow, ImportReader, ReadOptions, SampleRow } from './types';

const dir = mkdtempSync(join(tmpdir(), 'import-readers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name);

/** A WeeWX database built from the schema and the rows' SQL. */
function weewxDb(rows: string): string {
  const path = join(dir, `${rows}.sdb`);
  const db = new Database(path);
  db.exec(readFileSync(fixture('weewx-schema.sql'), 'utf8'));
  db.exec(readFileSync(fixture(rows), 'utf8'));
  db.close();
  return path;
}

async function all(detected: Detected): Promise<(SampleRow | DayRow)[]> {
  if (isUnmapped(detected)) throw new Error('not detected');
  const out: (SampleRow | DayRow)[] = [];
  for await (const row of detected.rows()) out.push(row);
  (detected as ImportReader & { close?(): void }).close?.();
  return out;
}

const read = async (path: string, options: ReadOptions) => {
  const d = await detect(path, options);
  return { reader: d as ImportReader, rows: await all(d) };
};
const utc = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) =>
  Date.UTC(y, mo - 1, d, h, mi, s) / 1000;

describe('WeeWX archive', () => {
  it('reads US units (usUnits 1) into base units, interval rain into the day total', async () => {
    const { reader, rows } = await read(weewxDb('weewx-us.sql'), { timeZone: 'UTC' });
    expect(reader.format).toBe('weewx');
    expect(reader.units.tempc0).toBe('F');
    const [a, b, c] = rows as SampleRow[];
    expect(a.time).toBe(utc(2023, 1, 15));
    // 68 °F = 20 °C; 48.2 °F = 9 °C; 30.00 inHg × 33.8639 = 1015.917 hPa; 29.5 inHg = 998.985 hPa;
    // 10 mph × 0.44704 = 4.470 m/s; 15 mph = 6.706 m/s; 0.12 in/h = 3.048 mm/h; 71.6 °F = 22 °C; 32 °F = 0 °C.
    expect(a.values).toMatchObject({
      tempc0: 20,
      humc0: 50,
      dewpoint: 9,
      relbaro: 1015.917,
      absbaro: 998.985,
      windspd: 4.47,
      gust: 6.706,
      winddir: 180,
      rainrate: 3.048,
      solarrad: 250,
      uvi: 3,
      tempin: 22,
      humin: 40,
      tempc1: 0,
      dailyrain: 0.254, // 0.01 in
    });
    expect(b.values.tempc0).toBe(21); // 69.8 °F
    expect(b.values.dailyrain).toBe(0.762); // 0.01 + 0.02 in
    expect(c.values).toMatchObject({ tempc0: 22, humc0: null, winddir: null, dailyrain: 0.762 });
  });

  it('reads METRIC (16: km/h, cm) and METRICWX (17: m/s, mm) rows', async () => {
    const { rows } = await read(weewxDb('weewx-metric.sql'), { timeZone: 'UTC' });
    const [a, b, c] = rows as SampleRow[];
    // 36 km/h = 10 m/s; 54 km/h = 15 m/s; 0.1 cm = 1 mm; 1.2 cm/h = 12 mm/h.
    expect(a.values).toMatchObject({
      tempc0: 20,
      relbaro: 1013.2,
      windspd: 10,
      gust: 15,
      rainrate: 12,
      dailyrain: 1,
    });
    expect(b.values).toMatchObject({ windspd: 5, gust: 10, rainrate: 6, dailyrain: 1.5 });
    expect(c.values).toMatchObject({ windspd: 5, gust: 10, rainrate: 6, dailyrain: 2 });
  });

  it('refuses a SQLite file without a WeeWX archive table', async () => {
    const path = join(dir, 'other.sdb');
    new Database(path).exec('CREATE TABLE t (a)');
    await expect(detect(path, { timeZone: 'UTC' })).rejects.toThrow(/archive/);
  });
});

describe('CumulusMX monthly log', () => {
  it('v4: date and time in one field, then unix seconds; invariant numbers', async () => {
    const { reader, rows } = await read(fixture('cumulus-v4-Nov24log.txt'), { timeZone: 'Europe/Berlin' });
    expect(reader.format).toBe('cumulus-log');
    const [a, b] = rows as SampleRow[];
    expect(a.time).toBe(1730419200); // the file's own timestamp, whatever the zone
    expect(a.values).toMatchObject({
      tempc0: 8.4,
      humc0: 91,
      dewpoint: 7,
      windspd: 1.2,
      gust: 3.1,
      winddir: 225,
      rainrate: 0,
      dailyrain: 0,
      relbaro: 1018.4,
      tempin: 20.6,
      humin: 56,
      windchill: 8.4,
      heatindex: 8.4,
      uvi: 0,
      solarrad: 0,
      feelslike: 7.3,
      wbgt: null,
    });
    expect(b.time).toBe(1730419800);
    expect(b.values).toMatchObject({ rainrate: 1.2, dailyrain: 0.4, feelslike: 7.4 });
  });

  it('pre-v4 German: `;` fields, decimal commas, dotted dates, local wall time', async () => {
    const { rows } = await read(fixture('cumulus-de-Nov24log.txt'), { timeZone: 'Europe/Berlin' });
    const [a, b] = rows as SampleRow[];
    expect(a.time).toBe(utc(2024, 10, 31, 23)); // 00:00 CET
    expect(a.values).toMatchObject({ tempc0: 8.4, dewpoint: 7, relbaro: 1018.4, winddir: 225, tempin: 20.6 });
    expect(b.values).toMatchObject({ rainrate: 1.2, dailyrain: 0.4 });
  });

  it('pre-v4 US: dashed dates, units the owner names (°F, mph, inHg, in)', async () => {
    const { reader, rows } = await read(fixture('cumulus-us-Nov24log.txt'), {
      timeZone: 'America/New_York',
      units: { temp: 'F', wind: 'mph', pressure: 'inHg', rain: 'in' },
    });
    expect(reader.units).toMatchObject({ tempc0: 'F', windspd: 'mph', relbaro: 'inHg', dailyrain: 'in' });
    const [a] = rows as SampleRow[];
    expect(a.time).toBe(utc(2024, 11, 1, 4)); // 00:00 EDT
    // 46.5 °F = 8.056 °C; 44.6 °F = 7 °C; 2.7 mph = 1.207 m/s; 6.9 mph = 3.085 m/s; 30.073 inHg = 1018.389 hPa;
    // 69.1 °F = 20.611 °C.
    expect(a.values).toMatchObject({
      tempc0: 8.056,
      dewpoint: 7,
      windspd: 1.207,
      gust: 3.085,
      relbaro: 1018.389,
      tempin: 20.611,
    });
  });

  it('dayfile.txt: each day as aggregates (low, high, mean)', async () => {
    const { reader, rows } = await read(fixture('cumulus-v4-dayfile.txt'), { timeZone: 'Europe/London' });
    expect(reader.format).toBe('cumulus-dayfile');
    expect(reader.kind).toBe('daily');
    const [a, b] = rows as DayRow[];
    expect(a.time).toBe(utc(2024, 11, 1)); // GMT
    expect(a.aggs).toMatchObject({
      tempc0: [1, 7.2, 3.1, 11.2, 7.2],
      relbaro: [1, 1015.6, 1012.3, 1018.9, 1015.6],
      rainrate: [1, 2.4, 2.4, 2.4, 2.4],
      dailyrain: [1, 5.6, 5.6, 5.6, 5.6],
      windspd: [1, 3.1, 3.1, 3.1, 3.1],
      gust: [1, 6.3, 6.3, 6.3, 6.3],
      humc0: [1, 84, 71, 97, 84],
      heatindex: [1, 11.2, 11.2, 11.2, 11.2],
      windchill: [1, 1.8, 1.8, 1.8, 1.8],
      winddir: [1, 230, 230, 230, 230],
      solarrad: [1, 215, 215, 215, 215],
      uvi: [1, 1.4, 1.4, 1.4, 1.4],
    });
    expect(a.aggs.dewpoint[2]).toBe(1.2);
    expect(a.aggs.dewpoint[3]).toBe(8.9);
    expect(b.time).toBe(utc(2024, 11, 2));
    expect(b.aggs.tempc0).toEqual([1, 5.5, 2, 9, 5.5]);
  });
});

describe('header-row files', () => {
  it('Weather Underground PWS history: imperial columns, DateUTC as the time, <br> lines skipped', async () => {
    const { reader, rows } = await read(fixture('wunderground-KCASARAT1.csv'), {
      timeZone: 'America/Los_Angeles',
    });
    expect(reader.format).toBe('wunderground');
    expect(rows).toHaveLength(2);
    const [a, b] = rows as SampleRow[];
    expect(a.time).toBe(utc(2019, 3, 5, 8, 4, 48));
    // 50.4 °F = 10.222 °C; 47 °F = 8.333 °C; 30.01 inHg = 1016.256 hPa.
    expect(a.values).toMatchObject({
      tempc0: 10.222,
      dewpoint: 8.333,
      relbaro: 1016.256,
      winddir: 330,
      windspd: 0,
      gust: 0,
      humc0: 88,
      hourlyrain: 0,
      dailyrain: 0,
      solarrad: 0,
    });
    expect(b.time).toBe(utc(2019, 3, 5, 8, 9, 49));
  });

  it('Ecowitt SD card log (°C, m/s, hPa): local time, units from the header', async () => {
    const { reader, rows } = await read(fixture('ecowitt-sd-card.csv'), { timeZone: 'Europe/London' });
    expect(reader.format).toBe('ecowitt');
    const [a] = rows as SampleRow[];
    expect(a.time).toBe(utc(2024, 9, 18, 13, 25)); // 14:25 BST
    expect(a.values).toMatchObject({
      tempin: 22.8,
      humin: 55,
      tempc0: 23.2,
      humc0: 54,
      dewpoint: 13.4,
      feelslike: 23.2,
      windspd: 1.1,
      gust: 1.6,
      winddir: 259,
      absbaro: 989.6,
      relbaro: 1013.1,
      solarrad: 519.34,
      uvi: 4,
      dailyrain: 0,
    });
  });

  it('Ecowitt.net export in imperial units with a Timestamp column', async () => {
    const { rows } = await read(fixture('ecowitt-net-imperial.csv'), { timeZone: 'Europe/London' });
    const [a] = rows as SampleRow[];
    expect(a.time).toBe(1747734370);
    // 73 °F = 22.778 °C; 73.8 °F = 23.222 °C; 56.1 °F = 13.389 °C; 2.5 mph = 1.118 m/s; 3.6 mph = 1.609 m/s;
    // 29.22 inHg = 989.503 hPa; 29.92 inHg = 1013.208 hPa; 0.1 in = 2.54 mm; 0.02 in = 0.508 mm; 10 in = 254 mm.
    expect(a.values).toMatchObject({
      tempin: 22.778,
      tempc0: 23.222,
      dewpoint: 13.389,
      windspd: 1.118,
      gust: 1.609,
      absbaro: 989.503,
      relbaro: 1013.208,
      rainrate: 2.54,
      hourlyrain: 0.508,
      dailyrain: 2.54,
      yearlyrain: 254,
    });
  });

  it('any other CSV answers its columns until the owner maps them', async () => {
    const path = fixture('generic.csv');
    const unmapped = await detect(path, { timeZone: 'UTC' });
    expect(unmapped).toMatchObject({
      format: 'csv',
      delimiter: ';',
      header: ['when', 'outside temp', 'rel. humidity', 'gusts'],
    });
    const { rows } = await read(path, {
      timeZone: 'UTC',
      mapping: {
        time: 'when',
        timeFormat: 'iso',
        columns: {
          'outside temp': { key: 'tempc0', unit: 'C' },
          'rel. humidity': { key: 'humc0', unit: '%' },
          gusts: { key: 'gust', unit: 'km/h' },
        },
      },
    });
    const [a, b] = rows as SampleRow[];
    expect(a.time).toBe(utc(2024, 6, 1, 12));
    expect(a.values).toEqual({ tempc0: 21.5, humc0: 60, gust: 3.333 }); // 12 km/h
    expect(b.values).toEqual({ tempc0: 21.7, humc0: 61, gust: null });
  });

  it('a CSV with a CRLF and a BOM is read alike, a file of nothing is refused', async () => {
    const path = join(dir, 'bom.csv');
    copyFileSync(fixture('ecowitt-sd-card.csv'), path);
    const text = readFileSync(path);
    const withBom = join(dir, 'bom2.csv');
    writeFileSync(withBom, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), text]));
    const { reader } = await read(withBom, { timeZone: 'UTC' });
    expect(reader.format).toBe('ecowitt');
    const empty = join(dir, 'empty.csv');
    writeFileSync(empty, '\r\n');
    await expect(detect(empty, { timeZone: 'UTC' })).rejects.toThrow(/empty/);
  });
});
