import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AutoProvider } from '../../forecast/auto';
import { LocalProvider } from '../../forecast/local';
import { OpenMeteoProvider } from '../../forecast/open-meteo';
import { SAMPLE } from '../../forecast/open-meteo.fixture';
import { call, newStation, newUser, startServer, type TestServer } from '../../testing/server';
import { collect, settle, socketClient } from '../../testing/socket';
import { defaultProvider, refreshForecasts, setForecastProvider } from './forecast';

let t: TestServer;
let owner: Awaited<ReturnType<typeof newUser>>;
let stranger: Awaited<ReturnType<typeof newUser>>;
let station: Awaited<ReturnType<typeof newStation>>;
let nowhere: Awaited<ReturnType<typeof newStation>>;
const now = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  t = await startServer();
  // The station's own forecast, whatever the network of the machine running the tests.
  setForecastProvider(t.server.app, new LocalProvider(t.server.app.ctx.samples));
  owner = await newUser(t, 'fc-owner');
  stranger = await newUser(t, 'fc-stranger');
  station = await newStation(t, owner.token, {
    timezone: 'Europe/Prague',
    latitude: 50.08,
    longitude: 14.42,
  });
  nowhere = await newStation(t, owner.token, { timezone: 'UTC' });
  // Six hours of falling pressure (1 hPa per hour) with a south-west wind, every 10 minutes.
  const device = { _id: station._id, timezone: 'Europe/Prague' };
  for (let m = 6 * 60; m >= 0; m -= 10) {
    await t.server.app.ctx.samples.write(device, now - m * 60, {
      relbaro: 1000 - (6 * 60 - m) / 60,
      tempc0: 14,
      humc0: 80,
      windspd: 5,
      winddir: 225,
    });
  }
});
afterAll(() => t.close());

const get = (path: string, token?: string) => call(t.url, 'GET', path, { token });
const record = (table: { columns: string[]; rows: unknown[][] }, i = 0) =>
  Object.fromEntries(table.columns.map((c, j) => [c, table.rows[i][j]]));

