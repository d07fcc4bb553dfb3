// Issue 26: the day-so-far climate metrics (et0day, hddday, cddday, gddday) derived at ingest, through real
// Wunderground uploads (metric dialect, past `dateutc`) and read back as any metric from batchLastData. The
// station stands at N'Diaye, the site of FAO-56 Example 19, with its anemometer at 2 m, and reports the example's
// afternoon hour (38 °C, 52 %, 3.3 m/s, 2.450 MJ m⁻² h⁻¹ = 680.6 W/m²) on 1 October: the paper's ET₀ is 0.63 mm
// for the hour. 38 °C all day so far: 38 − 18.3 = 19.7 cooling degree days, no heating, and growing degree days
// from the high and low held at the 30 °C cap: (30 + 30) / 2 − 10 = 20.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, newStation, newUser, startServer, type TestServer } from '../../testing/server';

let t: TestServer;
let token: string;
let station: Awaited<ReturnType<typeof newStation>>;

const HOUR = Date.UTC(2025, 9, 1, 15) / 1000;

async function upload(time: number, fields: Record<string, number>) {
  const dateutc = new Date(time * 1000).toISOString().slice(0, 19).replace('T', '+');
  const q = new URLSearchParams({
    ID: station.wsid,
    PASSWORD: station.stationKey,
    action: 'updateraw',
    softwaretype: 'test',
  });
  for (const [k, v] of Object.entries(fields)) q.set(k, String(v));
  const res = await call(t.url, 'GET', `/weatherstation/updateweatherstation.php?${q}&dateutc=${dateutc}`);
  expect(res.body).toBe('success');
}

async function last(): Promise<Record<string, unknown>> {
  const res = await call(t.url, 'GET', `/weatherMetrics/batchLastData?devices[0]=${station._id}`, { token });
  expect(res.status).toBe(200);
  const [columns, rows] = res.body as [string[], unknown[][]];
  return Object.fromEntries(columns.map((c, i) => [c, rows.at(-1)?.[i] ?? null]));
}

const EXAMPLE_19 = { outtemp: 38, outhumi: 52, windspeed: 3.3 * 3.6, solarradiation: 680.6 };

beforeAll(async () => {
  t = await startServer();
  ({ token } = await newUser(t, 'today-owner'));
  station = await newStation(t, token, {
    timezone: 'UTC',
    latitude: 16 + 13 / 60,
    longitude: -(16 + 15 / 60),
    elevation: 8,
    anemometerHeight: 2,
  });
});
afterAll(() => t.close());

describe('the climate of the day so far, derived at ingest', () => {
  test('half of Example 19’s hour at 15:30: 0.31 mm of ET₀; degree days of 38 °C', async () => {
    for (let i = 0; i <= 6; i++) await upload(HOUR + i * 300, EXAMPLE_19);
    const row = await last();
    expect(Math.abs((row.et0day as number) - 0.315)).toBeLessThanOrEqual(0.01);
    expect(row.cddday).toBe(19.7);
    expect(row.hddday).toBe(0);
    expect(row.gddday).toBe(20);
  });

  test('the whole hour by 16:00: the example’s 0.63 mm', async () => {
    for (let i = 7; i <= 12; i++) await upload(HOUR + i * 300, EXAMPLE_19);
    const row = await last();
    expect(row.et0day as number).toBeCloseTo(0.63, 2);
    expect(row.cddday).toBe(19.7);
  });

  test('a cooler evening lowers the degree days with the day’s mean', async () => {
    // 13 readings at 38 °C, then 13 at 18 °C: the mean is 28 °C (9.7 cooling); the low 18 °C gives growing
    // (30 + 18) / 2 − 10 = 14.
    for (let i = 0; i < 13; i++) await upload(HOUR + 2 * 3600 + i * 300, { ...EXAMPLE_19, outtemp: 18 });
    const row = await last();
    expect(row.cddday as number).toBeCloseTo(9.7, 9);
    expect(row.hddday).toBe(0);
    expect(row.gddday).toBe(14);
    // A later upload of the same 5-minute slot carries the slot's values (computed once per slot at ingest). Its
    // 8 °C drop in a minute is within quality control's spike rate (15 °C over 5 minutes).
    await upload(HOUR + 2 * 3600 + 12 * 300 + 60, { ...EXAMPLE_19, outtemp: 10 });
    const same = await last();
    expect(same.tempc0).toBe(10);
    expect(same.cddday as number).toBeCloseTo(9.7, 9);
  });

  test('they are export columns, named as on the card, in the user’s units', async () => {
    const query = `device=${station._id}&startTime=2025-10-01T15:00:00Z&endTime=2025-10-01T16:00:01Z`;
    const res = await fetch(`${t.url}/weatherMetrics/export?${query}&format=csv&locale=en&temperature=F`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const [names, units, ...rows] = (await res.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const col = (name: string) => names.split(',').indexOf(name);
    const et0 = col('ET₀ & degree days · ET₀ today');
    const cdd = col('ET₀ & degree days · Cooling degree days');
    expect(et0).toBeGreaterThan(0);
    expect(units.split(',')[et0]).toBe('mm');
    expect(units.split(',')[cdd]).toBe('°F·d');
    // The 16:00 bucket: the example's 0.63 mm; 19.7 °C·d of cooling is 35.46 °F·d.
    const last = rows.at(-1)?.split(',') ?? [];
    expect(last[et0]).toBe('0.6');
    expect(last[cdd]).toBe('35.5');
  });

  test('they are alert items of the station, checked against their ranges', async () => {
    const post = (settings: unknown[]) =>
      call(t.url, 'POST', '/alertSettings', { token, body: { weatherDevice: station._id, settings } });
    const made = await post([
      { item: 'et0day', condition: 'above', value: 5, method: 'email' },
      { item: 'gddday', condition: 'above', value: 30, unit: 'Fd', method: 'notification' },
    ]);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const tooHigh = await post([{ item: 'hddday', condition: 'above', value: 101, method: 'email' }]);
    expect(tooHigh.status).toBe(400);
  });

  test('a station without a temperature gets none of them', async () => {
    const other = await newStation(t, token, { timezone: 'UTC', latitude: 50, longitude: 14 });
    const q = new URLSearchParams({ ID: other.wsid, PASSWORD: other.stationKey, action: 'updateraw' });
    const res = await call(
      t.url,
      'GET',
      `/weatherstation/updateweatherstation.php?${q}&humidity=50&dateutc=now`,
    );
    expect(res.body).toBe('success');
    const get = await call(t.url, 'GET', `/weatherMetrics/batchLastData?devices[0]=${other._id}`, { token });
    const [columns, rows] = get.body as [string[], unknown[][]];
    const row = Object.fromEntries(columns.map((c, i) => [c, rows.at(-1)?.[i] ?? null]));
    expect(row.humc0).toBe(50);
    for (const k of ['et0day', 'hddday', 'cddday', 'gddday']) expect(row[k] ?? null).toBeNull();
  });
});
