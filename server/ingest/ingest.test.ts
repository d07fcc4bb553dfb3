// Uploads through the real HTTP endpoints of all three protocols, into storage and rollups.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, newStation, newUser, startServer, type TestServer, wslink } from '../testing/server';

const fixtures = join(import.meta.dirname, 'parsers', 'fixtures');
let t: TestServer;
let token: string;
beforeAll(async () => {
  t = await startServer({ ingestBurst: 5, ingestPerSecond: 0.001 });
  ({ token } = await newUser(t));
});
afterAll(() => t.close());

async function last(id: string) {
  const res = await call(t.url, 'GET', `/weatherDevices/lastData?device=${id}`, { token });
  return res.body.last as Record<string, number | null>;
}

describe('WSLink', () => {
  test("the vendor's example upload is accepted; out-of-range values are dropped, the rest kept", async () => {
    const s = await newStation(t, token);
    const query = readFileSync(join(fixtures, 'wslink-vendor-example.query'), 'utf8')
      .trim()
      .replace('wsid=wsabcde123', `wsid=${s.wsid}`)
      .replace('wspw=a123456789', `wspw=${s.stationKey}`);
    const res = await call(t.url, 'GET', `/data/upload.php?${query}`);
    expect(res.status).toBe(200);
    const row = await last(s._id);
    expect(row).toMatchObject({
      relbaro: 1008.8,
      tempc0: 38,
      humc0: 88,
      windspd: 40.1,
      pm25c1: 450.5,
      tempc4: 40.1,
      typec4: 3,
    });
    expect(row.lightning5m ?? null).toBeNull(); // 65536 strikes in 5 minutes: not plausible
    // AQI 999 is dropped; the server derives the EPA AQI from PM2.5 450.5 instead (above the table: 500).
    expect(row.pm25aqic1).toBe(500);
    // feels-like was sent empty: derived from temperature, humidity and wind.
    expect(row.feelslike).toBeGreaterThan(38);
  });

  test('wrong key 401, missing credentials 400, too many uploads answered 404 as the vendor does', async () => {
    const s = await newStation(t, token);
    expect((await wslink(t, { ...s, stationKey: 'wrong' }, { t1tem: 20 })).status).toBe(401);
    expect((await call(t.url, 'GET', '/data/upload.php?t1tem=20')).status).toBe(400);
    expect((await call(t.url, 'DELETE', '/data/upload.php')).status).toBe(405);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await wslink(t, s, { t1tem: 20 + i })).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.at(-1)).toBe(404);
  });

  test('each upload is folded into its 5-minute and daily buckets once (a retransmission is not counted twice)', async () => {
    const s = await newStation(t, token, { timezone: 'UTC' });
    const at = (iso: string) => iso.replace('T', ' ');
    await wslink(t, s, { datetime: at('2026-11-20T10:00:10'), t1tem: 10, t1raindy: 1 });
    await wslink(t, s, { datetime: at('2026-11-20T10:02:10'), t1tem: 14, t1raindy: 2 });
    await wslink(t, s, { datetime: at('2026-11-20T10:02:10'), t1tem: 14, t1raindy: 2 });
    await wslink(t, s, { datetime: at('2026-11-20T10:06:00'), t1tem: 20, t1raindy: 3 });
    const from = Date.parse('2026-11-20T10:00:00Z') / 1000;
    const five = await call(
      t.url,
      'GET',
      `/weatherMetrics/query?device=${s._id}&from=${from}&to=${from + 600}&type=5m`,
      { token },
    );
    const [cols, rows] = five.body;
    const temp = cols.indexOf('tempc0');
    const rain = cols.indexOf('dailyrain');
    expect(rows.map((r: number[]) => r[0])).toEqual([from, from + 300]);
    expect(rows[0][temp]).toBe(12); // mean of 10 and 14, the duplicate ignored
    expect(rows[0][rain]).toBe(2); // rain totals show their maximum
    const day = await call(
      t.url,
      'GET',
      `/weatherMetrics/query?device=${s._id}&from=${from - 36000}&to=${from + 86400}&type=1d`,
      { token },
    );
    expect(day.body[1]).toHaveLength(1);
    expect(day.body[1][0][0]).toBe(Date.parse('2026-11-20T00:00:00Z') / 1000);
    expect(day.body[1][0][day.body[0].indexOf('tempc0')]).toBeCloseTo(44 / 3, 5);
  });
});

describe('Wunderground and Ecowitt', () => {
  test('a Wunderground upload answers "success" and is converted to metric', async () => {
    const s = await newStation(t, token);
    const q = `ID=${s.wsid}&PASSWORD=${s.stationKey}&action=updateraw&dateutc=now&tempf=70.3&humidity=40&baromin=29.92&windspeedmph=10&dailyrainin=0.5&solarradiation=-9999&softwaretype=test`;
    const res = await call(t.url, 'GET', `/weatherstation/updateweatherstation.php?${q}`);
    expect(res.status).toBe(200);
    expect(res.body).toBe('success');
    const row = await last(s._id);
    expect(row.tempc0).toBeCloseTo(21.28, 1);
    expect(row.relbaro).toBeCloseTo(1013.2, 0);
    expect(row.windspd).toBeCloseTo(4.47, 1);
    expect(row.dailyrain).toBeCloseTo(12.7, 1);
    expect(row.solarrad ?? null).toBeNull();
    const wrong = await call(
      t.url,
      'GET',
      `/weatherstation/updateweatherstation.php?${q.replace(s.stationKey, 'nope')}`,
    );
    expect(wrong.status).toBe(401);
  });

  test('an Ecowitt console is recognised by the MD5 of its MAC and answered in its JSON', async () => {
    // Typed by the owner without separators: the console hashes the colon form. Identification by MAC is
    // opt-in (station-identity.test.ts).
    const s = await newStation(t, token, { mac: '001122334455', macAuth: true });
    const { createHash } = await import('node:crypto');
    const passkey = createHash('md5').update('00:11:22:33:44:55').digest('hex').toUpperCase();
    const form = readFileSync(join(fixtures, 'ecowitt-hp3500.form'), 'utf8')
      .trim()
      .replace(/PASSKEY=[0-9A-F]+/, `PASSKEY=${passkey}`);
    const res = await fetch(`${t.url}/data/report/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ errcode: '0', errmsg: 'ok' });
    const row = await last(s._id);
    expect(row.tempc0).toBeCloseTo(21.28, 1);
    expect(row.relbaro).toBeCloseTo(967.9, 0);
    expect(row.humc0).toBe(32);
    const unknown = await fetch(`${t.url}/data/report/`, { method: 'POST', body: 'PASSKEY=ABCDEF&tempf=70' });
    expect(unknown.status).toBe(401);
    expect((await unknown.json()).errcode).not.toBe('0');
  });
});
