// Met Office WOW, OpenWeatherMap (registration and measurements) and Windguru: the real server ("test now")
// sends a known sample to a local fake of each network, and the test reads every parameter as the network's
// published format has it (sources in formats/wow.ts, formats/openweathermap.ts, formats/windguru.ts). Values
// are worked out by hand from SAMPLE below.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, newStation, newUser, startServer, type TestServer } from '../../testing/server';
import { integrationsConfig } from '../config';
import { FAKE_PATHS, FakeNetwork, fakeEndpoints } from '../testing/fake-network';

let t: TestServer;
let fake: FakeNetwork;
let owner: Awaited<ReturnType<typeof newUser>>;
let station: Awaited<ReturnType<typeof newStation>>;

/** 2024-05-01 12:34:56 UTC. */
const TIME = 1714566896;
const SAMPLE = {
  tempc0: 21.5,
  humc0: 63,
  dewpoint: 14.2,
  winddir: 225,
  winddiravg10m: 220,
  windspd: 3.4,
  windavg10m: 2.9,
  gust: 5.8,
  hourlyrain: 1.3,
  dailyrain: 7.9,
  relbaro: 1013.2,
};

beforeAll(async () => {
  fake = await new FakeNetwork().start();
  t = await startServer({
    integrations: { ...integrationsConfig({}), forward: false, endpoints: fakeEndpoints(fake.base) },
  });
  owner = await newUser(t, 'net-owner');
  station = await newStation(t, owner.token, { name: 'Garden', latitude: 50.08, longitude: 14.42 });
  const device = await t.server.app.ctx.devices.get(station._id);
  await t.server.ingest.store(device!, TIME, SAMPLE);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function create(body: Record<string, unknown>) {
  const created = await call(t.url, 'POST', '/uploadTargets', {
    token: owner.token,
    body: { device: station._id, ...body },
  });
  expect(created.status).toBe(201);
  return created.body._id as string;
}

async function testNow(target: string) {
  const tested = await call(t.url, 'POST', '/uploadTargets/test', { token: owner.token, body: { target } });
  expect(tested.status).toBe(201);
  return tested.body;
}

describe('WOW, OpenWeatherMap and Windguru (against local fakes)', () => {
  test('Met Office WOW: GET automaticreading, site ID and authentication key, imperial units', async () => {
    const answer = await testNow(await create({ network: 'wow', stationId: '123456789', key: '654321' }));
    expect(answer).toMatchObject({ ok: true, result: 'ok' });
    const [req] = fake.at(FAKE_PATHS.wow);
    expect(req.method).toBe('GET');
    // 1013.2 hPa = 29.920 inHg; 21.5 °C = 70.7 °F; 14.2 °C = 57.6 °F; 3.4 m/s = 7.6 mph → 8; 5.8 m/s = 13.0 mph
    // → 13; 1.3 mm = 0.05 in; 7.9 mm = 0.31 in.
    expect(req.rawQuery).toBe(
      'siteid=123456789&siteAuthenticationKey=654321&dateutc=2024-05-01+12%3A34%3A56' +
        '&softwaretype=weather-portal-0.1&baromin=29.920&tempf=70.7&humidity=63&dewptf=57.6&windspeedmph=8' +
        '&winddir=225&windgustmph=13&rainin=0.05&dailyrainin=0.31',
    );
  });

  test('WOW: a refused authentication key (403) is a refused key', async () => {
    fake.reply(FAKE_PATHS.wow, { status: 403, body: 'Forbidden' });
    const answer = await testNow(await create({ network: 'wow', stationId: '999', key: '000000' }));
    expect(answer).toMatchObject({ ok: false, result: 'rejected', message: 'forwardRefusedKey' });
  });

  test('OpenWeatherMap: registers the station once, keeps its ID, then posts measurements as JSON', async () => {
    const stations = FAKE_PATHS.openweathermap.replace(/measurements$/, 'stations');
    fake.reply(stations, {
      status: 201,
      body: JSON.stringify({ ID: '5ed21a12cca8ce0001f1aef1', external_id: station._id, name: 'Garden' }),
    });
    fake.reply(FAKE_PATHS.openweathermap, { status: 204, body: '' });
    const target = await create({ network: 'openweathermap', stationId: '', key: 'owm-api-key-1' });
    const answer = await testNow(target);
    expect(answer).toMatchObject({ ok: true, target: { stationId: '5ed21a12cca8ce0001f1aef1' } });

    const [reg] = fake.at(stations);
    expect(reg.method).toBe('POST');
    expect(reg.query.get('appid')).toBe('owm-api-key-1');
    expect(reg.headers['content-type']).toBe('application/json');
    expect(JSON.parse(reg.body)).toEqual({
      external_id: station._id,
      name: 'Garden',
      latitude: 50.08,
      longitude: 14.42,
      altitude: 0,
    });

    const [m] = fake.at(FAKE_PATHS.openweathermap);
    expect(m.method).toBe('POST');
    expect(m.query.get('appid')).toBe('owm-api-key-1');
    expect(m.headers['content-type']).toBe('application/json');
    // Metric as stored; the past 24 hours hold only this reading, so rain_24h is the rain since midnight.
    expect(JSON.parse(m.body)).toEqual([
      {
        station_id: '5ed21a12cca8ce0001f1aef1',
        dt: TIME,
        temperature: 21.5,
        wind_speed: 3.4,
        wind_gust: 5.8,
        wind_deg: 225,
        pressure: 1013.2,
        humidity: 63,
        dew_point: 14.2,
        rain_1h: 1.3,
        rain_24h: 7.9,
      },
    ]);

    // Sent again: no second registration, the kept ID.
    await testNow(target);
    expect(fake.at(stations)).toHaveLength(1);
    expect(JSON.parse(fake.at(FAKE_PATHS.openweathermap)[1].body)[0].station_id).toBe(
      '5ed21a12cca8ce0001f1aef1',
    );
  });

  test('OpenWeatherMap: an invalid API key at registration is a refused key, and nothing is posted', async () => {
    const stations = FAKE_PATHS.openweathermap.replace(/measurements$/, 'stations');
    fake.reply(stations, { status: 401, body: '{"cod":401,"message":"Invalid API key"}' });
    const before = fake.at(FAKE_PATHS.openweathermap).length;
    const answer = await testNow(await create({ network: 'openweathermap', stationId: '', key: 'bad-key' }));
    expect(answer).toMatchObject({ ok: false, result: 'rejected', message: 'forwardRefusedKey' });
    expect(answer.target.stationId).toBe('');
    expect(fake.at(FAKE_PATHS.openweathermap)).toHaveLength(before);
  });

  test('Windguru: uid, a fresh salt and MD5(salt + uid + password), knots, °C, hPa, mm', async () => {
    fake.reply(FAKE_PATHS.windguru, { status: 200, body: 'OK' });
    const target = await create({ network: 'windguru', stationId: 'wg-station-7', key: 'wg-api-pass' });
    expect(await testNow(target)).toMatchObject({ ok: true, result: 'ok' });
    await testNow(target);
    const [req, again] = fake.at(FAKE_PATHS.windguru);
    expect(req.method).toBe('GET');
    const q = Object.fromEntries(req.query);
    const salt = q.salt;
    expect(salt.length).toBeGreaterThan(0);
    expect(again.query.get('salt')).not.toBe(salt);
    expect(q.hash).toBe(createHash('md5').update(`${salt}wg-station-7wg-api-pass`).digest('hex'));
    expect(req.rawQuery).not.toContain('wg-api-pass');
    // 2.9 m/s (10-minute average) = 5.64 kn → 5.6 over 600 s; 5.8 m/s = 11.27 kn → 11.3; 220° (10-minute).
    expect(q).toEqual({
      uid: 'wg-station-7',
      salt,
      hash: q.hash,
      unixtime: String(TIME),
      interval: '600',
      wind_avg: '5.6',
      wind_max: '11.3',
      wind_direction: '220',
      temperature: '21.5',
      rh: '63',
      mslp: '1013.2',
      precip: '1.3',
      precip_interval: '3600',
    });
  });

  test('Windguru: "wrong hash" is a refused password', async () => {
    fake.reply(FAKE_PATHS.windguru, { status: 200, body: 'wrong hash' });
    const answer = await testNow(await create({ network: 'windguru', stationId: 'wg-x', key: 'nope' }));
    expect(answer).toMatchObject({ ok: false, result: 'rejected', message: 'forwardRefusedKey' });
  });
});
