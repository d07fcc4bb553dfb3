// Other networks' formats (issue #31): what station software sends to PWSweather, Met Office WOW, Weathercloud
// and Windy, replayed through the real endpoints (fixtures and their sources: fixtures/<network>/SOURCE.md).
// Every stored value is checked against a number derived by hand (the arithmetic beside it), every reply
// against the bytes the senders look for. And no upload-shaped request ever gets the web app.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, newStation, newUser, startServer, type TestServer } from '../testing/server';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8').trim();
const utc = (iso: string) => Date.parse(`${iso}Z`) / 1000;

let t: TestServer;
let token: string;
beforeAll(async () => {
  // With the built app's index.html, as in production: no upload may get it.
  const dist = mkdtempSync(join(tmpdir(), 'dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
  t = await startServer({ staticDir: dist });
  const owner = await newUser(t);
  token = owner.token;
  // One account holds every test station here: more than an account may have (src/domain/entitlements.ts),
  // which admins are not held to.
  await t.server.app.ctx.storage.knex('users').where({ _id: owner.user._id }).update({ isAdmin: true });
});
afterAll(() => t.close());

type Station = { _id: string; wsid: string; stationKey: string };

/** A fixture with a test station's ID and key in place of STATIONID and STATIONKEY. */
const upload = (name: string, s: Station) =>
  fixture(name).replace('STATIONID', encodeURIComponent(s.wsid)).replace('STATIONKEY', s.stationKey);

async function send(method: string, path: string, body?: string, headers: Record<string, string> = {}) {
  const res = await fetch(t.url + path, { method, body, headers });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

async function last(id: string) {
  const res = await call(t.url, 'GET', `/weatherDevices/lastData?device=${id}`, { token });
  return res.body.last as Record<string, number | null>;
}

/** The fields the owner sees as unknown: noted after the console's answer, so wait for the note to be stored. */
async function unknownFields(id: string) {
  await t.server.ingest.settled();
  return (await call(t.url, 'GET', `/weatherServer?device=${id}`, { token })).body.unmapped;
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('PWSweather', () => {
  test("pywws's upload (GET): every value stored at its own time, answered 200 only because it was stored", async () => {
    const s = await newStation(t, token);
    const res = await send('GET', `/pwsupdate/pwsupdate.php?${upload('pwsweather/pywws.query', s)}`);
    expect(res).toMatchObject({ status: 200, text: 'success' });
    expect(res.type).toContain('text/plain');
    expect(await last(s._id)).toMatchObject({
      time: utc('2026-11-20T10:00:00'),
      tempc0: 8.278, // (46.9 − 32) × 5/9 = 8.2777…
      humc0: 82,
      dewpoint: 5.389, // (41.7 − 32) × 5/9 = 5.3888…
      winddir: 225,
      windspd: 3.599, // 8.05 mph × 0.44704 = 3.598672
      gust: 6.799, // 15.21 mph × 0.44704 = 6.7994784
      relbaro: 1016.323, // 30.012 inHg × 33.8639 = 1016.3233668
      hourlyrain: 0.508, // 0.02 in × 25.4
      dailyrain: 3.048, // 0.12 in × 25.4
    });
  });

  test("WeeWX's upload POSTed as a form: zero-padded numbers read, UV and radiation stored", async () => {
    const s = await newStation(t, token);
    const res = await send('POST', '/pwsupdate/pwsupdate.php', upload('pwsweather/weewx.query', s), FORM);
    expect(res).toMatchObject({ status: 200, text: 'success' });
    expect(await last(s._id)).toMatchObject({
      time: utc('2026-11-20T10:05:00'),
      humc0: 82, // humidity=082 (%03.0f)
      windspd: 3.621, // 8.1 mph × 0.44704 = 3.621024
      gust: 6.795, // 15.2 mph × 0.44704 = 6.795008
      uvi: 1,
      solarrad: 250.5,
    });
  });

  test('a wrong key: 401 with a line WeeWX reads as a bad login, and nothing stored', async () => {
    const s = await newStation(t, token);
    const query = upload('pwsweather/pywws.query', s).replace(s.stationKey, 'wrong-key');
    const res = await send('GET', `/pwsupdate/pwsupdate.php?${query}`);
    expect(res).toMatchObject({ status: 401, text: 'ERROR: not a valid ID/PASSWORD' });
    expect(await last(s._id)).toBeNull();
    const missing = await send('GET', '/pwsupdate/pwsupdate.php?PASSWORD=b&tempf=50');
    expect(missing).toMatchObject({ status: 400, text: 'ERROR: Missing ID or PASSWORD' });
  });
});

describe('Met Office WOW', () => {
  test("WeeWX's upload: stored, answered 200 with the JSON pywws parses; the gust direction listed as unknown", async () => {
    const s = await newStation(t, token);
    const res = await send('GET', `/automaticreading?${upload('wow/weewx.query', s)}`);
    expect(res).toMatchObject({ status: 200, text: '{}' });
    expect(res.type).toContain('application/json');
    expect(await last(s._id)).toMatchObject({
      time: utc('2026-11-20T10:00:00'),
      tempc0: 8.278, // (46.9 − 32) × 5/9
      windspd: 3.576, // 8 mph × 0.44704 = 3.57632
      gust: 6.706, // 15 mph × 0.44704 = 6.7056
      relbaro: 1016.323, // 30.012 inHg × 33.8639
      dailyrain: 3.048, // 0.120 in × 25.4
    });
    expect(await unknownFields(s._id)).toEqual({ windgustdir: '230' });
  });

  test("pywws's upload (no action field), POSTed: stored", async () => {
    const s = await newStation(t, token);
    const res = await send('POST', '/automaticreading', upload('wow/pywws.query', s), FORM);
    expect(res).toMatchObject({ status: 200, text: '{}' });
    expect(await last(s._id)).toMatchObject({
      time: utc('2026-11-20T10:05:00'),
      hourlyrain: 0.254, // 0.0100 in × 25.4
      dewpoint: 5.389,
    });
  });

  test('a wrong key is a 403 (WeeWX: bad login); too many uploads a 503, never the 429 pywws counts as stored', async () => {
    const s = await newStation(t, token);
    const wrong = await send('GET', `/automaticreading?siteid=${s.wsid}&siteAuthenticationKey=nope&tempf=50`);
    expect(wrong).toMatchObject({ status: 403, text: '{"message":"wrong siteid or siteAuthenticationKey"}' });
    const busy = await startServer({ ingestBurst: 1, ingestPerSecond: 0.001 });
    try {
      const { token: owner } = await newUser(busy);
      const b = await newStation(busy, owner);
      const once = (minute: number) =>
        fetch(
          `${busy.url}/automaticreading?siteid=${b.wsid}&siteAuthenticationKey=${b.stationKey}&tempf=5${minute}`,
        );
      expect((await once(0)).status).toBe(200);
      const second = await once(1);
      expect(second.status).toBe(503);
      expect(await second.text()).toBe('{"message":"too many requests, retry later"}');
    } finally {
      await busy.close();
    }
  });
});

describe('Weathercloud', () => {
  test("WeeWX's wcloud upload to /v01/set: tenths read, answered with the body 200 pywws looks for", async () => {
    const s = await newStation(t, token);
    const res = await send('GET', `/v01/set?${upload('weathercloud/weewx-wcloud.query', s)}`);
    expect(res).toMatchObject({ status: 200, text: '200' });
    expect(await last(s._id)).toMatchObject({
      time: utc('2026-11-20T10:00:00'), // date=20261120, time=1000 (UTC)
      tempc0: 8.3, // temp=83 tenths of °C
      humc0: 82,
      dewpoint: 5.4, // dew=54
      windchill: 8.3,
      heatindex: 8.3,
      relbaro: 1016.3, // bar=10163 tenths of hPa
      windspd: 3.6, // wspd=36 tenths of m/s
      windavg10m: 3.2, // wspdavg=32
      gust: 6.8, // wspdhi=68
      winddir: 225,
      winddiravg10m: 220,
      dailyrain: 3, // rain=30 tenths of mm
      rainrate: 0,
      tempin: 21.4, // tempin=214
      humin: 45,
      uvi: 1, // uvi=10 tenths
      solarrad: 250.5, // solarrad=2505 tenths of W/m²
    });
  });

  test("pywws's upload to /set, POSTed: its one-field time (YYYYMMDD HHMMSS) read", async () => {
    const s = await newStation(t, token);
    const res = await send('POST', '/set', upload('weathercloud/pywws.query', s), FORM);
    expect(res).toMatchObject({ status: 200, text: '200' });
    expect(await last(s._id)).toMatchObject({ time: utc('2026-11-20T10:05:00'), tempc0: 8.3, gust: 6.8 });
  });

  test("CumulusMX's upload (a date, no time): the server's time; -32768 (sensor not working) is no value", async () => {
    const s = await newStation(t, token);
    const before = Math.floor(Date.now() / 1000);
    const res = await send('GET', `/v01/set?${upload('weathercloud/cumulusmx.query', s)}`);
    expect(res).toMatchObject({ status: 200, text: '200' });
    const row = await last(s._id);
    expect(row.time).toBeGreaterThanOrEqual(before);
    expect(row).toMatchObject({ tempc0: 8.3, solarrad: 250.5, tempin: 21.4 });
    expect(row.uvi ?? null).toBeNull();
  });

  test('the path form (/set/wid/<id>/key/<key>/temp/…) and a wrong key (401, body 401)', async () => {
    const s = await newStation(t, token);
    const res = await send('GET', `/set/wid/${s.wsid}/key/${s.stationKey}/temp/-25/hum/91`);
    expect(res).toMatchObject({ status: 200, text: '200' });
    expect(await last(s._id)).toMatchObject({ tempc0: -2.5, humc0: 91 });
    const wrong = await send('GET', `/v01/set?wid=${s.wsid}&key=wrong&temp=100`);
    expect(wrong).toMatchObject({ status: 401, text: '401' });
    expect(await send('GET', '/v01/set?temp=100')).toMatchObject({ status: 400, text: '400' });
  });
});

describe('Windy', () => {
  test("Windy's documented example, the key in the path: imperial values converted, answered SUCCESS", async () => {
    const s = await newStation(t, token);
    const res = await send('GET', `/pws/update/${s.stationKey}?${fixture('windy/documented-example.query')}`);
    expect(res).toMatchObject({ status: 200, text: 'SUCCESS' });
    expect(await last(s._id)).toMatchObject({
      tempc0: 21.111, // (70 − 32) × 5/9 = 21.111…
      humc0: 90,
      dewpoint: 20.111, // (68.2 − 32) × 5/9 = 20.111…
      winddir: 230,
      windspd: 5.364, // 12 mph × 0.44704 = 5.36448
      gust: 5.364,
      relbaro: 985.439, // 29.1 inHg × 33.8639 = 985.43949
      hourlyrain: 0, // rainin=0
    });
  });

  test("pywws's metric upload POSTed to /pws/update with the key as PASSWORD", async () => {
    const s = await newStation(t, token);
    const body = `${fixture('windy/pywws.query')}&PASSWORD=${s.stationKey}&station=0`;
    const res = await send('POST', '/pws/update', body, FORM);
    expect(res).toMatchObject({ status: 200, text: 'SUCCESS' });
    expect(await last(s._id)).toMatchObject({
      time: utc('2026-11-20T10:00:00'),
      tempc0: 8.3,
      windspd: 3.6,
      gust: 6.8,
      humc0: 82,
      relbaro: 1016.3, // mbar
      dewpoint: 5.4,
      hourlyrain: 0.5, // precip, mm in the past hour
    });
  });

  test("CumulusMX's API v2 upload with the key as a bearer token: pressure in Pa, ISO time", async () => {
    const s = await newStation(t, token);
    const res = await send(
      'GET',
      `/api/v2/observation/update/?${upload('windy/cumulusmx-v2.query', s)}`,
      undefined,
      {
        authorization: `Bearer ${s.stationKey}`,
      },
    );
    expect(res).toMatchObject({ status: 200, text: 'SUCCESS' });
    expect(await last(s._id)).toMatchObject({
      time: utc('2026-11-20T10:05:00'),
      relbaro: 1016.32, // 101632 Pa ÷ 100
      uvi: 1,
      solarrad: 250,
      hourlyrain: 0.5,
      humc0: 82, // rh
    });
  });

  test("Windy's documented POST JSON: the first station's observation stored at its own time", async () => {
    const s = await newStation(t, token);
    const json = { 'content-type': 'application/json' };
    const res = await send(
      'POST',
      `/pws/update/${s.stationKey}`,
      fixture('windy/documented-post.json'),
      json,
    );
    expect(res).toMatchObject({ status: 200, text: 'SUCCESS' });
    const row = await last(s._id);
    expect(row).toMatchObject({
      time: utc('2019-03-15T06:15:34'),
      tempc0: 1.2,
      windspd: 2.8,
      winddir: 189,
      gust: 3.7,
      humc0: 76,
    });
    const bad = await send('POST', `/pws/update/${s.stationKey}`, '{"readings":[]}', json);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text)).toMatchObject({ message: 'Not an upload in JSON' });
  });

  test("a wrong or missing key: Windy's JSON error, nothing stored", async () => {
    const wrong = await send('GET', '/pws/update/not-a-key?tempf=70');
    expect(wrong.status).toBe(401);
    expect(JSON.parse(wrong.text)).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Unauthorized',
    });
    const missing = await send('GET', '/pws/update?tempf=70');
    expect(missing.status).toBe(400);
    expect(JSON.parse(missing.text)).toMatchObject({ statusCode: 400, message: 'PASSWORD is required' });
  });
});

