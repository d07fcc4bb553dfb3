// The exact request each network receives for a known sample: the real server sends it ("test now") to a local
// HTTP fake of that network, and the test reads path, parameters, units and rounding as the fake got them.
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
  windchill: 21.5,
  heatindex: 21.6,
  winddir: 225,
  winddiravg10m: 220,
  windspd: 3.4,
  windavg10m: 2.9,
  gust: 5.8,
  hourlyrain: 1.3,
  dailyrain: 7.9,
  rainrate: 2.4,
  relbaro: 1013.2,
  uvi: 3,
  solarrad: 412.5,
  pm25c1: 12.3,
  pm10c1: 20,
  tempin: 22,
  humin: 45,
};

beforeAll(async () => {
  fake = await new FakeNetwork().start();
  t = await startServer({
    integrations: {
      ...integrationsConfig({}),
      forward: false,
      endpoints: fakeEndpoints(fake.base),
      // The custom targets' fake runs on 127.0.0.1: a home-network setup (issue #20).
      forwardAllowPrivate: true,
    },
  });
  owner = await newUser(t, 'fwd-owner');
  station = await newStation(t, owner.token, { latitude: 50.08, longitude: 14.42 });
  const device = await t.server.app.ctx.devices.get(station._id);
  await t.server.ingest.store(device!, TIME, SAMPLE);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function sendVia(body: Record<string, unknown>) {
  const created = await call(t.url, 'POST', '/uploadTargets', {
    token: owner.token,
    body: { device: station._id, ...body },
  });
  expect(created.status).toBe(201);
  const tested = await call(t.url, 'POST', '/uploadTargets/test', {
    token: owner.token,
    body: { target: created.body._id },
  });
  expect(tested.status).toBe(201);
  return tested.body;
}

describe('forwarding formats (against local fakes)', () => {
  test('Weather Underground: GET, imperial, CumulusMX order and WeeWX decimals', async () => {
    const answer = await sendVia({ network: 'wunderground', stationId: 'KXXTEST1', key: 'wu-secret-1234' });
    expect(answer).toMatchObject({ ok: true, result: 'ok', target: { lastOk: true, key: '••••1234' } });
    const [req] = fake.at(FAKE_PATHS.wunderground);
    expect(req.method).toBe('GET');
    expect(req.rawQuery).toBe(
      'ID=KXXTEST1&PASSWORD=wu-secret-1234&dateutc=2024-05-01+12%3A34%3A56&winddir=225&windspeedmph=7.6' +
        '&windgustmph=13.0&humidity=63&tempf=70.7&rainin=0.05&dailyrainin=0.31&baromin=29.920&dewptf=57.6' +
        '&UV=3.00&solarradiation=412.50&AqPM2.5=12.3&AqPM10=20.0&softwaretype=weather-portal+v0.1&action=updateraw',
    );
  });

  test('PWSweather: the same protocol at its own address', async () => {
    await sendVia({ network: 'pwsweather', stationId: 'PWSTEST', key: 'pws-key-5678' });
    const [req] = fake.at(FAKE_PATHS.pwsweather);
    expect(req.query.get('ID')).toBe('PWSTEST');
    expect(req.query.get('PASSWORD')).toBe('pws-key-5678');
    expect(req.query.get('tempf')).toBe('70.7');
    expect(req.query.get('baromin')).toBe('29.920');
    expect(req.query.get('action')).toBe('updateraw');
  });

  test('Windy: metric, pressure in Pa, the password as a Bearer header and never in the URL', async () => {
    await sendVia({ network: 'windy', stationId: 'w1a2b3', key: 'windy-password-99' });
    const [req] = fake.at(FAKE_PATHS.windy);
    expect(req.method).toBe('GET');
    expect(req.headers.authorization).toBe('Bearer windy-password-99');
    expect(req.rawQuery).not.toContain('windy-password');
    expect(Object.fromEntries(req.query)).toEqual({
      id: 'w1a2b3',
      time: '2024-05-01T12:34:56.000Z',
      wind: '2.9',
      gust: '5.8',
      winddir: '220',
      rh: '63',
      dewpoint: '14.2',
      pressure: '101320',
      uv: '3.0',
      solarradiation: '413',
      precip: '1.30',
      temp: '21.5',
      softwaretype: 'weather-portal v0.1',
    });
  });

  test('WeatherCloud: tenths as integers, the UTC date', async () => {
    await sendVia({ network: 'weathercloud', stationId: 'wcid01', key: 'wc-key-0001' });
    const [req] = fake.at(FAKE_PATHS.weathercloud);
    expect(req.rawQuery).toBe(
      'wid=wcid01&key=wc-key-0001&temp=215&chill=215&dew=142&heat=216&hum=63&wspd=34&wspdhi=58&wspdavg=29' +
        '&wdir=225&wdiravg=220&bar=10132&rain=79&rainrate=24&solarrad=4125&uvi=30&pm25=12&pm10=20' +
        '&date=20240501&software=weather-portal_v0.1',
    );
  });

  test('AWEKAS: 25 positions, MD5 of the password, km/h, UTC date and time', async () => {
    fake.reply(FAKE_PATHS.awekas, { status: 200, body: 'OK\n' });
    const answer = await sendVia({ network: 'awekas', stationId: 'awuser', key: 'aw-pass-4321' });
    expect(answer.ok).toBe(true);
    const [req] = fake.at(FAKE_PATHS.awekas);
    const md5 = createHash('md5').update('aw-pass-4321').digest('hex');
    expect(req.rawQuery).toBe(
      `val=awuser;${md5};01.05.2024;12:34;21.5;63;1013.200;7.90;12.2;225;;;;en;;20.9;412.50;3.00;;;;2.40;` +
        'weather-portal_0.1;14.42;50.08',
    );
  });

  test('custom, Wunderground format: the owner URL keeps its own query', async () => {
    await sendVia({
      network: 'custom',
      format: 'wunderground',
      url: `${fake.base}/custom/wu?token=abc`,
      stationId: 'CHAIN1',
      key: 'chain-key',
    });
    const [req] = fake.at('/custom/wu');
    expect(req.query.get('token')).toBe('abc');
    expect(req.query.get('ID')).toBe('CHAIN1');
    expect(req.query.get('tempf')).toBe('70.7');
  });

  test('custom, Ecowitt format: a form POST as a gateway sends it', async () => {
    await sendVia({
      network: 'custom',
      format: 'ecowitt',
      url: `${fake.base}/data/report/`,
      stationId: 'PK1',
    });
    const [req] = fake.at('/data/report/');
    expect(req.method).toBe('POST');
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req.body).toBe(
      'PASSKEY=PK1&stationtype=weather-portal_0.1&dateutc=2024-05-01+12%3A34%3A56&tempinf=71.6&humidityin=45' +
        '&baromrelin=29.920&tempf=70.7&humidity=63&winddir=225&windspeedmph=7.61&windgustmph=12.97' +
        '&solarradiation=412.50&uv=3&rainratein=0.094&hourlyrainin=0.051&dailyrainin=0.311&pm25_ch1=12.3',
    );
  });
});
