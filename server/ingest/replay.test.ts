// Real captures of each console family replayed through the HTTP endpoints (issue #9 A): the reply bytes each
// console expects, the stored SI values, and the unknown-fields list of the Weather Server page. Sources of the
// captures: parsers/fixtures/README.md.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, newStation, newUser, startServer, type TestServer } from '../testing/server';

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, 'parsers', 'fixtures', name), 'utf8').trim();
const md5 = (mac: string) => createHash('md5').update(mac).digest('hex').toUpperCase();
const OK_JSON = '{"errcode":"0","errmsg":"ok"}';

let t: TestServer;
let token: string;
beforeAll(async () => {
  // With the built app's index.html, as in production: stray uploads must not get it.
  const dist = mkdtempSync(join(tmpdir(), 'dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
  t = await startServer({ staticDir: dist });
  ({ token } = await newUser(t));
});
afterAll(() => t.close());

async function last(id: string) {
  const res = await call(t.url, 'GET', `/weatherDevices/lastData?device=${id}`, { token });
  return res.body.last as Record<string, number | null>;
}

/** The Weather Server page's unknown fields, once the notes written after the reply are written. */
async function unknownFields(id: string) {
  await t.server.ingest.settled();
  return (await call(t.url, 'GET', `/weatherServer?device=${id}`, { token })).body.unmapped as Record<
    string,
    string
  >;
}

/** A raw request: status, content type and the exact body bytes. */
async function send(method: string, path: string, body?: string, headers: Record<string, string> = {}) {
  const res = await fetch(t.url + path, { method, body, headers });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

describe('Ecowitt form', () => {
  test('GW2000 with two rain gauges: POST answered with the JSON the console expects, both gauges stored', async () => {
    const mac = 'AA:BB:CC:90:00:01';
    const s = await newStation(t, token, { mac, macAuth: true });
    const body = fixture('ecowitt-gw2000a-two-gauges.form').replace(/PASSKEY=\w+/, `PASSKEY=${md5(mac)}`);
    const res = await send('POST', '/data/report/', body, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res).toMatchObject({ status: 200, text: OK_JSON });
    expect(res.type).toContain('application/json');
    const row = await last(s._id);
    expect(row).toMatchObject({
      yearlyrain: 99.289, // 3.909 in, tipping bucket
      yearlyrainpiezo: 104.496, // 4.114 in, WS90
      dailyrainpiezo: 1.905,
      ws90capvolt: 5.2,
      humc1: 61, // WH31 on channel 1 …
      soilc1: 53, // … and the WH51 on channel 1, both kept
      tempc8: 20,
      tempco2: 16.778,
      pm25avg24hc2: 7.5,
      co2avg24h: 473,
    });
    expect(await unknownFields(s._id)).toEqual({
      gain10_piezo: '1.0',
      gain20_piezo: '1.0',
      gain30_piezo: '1.0',
      gain40_piezo: '1.0',
      gain50_piezo: '1.0',
      ws90_ver: '115',
    });
  });

  test('an Ambient console GETs the form as a query (PASSKEY = its MAC); battout=1 is OK', async () => {
    const mac = 'AA:BB:CC:90:00:02';
    const s = await newStation(t, token, { mac, macAuth: true });
    const query = fixture('ambient-ambweatherpro-get.query').replace(/PASSKEY=\w+/, `PASSKEY=${mac}`);
    const res = await send('GET', `/data/report/?${query}`);
    expect(res).toMatchObject({ status: 200, text: OK_JSON });
    expect(await last(s._id)).toMatchObject({ tempc0: 15.389, totalrain: 469.113, batc0: 5 });
    // The same form on the path without the slash, as some Ambient firmware sends it.
    expect((await send('GET', `/data/report?${query.replace('15:28:02', '15:29:03')}`)).text).toBe(OK_JSON);
  });

  test('WN1980 with leaf wetness and a WH45: every field stored, nothing unknown', async () => {
    const mac = 'AA:BB:CC:90:00:03';
    const s = await newStation(t, token, { mac, macAuth: true });
    const body = `PASSKEY=${md5(mac)}&${fixture('ecowitt-wn1980b.form')}`;
    expect((await send('POST', '/data/report/', body)).text).toBe(OK_JSON);
    expect(await last(s._id)).toMatchObject({ leafc1: 10, batleafc1: 3, humco2: 51, batin: 2, batc0: 2 });
    expect((await call(t.url, 'GET', `/weatherServer?device=${s._id}`, { token })).body.unmapped).toEqual({});
  });
});

describe('Wunderground dialects', () => {
  const withStation = (query: string, s: { wsid: string; stationKey: string }) =>
    query.replace(/(^|&)ID=[^&]*/, `$1ID=${s.wsid}`).replace(/PASSWORD=[^&]*/, `PASSWORD=${s.stationKey}`);

  test('Bresser sends action=updateraww: answered "success"; its 255 % humidity is dropped, not the upload', async () => {
    const s = await newStation(t, token);
    const res = await send(
      'GET',
      `/weatherstation/updateweatherstation.php?${withStation(fixture('bresser-wu.query'), s)}`,
    );
    expect(res).toMatchObject({ status: 200, text: 'success' });
    const row = await last(s._id);
    expect(row).toMatchObject({ tempc0: 16.167, tempc2: 19.278, typec2: 4 });
    expect(row.humc2 ?? null).toBeNull();
    const unknown = withStation(fixture('bresser-wu.query'), s).replace('updateraww', 'upload');
    expect(await send('GET', `/weatherstation/updateweatherstation.php?${unknown}`)).toMatchObject({
      status: 400,
    });
  });

  test('the .asp path and the metric-key dialect: stored, and the raw UV listed as unknown', async () => {
    const s = await newStation(t, token);
    const query = withStation(fixture('observer-weatherlogger-asp.query'), s);
    const res = await send('GET', `/weatherstation/updateweatherstation.asp?${query}`);
    expect(res).toMatchObject({ status: 200, text: 'success' });
    expect(res.type).toContain('text/plain');
    expect(await last(s._id)).toMatchObject({
      tempc0: 6.3,
      humc0: 80,
      absbaro: 1018.3,
      tempin: 19.8,
      batc0: 5,
    });
    expect(await unknownFields(s._id)).toEqual({ UV: '1' });
  });
});

describe('paths that are no upload endpoint', () => {
  test('an upload-shaped request gets a 404 in its protocol shape, never the app', async () => {
    const ecowitt = await send('POST', '/data/reports/', 'PASSKEY=abc&tempf=50');
    expect(ecowitt).toMatchObject({ status: 404, text: '{"errcode":"404","errmsg":"not found"}' });
    const wu = await send('GET', '/weatherstation/update.php?ID=a&PASSWORD=b&action=updateraw&tempf=50');
    expect(wu).toMatchObject({ status: 404, text: 'not found' });
    const wslink = await send('GET', '/data/uploads.php?wsid=a&wspw=b&t1tem=20');
    expect(wslink).toMatchObject({ status: 404, text: 'Not found' });
    // A console asking without a query (and without Accept: text/html) is no navigation either.
    expect((await send('GET', '/weatherstation/')).status).toBe(404);
    // A form POSTed from anywhere is an upload, whatever it accepts.
    expect((await send('POST', '/data/anything', 'a=1', { accept: 'text/html' })).status).toBe(404);
  });

  test('a browser navigation under those prefixes still gets the app', async () => {
    const res = await send('GET', '/data/', undefined, { accept: 'text/html,application/xhtml+xml' });
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>app</title>');
  });
});
