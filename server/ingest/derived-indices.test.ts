// Issue #13 over real HTTP: a console that sends PM but no AQI gets the EPA AQI derived at ingest, and one
// without a black globe an estimated WBGT, flagged; API clients read both from batchLastData.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, newStation, newUser, startServer, type TestServer, wslink } from '../testing/server';

let t: TestServer;
let token: string;
beforeAll(async () => {
  t = await startServer();
  ({ token } = await newUser(t));
});
afterAll(() => t.close());

async function lastRow(id: string): Promise<(name: string) => unknown> {
  const res = await call(t.url, 'GET', `/weatherMetrics/batchLastData?devices[0]=${id}`, { token });
  expect(res.status).toBe(200);
  const [columns, rows] = res.body as [string[], unknown[][]];
  return (name: string) => {
    const i = columns.indexOf(name);
    return i < 0 ? null : (rows.at(-1)?.[i] ?? null);
  };
}

describe('derived at ingest', () => {
  test('PM2.5 35.4 µg/m³ without an AQI → pm25aqic1 = 100 (US EPA); PM10 54 → 50', async () => {
    const s = await newStation(t, token);
    expect((await wslink(t, s, { t8pm25: 35.4, t8pm10: 54 })).status).toBe(200);
    const row = await lastRow(s._id);
    expect(row('pm25c1')).toBe(35.4);
    expect(row('pm25aqic1')).toBe(100);
    expect(row('pm10aqic1')).toBe(50);
  });

  test("the console's own AQI is kept; a bad PM value drops that value, not the upload", async () => {
    const s = await newStation(t, token);
    expect((await wslink(t, s, { t8pm25: 35.5, t8pm25ai: 90, t8pm10: 'abc', t1tem: 20 })).status).toBe(200);
    const row = await lastRow(s._id);
    expect(row('pm25aqic1')).toBe(90);
    expect(row('pm10aqic1')).toBeNull();
    expect(row('tempc0')).toBe(20);
  });

  test('no black globe: WBGT estimated from temperature, humidity, wind and sun, flagged', async () => {
    const s = await newStation(t, token, { latitude: 50.08, longitude: 14.42 });
    // No sun (solar 0): the globe is warmed by the air alone; the place is still needed for the sun position.
    expect((await wslink(t, s, { t1tem: 30, t1hum: 50, t1ws: 2, t1solrad: 0 })).status).toBe(200);
    const row = await lastRow(s._id);
    expect(row('wbgt')).toEqual(expect.any(Number));
    expect(row('wbgt') as number).toBeGreaterThan(20);
    expect(row('wbgt') as number).toBeLessThan(30);
    expect(row('wbgtestimated')).toBe(1);
  });

  test('a WBGT the console sends is stored as sent, not flagged', async () => {
    const s = await newStation(t, token, { latitude: 50.08, longitude: 14.42 });
    await wslink(t, s, { t1tem: 30, t1hum: 50, t1ws: 2, t1solrad: 0, t1wbgt: 27.5 });
    const row = await lastRow(s._id);
    expect(row('wbgt')).toBe(27.5);
    expect(row('wbgtestimated')).toBeNull();
  });
});