describe('no upload-shaped request gets the web app', () => {
  test('a station credential on ten paths that are no upload endpoint: a 404 in the closest shape, counted', async () => {
    const health = t.server.app.ctx.ingestHealth!;
    const count = (protocol: string) =>
      health.statusTotals().find((r) => r.protocol === protocol && r.status === 404)?.count ?? 0;
    const html = { accept: 'text/html,application/xhtml+xml' };
    const cases: [method: string, path: string, protocol: string, body: string][] = [
      ['GET', '/pwsupdate/update.php?ID=a&PASSWORD=b&tempf=50', 'pwsweather', 'not found'],
      [
        'GET',
        '/automaticreadings?siteid=1&siteAuthenticationKey=k&tempf=50',
        'wow',
        '{"message":"not found"}',
      ],
      ['GET', '/v01/sets?wid=a&key=b&temp=100', 'weathercloud', '404'],
      ['GET', '/?ID=a&PASSWORD=b&action=updateraw&dateutc=now', 'wunderground', 'not found'],
      ['GET', '/dashboard?PASSKEY=abc&tempf=50', 'ecowitt', '{"errcode":"404","errmsg":"not found"}'],
      ['POST', '/login?wsid=a&wspw=b&t1tem=20', 'wslink', 'Not found'],
      [
        'GET',
        '/pws/upload/some-key?tempf=50',
        'windy',
        '{"statusCode":404,"error":"Not Found","message":"Not Found"}',
      ],
      ['GET', '/weatherstation/updateweatherstation.phpx?ID=a&PASSWORD=b', 'wunderground', 'not found'],
      ['GET', '/stations/x1?wid=a&key=b&temp=100', 'weathercloud', '404'],
      ['GET', '/settings/display?siteid=1&siteAuthenticationKey=k', 'wow', '{"message":"not found"}'],
    ];
    const before = Object.fromEntries(cases.map(([, , p]) => [p, count(p)]));
    const expected: Record<string, number> = {};
    for (const [method, path, protocol, body] of cases) {
      // Even when the sender says it would take HTML: a credential makes it an upload.
      const res = await send(method, path, undefined, html);
      expect({ path, status: res.status, text: res.text }).toEqual({ path, status: 404, text: body });
      expect(res.type).not.toContain('text/html');
      expected[protocol] = (expected[protocol] ?? before[protocol]) + 1;
    }
    for (const [protocol, n] of Object.entries(expected)) expect(count(protocol)).toBe(n);
    await health.flush();
    const rejection = await t.server.app.ctx.storage
      .knex('ingestRejections')
      .where({ protocol: 'ecowitt', detail: 'No upload endpoint at /dashboard' })
      .first();
    expect(rejection).toMatchObject({ reason: 'malformed', station: 'PASSKEY' });
    const wu = await t.server.app.ctx.storage
      .knex('ingestRejections')
      .where({ protocol: 'wunderground', detail: 'No upload endpoint at /' })
      .first();
    expect(wu).toMatchObject({ station: 'a' });
  });

  test('navigations without credentials still get the app, under an upload prefix or not', async () => {
    const html = { accept: 'text/html,application/xhtml+xml' };
    for (const path of ['/dashboard', '/pwsupdate/', '/v01/', '/pws/']) {
      const res = await send('GET', path, undefined, html);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      expect(res.text).toContain('<title>app</title>');
    }
    // Under a new network's prefix, a request that is no navigation is a stray upload.
    expect(await send('GET', '/automaticreading/x')).toMatchObject({
      status: 404,
      text: '{"message":"not found"}',
    });
  });
});

test("a cluster's API process (ROLE=api) answers stray uploads in their shape too, never with the app", async () => {
  const dist = mkdtempSync(join(tmpdir(), 'dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
  const api = await startServer({ staticDir: dist, role: 'api' });
  try {
    const res = await fetch(`${api.url}/dashboard?ID=a&PASSWORD=b&tempf=50`, {
      headers: { accept: 'text/html' },
    });
    expect({ status: res.status, text: await res.text() }).toEqual({ status: 404, text: 'not found' });
    const app = await fetch(`${api.url}/dashboard`, { headers: { accept: 'text/html' } });
    expect(await app.text()).toContain('<title>app</title>');
  } finally {
    await api.close();
  }
});
