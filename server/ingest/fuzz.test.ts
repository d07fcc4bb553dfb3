// Property-based: whatever a console (or an attacker) sends to the upload endpoints or the query services,
// the answer is never a 500, and a valid station's good values survive bad neighbours.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, newStation, newUser, startServer, type TestServer } from '../testing/server';

let t: TestServer;
let token: string;
let station: Awaited<ReturnType<typeof newStation>>;
beforeAll(async () => {
  t = await startServer();
  ({ token } = await newUser(t));
  station = await newStation(t, token);
});
afterAll(() => t.close());

const KEYS = [
  'wsid',
  'wspw',
  'ID',
  'PASSWORD',
  'PASSKEY',
  'action',
  'dateutc',
  'datetime',
  't1tem',
  't1hum',
  'rbar',
  'tempf',
  'baromin',
  'humidity',
  't234c1tem',
  't5lst',
  'apiver',
  'siteid',
  'siteAuthenticationKey',
  'wid',
  'key',
  'temp',
  'time',
  'date',
  'ts',
  'pressure',
  'station',
  '__proto__',
  'constructor',
];
const value = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.double().map(String),
  fc.constantFrom('', '-9999', '---', 'NaN', 'Infinity', '1e309', 'now', '2026-13-45 99:99:99', '%', '%ZZ'),
);
const params = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 8 })), value), {
  maxLength: 12,
});
const PATHS = [
  '/data/upload.php',
  '/weatherstation/updateweatherstation.php',
  '/data/report/',
  '/data/report/<key>', // the station's key in the path
  '/data/report/%ZZ%00/',
  '/pwsupdate/pwsupdate.php',
  '/automaticreading',
  '/v01/set',
  '/set/wid/<wsid>/key/<key>/temp/',
  '/pws/update/<key>',
  '/pws/update',
  '/api/v2/observation/update',
];

describe('fuzz', () => {
  test('upload endpoints answer every query string and form body without a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PATHS),
        params,
        fc.boolean(),
        fc.boolean(),
        async (pathName, fields, asBody, realStation) => {
          const path = pathName.replace('<key>', station.stationKey).replace('<wsid>', station.wsid);
          const q = new URLSearchParams(fields);
          if (realStation) {
            q.set('wsid', station.wsid);
            q.set('wspw', station.stationKey);
            q.set('ID', station.wsid);
            q.set('PASSWORD', station.stationKey);
            q.set('action', 'updateraw');
            q.set('siteid', station.wsid);
            q.set('siteAuthenticationKey', station.stationKey);
            q.set('wid', station.wsid);
            q.set('key', station.stationKey);
          }
          const res = asBody
            ? await fetch(`${t.url}${path}`, {
                method: 'POST',
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                body: q.toString(),
              })
            : await fetch(`${t.url}${path}?${q}`);
          await res.arrayBuffer();
          expect(res.status, `${path} ${q}`).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });

  test("Windy's JSON form answers any JSON (or not JSON) without a 500", async () => {
    const observation = fc.dictionary(
      fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 6 })),
      fc.jsonValue(),
      {
        maxKeys: 8,
      },
    );
    const body = fc.oneof(
      fc.json(),
      fc.string({ maxLength: 40 }),
      fc.array(observation, { maxLength: 4 }).map((observations) => JSON.stringify({ observations })),
    );
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        const res = await fetch(`${t.url}/pws/update/${station.stationKey}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: text,
        });
        await res.arrayBuffer();
        expect(res.status, text).toBeLessThan(500);
      }),
      { numRuns: 100 },
    );
  });

  test('a bad value drops that value, not the upload', async () => {
    const fresh = await newStation(t, token, { timezone: 'UTC' });
    let at = Date.now() - 86400_000;
    await fc.assert(
      fc.asyncProperty(value, fc.double({ min: -30, max: 45, noNaN: true }), async (bad, temp) => {
        // Each upload its own second (the same second twice is a retransmission and is ignored), 25 minutes
        // apart: quality control allows 3 °C a minute, so any two temperatures of the range pass (no spike).
        at += 1_500_000;
        const datetime = new Date(at).toISOString().slice(0, 19).replace('T', ' ');
        const q = new URLSearchParams({
          wsid: fresh.wsid,
          wspw: fresh.stationKey,
          datetime,
          t1hum: bad,
          t1tem: temp.toFixed(1),
        });
        const res = await call(t.url, 'GET', `/data/upload.php?${q}`);
        if (res.status === 404) return; // rate limited: the station's burst is used up
        expect(res.status).toBe(200);
        const last = await call(t.url, 'GET', `/weatherDevices/lastData?device=${fresh._id}`, { token });
        expect(last.body.last.tempc0).toBeCloseTo(Number(temp.toFixed(1)), 5);
      }),
      { numRuns: 25 },
    );
  });

  test('query services answer every parameter combination without a 500', async () => {
    const any = fc.oneof(
      value,
      fc.constantFrom(
        station._id,
        '5m',
        '1d',
        '1h',
        '30m',
        'mean_tempc0',
        'tempc0,humc0',
        '2026-11-20T00:00:00Z',
        '0',
        '4102444800',
      ),
    );
    const services = [
      '/weatherMetrics/query',
      '/weatherMetrics/queryGroup',
      '/weatherMetrics/batchLastData',
      '/weatherMetrics/5m',
      '/weatherMetrics',
      '/weatherDevices/lastData',
      '/weatherDevices',
      '/deviceDisplaySettings',
      '/metrics',
    ];
    const names = [
      'device',
      'from',
      'to',
      'type',
      'range',
      'metrics',
      'startTime',
      'endTime',
      'devices[0]',
      'devices',
      'wsid',
      '$limit',
      '$devices[public][0]',
      'weatherDevice',
      'hash',
      '$sort[x]',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...services),
        fc.array(fc.tuple(fc.constantFrom(...names), any), { maxLength: 7 }),
        fc.boolean(),
        async (path, fields, auth) => {
          const res = await call(t.url, 'GET', `${path}?${new URLSearchParams(fields)}`, {
            token: auth ? token : undefined,
          });
          expect(
            res.status,
            `${path}?${new URLSearchParams(fields)} → ${JSON.stringify(res.body)}`,
          ).toBeLessThan(500);
        },
      ),
      { numRuns: 300 },
    );
  });
});