describe('weatherDevices/forecast (local Zambretti)', () => {
  test('current: falling pressure gives a wet summary, with dt and catalogue keys', async () => {
    const res = await get(`/weatherDevices/forecast?device=${station._id}&type=current`, owner.token);
    expect(res.status).toBe(200);
    expect(res.body.columns[0]).toBe('dt');
    const cur = record(res.body);
    expect(cur).toMatchObject({ trend: 'falling', tempc0: 14, humc0: 80, winddir: 225, relbaro: 994 });
    expect(['unsettled', 'rain', 'storm']).toContain(cur.summary);
    expect(cur.pop).toBeGreaterThan(0.3);
    expect(Math.abs((cur.dt as number) - now)).toBeLessThan(600);
    expect(res.body.source).toBe('local');
  });

  test("by default Open-Meteo with the station's own as fallback; FORECAST_PROVIDER picks one (issue 22)", () => {
    expect(defaultProvider(t.server.app, undefined)).toBeInstanceOf(AutoProvider);
    expect(defaultProvider(t.server.app, 'auto')).toBeInstanceOf(AutoProvider);
    expect(defaultProvider(t.server.app, 'local')).toBeInstanceOf(LocalProvider);
    expect(defaultProvider(t.server.app, 'open-meteo')).toBeInstanceOf(OpenMeteoProvider);
  });

  test('hourly and daily; without type all three at once (what the data worker loads)', async () => {
    const hourly = await get(`/weatherDevices/forecast?device=${station._id}&type=hourly`, owner.token);
    expect(hourly.body.rows).toHaveLength(12);
    const daily = await get(`/weatherDevices/forecast?device=${station._id}&type=daily`, owner.token);
    expect(daily.body.rows).toHaveLength(3);
    const all = await get(`/weatherDevices/forecast?device=${station._id}`, owner.token);
    expect(Object.keys(all.body).sort()).toEqual(['current', 'daily', 'hourly']);
    expect(all.body.daily.columns).toEqual(daily.body.columns);
  });

  test('bad input is a 400, a stranger gets 404 Device not found for a private station', async () => {
    const bad = await get(`/weatherDevices/forecast?device=${station._id}&type=weekly`, owner.token);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/type must be one of/);
    expect((await get('/weatherDevices/forecast?type=current', owner.token)).status).toBe(400);
    expect((await get('/weatherDevices/forecast?device=nonsense', owner.token)).status).toBe(400);
    const theirs = await get(`/weatherDevices/forecast?device=${station._id}&type=current`, stranger.token);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Device not found');
    expect((await get(`/weatherDevices/forecast?device=${station._id}&type=current`)).status).toBe(404);
  });

  test('Open-Meteo when configured (fake fetch, no network); no location → 400', async () => {
    const urls: string[] = [];
    setForecastProvider(
      t.server.app,
      new OpenMeteoProvider(async (url) => {
        urls.push(url);
        return { ok: true, status: 200, json: async () => SAMPLE };
      }),
    );
    try {
      const res = await get(`/weatherDevices/forecast?device=${station._id}&type=daily`, owner.token);
      expect(res.status).toBe(200);
      expect(record(res.body, 1)).toMatchObject({ temp_max: 6.3, pop: 0.9 });
      expect(new URL(urls[0]).searchParams.get('latitude')).toBe('50.08');
      const none = await get(`/weatherDevices/forecast?device=${nowhere._id}&type=daily`, owner.token);
      expect(none.status).toBe(400);
      expect(none.body.message).toMatch(/Set the station's location first/);
    } finally {
      setForecastProvider(t.server.app, new LocalProvider(t.server.app.ctx.samples));
    }
  });

  test('the hourly refresh publishes weatherMetrics/forecast created to watchers only', async () => {
    const mine = await socketClient(t.url, owner.token);
    const theirs = await socketClient(t.url, stranger.token);
    const got = collect(mine.client, 'weatherMetrics/forecast');
    const leaked = collect(theirs.client, 'weatherMetrics/forecast');
    await mine.client.service('weatherDevices/watch').create({ id: station._id });
    await theirs.client.service('weatherDevices/watch').create({ id: station._id });
    // A station last heard from two days ago gets no forecast (nor does one that never uploaded).
    const stale = await newStation(t, owner.token, { timezone: 'UTC' });
    await t.server.app.ctx.storage
      .knex('weatherDevices')
      .where({ _id: stale._id })
      .update({ lastUpload: now - 2 * 86400 });
    t.server.app.ctx.devices.forget(stale._id);
    const sent = await refreshForecasts(t.server.app);
    expect(sent).toBe(3);
    await settle();
    const types = got.filter((e) => e.device === station._id).map((e) => e.type);
    expect(types.sort()).toEqual(['current', 'daily', 'hourly']);
    const daily = got.find((e) => e.type === 'daily')!;
    expect(daily.columns).toContain('dt');
    expect(daily.daily).toEqual({ columns: daily.columns, rows: daily.rows, source: 'local' });
    expect(daily.source).toBe('local');
    expect(leaked).toEqual([]);
    // Nobody may create forecast events from outside.
    await expect(
      mine.client.service('weatherMetrics/forecast').create({ device: station._id }),
    ).rejects.toMatchObject({ code: 403 });
    mine.close();
    theirs.close();
  });
});

describe('weatherDevices/sun', () => {
  test('sun and moon for the station location on a local date', async () => {
    const res = await get(`/weatherDevices/sun?device=${station._id}&date=2026-06-21`, owner.token);
    expect(res.status).toBe(200);
    expect(res.body.date).toBe('2026-06-21');
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Prague',
      hour: '2-digit',
      minute: '2-digit',
    }).format(res.body.sunrise * 1000);
    expect(local).toMatch(/^04:(4|5)\d$/);
    for (const k of ['sunset', 'solarNoon', 'dawn', 'dusk', 'moonPhase', 'moonPhaseName', 'illumination'])
      expect(res.body[k], k).not.toBeNull();
    expect(res.body).toHaveProperty('moonrise');
    expect(res.body).toHaveProperty('moonset');
  });

  test('no location → 400 asking for it; bad date → 400; stranger → 404', async () => {
    const none = await get(`/weatherDevices/sun?device=${nowhere._id}`, owner.token);
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/Set the station's location first/);
    for (const date of ['2026-02-30', 'tomorrow'])
      expect((await get(`/weatherDevices/sun?device=${station._id}&date=${date}`, owner.token)).status).toBe(
        400,
      );
    const theirs = await get(`/weatherDevices/sun?device=${station._id}`, stranger.token);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Device not found');
  });
});
