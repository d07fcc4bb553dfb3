// weatherDevices/climate through real uploads (Wunderground's metric-key dialect with past `dateutc`), checked
// against numbers derived by hand below. The NOAA text is compared with a golden file whose layout is WeeWX's
// (skins/Seasons/NOAA/NOAA-%Y-%m.txt.tmpl of github.com/weewx/weewx; see src/domain/climate/noaa.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { et0Daily, et0Hourly, extraterrestrialHourly, windAt2m } from '../../../src/domain/climate/et0';
import { localParts, zonedMidnight, zoneOffset } from '../../../src/domain/timeZones';
import { applyRetention } from '../../storage/retention';
import { call, newStation, newUser, startServer, type TestServer } from '../../testing/server';
import { shareStation } from '../../testing/share';

let t: TestServer;
let owner: Awaited<ReturnType<typeof newUser>>;
let stranger: Awaited<ReturnType<typeof newUser>>;
let friend: Awaited<ReturnType<typeof newUser>>;
let station: Awaited<ReturnType<typeof newStation>>;
const TZ = 'Europe/Berlin';
const RECENT = Math.floor(Date.now() / 1000) - 3 * 86400;
const pad = (n: number) => String(n).padStart(2, '0');

/** An upload at a Berlin wall time (CET = UTC+1 in winter, CEST = UTC+2 in summer). */
async function upload(local: string, offsetHours: number, fields: Record<string, number>) {
  const utc = new Date(Date.parse(`${local}:00Z`) - offsetHours * 3600_000);
  const dateutc = utc.toISOString().slice(0, 19).replace('T', '+');
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

beforeAll(async () => {
  t = await startServer();
  owner = await newUser(t, 'cl-owner');
  stranger = await newUser(t, 'cl-stranger');
  friend = await newUser(t, 'cl-friend');
  station = await newStation(t, owner.token, {
    name: 'Garden',
    timezone: TZ,
    latitude: 50.8,
    longitude: 4.35,
    elevation: 100,
  });
  // Rain of other months, for the rain season: 10 mm in August 2024, 5 mm in March 2025, 7 mm in August 2025.
  // The same calendar day in three years, for the normals: 0 °C on 10 January 2024, 9 °C on 10 January 2026.
  await upload('2024-01-10 12:00', 1, { outtemp: 0 });
  await upload('2024-08-05 12:00', 2, { outtemp: 25, dailyrain: 10 });
  // 10 January 2025: 4 °C at 00:02, 2 °C at 06:12 (the low), 12 °C at 14:07 (the high); wind 2, 2 and 4 m/s
  // from the east (7.2, 7.2 and 14.4 km/h), gusts 3 and 9.5 m/s (10.8 and 34.2 km/h); 2.4 mm of rain by 14:07.
  await upload('2025-01-10 00:02', 1, {
    outtemp: 4,
    outhumi: 90,
    windspeed: 7.2,
    winddir: 90,
    windgust: 10.8,
    dailyrain: 0,
  });
  await upload('2025-01-10 06:12', 1, {
    outtemp: 2,
    outhumi: 95,
    windspeed: 7.2,
    winddir: 90,
    dailyrain: 1.2,
  });
  await upload('2025-01-10 14:07', 1, {
    outtemp: 12,
    outhumi: 60,
    windspeed: 14.4,
    winddir: 90,
    windgust: 34.2,
    dailyrain: 2.4,
  });
  // 11 January 2025: one reading, 20 °C, 3 m/s from the north.
  await upload('2025-01-11 01:00', 1, {
    outtemp: 20,
    outhumi: 50,
    windspeed: 10.8,
    winddir: 0,
    dailyrain: 0,
  });
  await upload('2025-03-20 12:00', 1, { outtemp: 10, dailyrain: 5 });
  await upload('2025-08-20 12:00', 2, { outtemp: 22, dailyrain: 7 });
  await upload('2026-01-10 12:00', 1, { outtemp: 9 });
  // Three days ago: within the free plan's 365 days of 5-minute buckets.
  const p = localParts(RECENT, TZ);
  const wall = `${p.y}-${pad(p.m)}-${pad(p.d)}`;
  const offset = zoneOffset(RECENT, TZ) / 3600;
  await upload(`${wall} 03:02`, offset, { outtemp: 1, windspeed: 3.6, windgust: 7.2 });
  await upload(`${wall} 15:07`, offset, { outtemp: 7, windspeed: 3.6, windgust: 18 });
  // Retention as the server runs it 10 s after start and hourly: 5-minute buckets older than the store period
  // (365 days) go, so the January 2025 days are summarised from their hourly buckets (times to the hour).
  await t.server.app.ctx.samples.flush();
  await applyRetention(t.server.app.ctx.storage.knex, t.server.app.ctx.samples, Date.now(), {
    of: async () => null,
    fallback: 365,
  });
}, 60_000);
afterAll(() => t.close());

const get = (query: string, token?: string) =>
  call(t.url, 'GET', `/weatherDevices/climate?device=${station._id}&${query}`, { token });

describe('weatherDevices/climate', () => {
  test('a month: every day in the station zone, with values derived by hand', async () => {
    const res = await get('month=2025-01', owner.token);
    expect(res.status).toBe(200);
    const { days, totals } = res.body;
    expect(res.body.timeZone).toBe(TZ);
    expect(res.body.from).toBe(zonedMidnight(2025, 1, 1, TZ));
    expect(days).toHaveLength(31);
    expect(days[0]).toMatchObject({ date: '2025-01-01', tempMean: null, rain: null, et0: null });
    const d = days[9];
    expect(d.date).toBe('2025-01-10');
    expect(d.tempMean).toBeCloseTo(6, 9); // (4 + 2 + 12) / 3
    expect(d.tempMax).toBe(12);
    // Older than the 5-minute store period: the hour of the high (14:00 CET), of the low, of the gust.
    expect(d.tempMaxTime).toBe(Date.parse('2025-01-10T13:00:00Z') / 1000);
    expect(d.tempMin).toBe(2);
    expect(d.tempMinTime).toBe(Date.parse('2025-01-10T05:00:00Z') / 1000);
    expect(d.hdd).toBeCloseTo(12.3, 9); // 18.3 − 6
    expect(d.cdd).toBe(0);
    expect(d.gdd).toBeCloseTo(1, 9); // (12 + 10) / 2 − 10: the low held at the 10 °C base
    expect(d.chillHours).toBe(2); // the 00 h and 06 h means (4 and 2 °C) are within 0..7.2 °C
    expect(d.rain).toBeCloseTo(2.4, 9);
    expect(d.windMean).toBeCloseTo(8 / 3, 6);
    expect(d.windMax).toBeCloseTo(9.5, 6);
    expect(d.windMaxTime).toBe(Date.parse('2025-01-10T13:00:00Z') / 1000);
    expect(d.windDir).toBe(90);
    // ET₀ by FAO-56 from the day's Tmax 12, Tmin 2, RHmax 95, RHmin 60, the mean wind 8/3 m/s at 10 m and
    // Rs from the temperature range (no solar sensor): the wiring; the formula is checked in et0.test.ts.
    const et0 = et0Daily({
      tMax: 12,
      tMin: 2,
      rhMax: 95,
      rhMin: 60,
      u2: windAt2m(8 / 3, 10),
      rs: null,
      latitude: 50.8,
      elevation: 100,
      j: 10,
    });
    expect(d.et0).toBeCloseTo(et0, 6);
    expect(et0).toBeGreaterThan(0.3);
    expect(et0).toBeLessThan(1.5);
    const e = days[10];
    expect(e).toMatchObject({ date: '2025-01-11', tempMean: 20, hdd: 0, windDir: 0 });
    expect(e.cdd).toBeCloseTo(1.7, 9);
    expect(totals.tempMax).toBe(20);
    expect(totals.tempMaxDate).toBe('2025-01-11');
    expect(totals.tempMin).toBe(2);
    expect(totals.tempMinDate).toBe('2025-01-10');
    expect(totals.hdd).toBeCloseTo(12.3, 9);
    expect(totals.cdd).toBeCloseTo(1.7, 9);
    expect(totals.rain).toBeCloseTo(2.4, 9);
    expect(totals.windMax).toBeCloseTo(9.5, 6);
    expect(totals.windMaxDate).toBe('2025-01-10');
  });

  test('hourly ET₀ (FAO-56 Eq. 53) for every hour with readings', async () => {
    const res = await get('month=2025-01&hourly=1', owner.token);
    expect(res.body.hours.map((h: { time: number }) => h.time)).toEqual(
      ['2025-01-09T23:00:00Z', '2025-01-10T05:00:00Z', '2025-01-10T13:00:00Z', '2025-01-11T00:00:00Z'].map(
        (iso) => Date.parse(iso) / 1000,
      ),
    );
    // 14:07 CET: 12 °C, 60 %, 4 m/s at 10 m, no sun sensor: the clear-sky share Hargreaves gives the day (2..12 °C).
    const ra = extraterrestrialHourly(50.8, 4.35, 10, 13.5);
    const ratio = (0.16 * Math.sqrt(10)) / (0.75 + 2e-5 * 100);
    const expected = et0Hourly({
      t: 12,
      rh: 60,
      u2: windAt2m(4, 10),
      rs: ratio * (0.75 + 2e-5 * 100) * ra,
      ra,
      elevation: 100,
    });
    expect(res.body.hours[2].et0).toBeCloseTo(expected, 6);
    expect(res.body.hours[2].et0).toBeGreaterThan(0.02);
    expect(res.body.hours[1].et0).toBeGreaterThanOrEqual(0); // 06:12 CET in January: night
    expect((await get('month=2025-01&hourly=2', owner.token)).status).toBe(400);
  });

  test('a recent day keeps its 5-minute buckets: times to the 5 minutes', async () => {
    const p = localParts(RECENT, TZ);
    const res = await get(`month=${p.y}-${pad(p.m)}`, owner.token);
    const d = res.body.days.find((x: { date: string }) => x.date === `${p.y}-${pad(p.m)}-${pad(p.d)}`);
    const at = (h: number, m: number) => zonedMidnight(p.y, p.m, p.d, TZ) + h * 3600 + m * 60;
    expect(d).toMatchObject({ tempMax: 7, tempMin: 1, tempMean: 4 });
    expect(d.tempMaxTime).toBe(at(15, 5));
    expect(d.tempMinTime).toBe(at(3, 0));
    expect(d.windMax).toBeCloseTo(5, 6);
    expect(d.windMaxTime).toBe(at(15, 5));
  });

  test('the degree-day bases and the anemometer height are station settings', async () => {
    const patched = await call(t.url, 'PATCH', `/weatherDevices/${station._id}`, {
      token: owner.token,
      body: { degreeDayBase: 15, gddBase: 5, anemometerHeight: 2 },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ degreeDayBase: 15, gddBase: 5, anemometerHeight: 2 });
    const d = (await get('month=2025-01', owner.token)).body.days[9];
    expect(d.hdd).toBeCloseTo(9, 9); // 15 − 6
    expect(d.gdd).toBeCloseTo(3.5, 9); // (12 + 5) / 2 − 5
    expect(d.et0).toBeCloseTo(
      et0Daily({
        tMax: 12,
        tMin: 2,
        rhMax: 95,
        rhMin: 60,
        u2: 8 / 3,
        rs: null,
        latitude: 50.8,
        elevation: 100,
        j: 10,
      }),
      6,
    );
    const reset = await call(t.url, 'PATCH', `/weatherDevices/${station._id}`, {
      token: owner.token,
      body: { degreeDayBase: null, gddBase: null, anemometerHeight: null },
    });
    expect(reset.body).toMatchObject({ degreeDayBase: null, gddBase: null, anemometerHeight: null });
    const bad = await call(t.url, 'PATCH', `/weatherDevices/${station._id}`, {
      token: owner.token,
      body: { rainSeasonStart: 13 },
    });
    expect(bad.status).toBe(400);
  });

  test('a rain season starting in July moves the yearly totals', async () => {
    const calendar = await get('year=2025', owner.token);
    expect(calendar.status).toBe(200);
    expect(calendar.body.days).toHaveLength(365);
    expect(calendar.body.months.map((m: { month: string }) => m.month)[0]).toBe('2025-01');
    expect(calendar.body.totals.rain).toBeCloseTo(2.4 + 5 + 7, 9);
    await call(t.url, 'PATCH', `/weatherDevices/${station._id}`, {
      token: owner.token,
      body: { rainSeasonStart: 7 },
    });
    const season = await get('year=2025', owner.token);
    expect(season.body.from).toBe(zonedMidnight(2025, 7, 1, TZ));
    expect(season.body.months[0].month).toBe('2025-07');
    expect(season.body.totals.rain).toBeCloseTo(7, 9);
    const before = await get('year=2024', owner.token);
    expect(before.body.totals.rain).toBeCloseTo(10 + 2.4 + 5, 9);
    await call(t.url, 'PATCH', `/weatherDevices/${station._id}`, {
      token: owner.token,
      body: { rainSeasonStart: null },
    });
  });

  test('the NOAA month matches the golden file column for column', async () => {
    const res = await get('month=2025-01&format=noaa', owner.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const golden = readFileSync(join(import.meta.dirname, 'golden', 'NOAA-2025-01.txt'), 'utf8');
    expect(res.body).toBe(golden);
    // Every day line's fields end under the header's column names, as in WeeWX's report.
    const lines = res.body.split('\n');
    const head = lines.find((l: string) => l.startsWith('DAY'))!;
    const ends = [...head.matchAll(/\S+/g)].map((m) => m.index! + m[0].length);
    for (const line of lines.filter((l: string) => /^ \d\d /.test(l))) {
      for (const end of ends) {
        expect(line[end - 1]).not.toBe(' ');
        if (end < line.length) expect(line[end]).toBe(' ');
      }
    }
  });

  test('the NOAA text in the user’s units (°F, in, mph)', async () => {
    const res = await get('month=2025-01&format=noaa&temperature=F&rain=in&windSpeed=mph', owner.token);
    expect(res.body).toContain('TEMPERATURE (°F), RAIN (in), WIND SPEED (mph)');
    const day = res.body.split('\n').find((l: string) => l.startsWith(' 10 '));
    // 6 °C = 42.8 °F; high 12 °C = 53.6 °F at 14:05; 12.3 °C·day = 22.1 °F·day; 2.4 mm = 0.09 in; 9.5 m/s = 21.3 mph
    expect(day).toBe(
      ' 10   42.8   53.6  14:00   35.6  06:00   22.1    0.0   0.09    6.0   21.3  14:00     90',
    );
    const year = await get('year=2025&format=noaa', owner.token);
    expect(year.body).toContain('CLIMATOLOGICAL SUMMARY for year 2025');
    expect(year.body).toContain('\n2025 01   16.0   11.0   13.0   12.3    1.7    20.0   11     2.0   10');
  });

  test('normals from the station’s own years, and the same month of another year', async () => {
    const res = await get('month=2025-01&normals=1&compare=2026', owner.token);
    expect(res.status).toBe(200);
    // 10 January: 0 (2024), 6 (2025) and 9 °C (2026): mean 5, 10th percentile 0 + 0.2 × 6 = 1.2, 90th 6 + 0.8 × 3.
    const n = res.body.normals.find((x: { date: string }) => x.date === '2025-01-10');
    expect(n.years).toBe(3);
    expect(n.tempMean).toBeCloseTo(5, 9);
    expect(n.tempP10).toBeCloseTo(1.2, 9);
    expect(n.tempP90).toBeCloseTo(8.4, 9);
    // 11 January has one year only: no normal.
    expect(res.body.normals.some((x: { date: string }) => x.date === '2025-01-11')).toBe(false);
    expect(res.body.compare.period).toBe('2026-01');
    expect(res.body.compare.days[9].tempMean).toBe(9);
    expect(res.body.compare.totals.tempMax).toBe(9);
    const plain = await get('month=2025-01', owner.token);
    expect(plain.body.normals).toBeUndefined();
    expect(plain.body.compare).toBeUndefined();
  });

  test('who may read: owner, a friend it is shared with, anyone once public; a stranger gets 404', async () => {
    expect((await get('month=2025-01', stranger.token)).status).toBe(404);
    expect((await get('month=2025-01')).status).toBe(404);
    await shareStation(t, owner, station._id, friend);
    expect((await get('month=2025-01', friend.token)).status).toBe(200);
    await call(t.url, 'PATCH', `/weatherDevices/${station._id}`, {
      token: owner.token,
      body: { shareMode: 'public' },
    });
    expect((await get('month=2025-01')).status).toBe(200);
  });

  test('bad input is a 400 with a message', async () => {
    for (const q of [
      'month=2025-13',
      'month=2025-1',
      'year=25',
      'month=2025-01&year=2025',
      '',
      'month=2025-01&format=xml',
      'month=2025-01&temperature=K',
      'month=2025-01&compare=26',
      'month=2025-01&normals=maybe',
    ]) {
      const res = await get(q, owner.token);
      expect(res.status, q).toBe(400);
      expect(res.body.message, q).toBeTruthy();
    }
    const none = await call(t.url, 'GET', '/weatherDevices/climate?month=2025-01', { token: owner.token });
    expect(none.status).toBe(400);
  });
});
