import { decode } from '@msgpack/msgpack';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, newStation, newUser, startServer, type TestServer, wslink } from '../../testing/server';

let t: TestServer;
let owner: Awaited<ReturnType<typeof newUser>>;
let station: Awaited<ReturnType<typeof newStation>>;
const T0 = Date.parse('2026-11-20T00:00:00Z') / 1000;

beforeAll(async () => {
  t = await startServer();
  owner = await newUser(t);
  station = await newStation(t, owner.token, { timezone: 'UTC' });
  // Two hours of uploads every 10 minutes: temperature 0, 1, 2 … (°C), gust = minute of the hour / 10.
  const device = { _id: station._id, timezone: 'UTC' };
  for (let i = 0; i < 12; i++) {
    await t.server.app.ctx.samples.write(device, T0 + i * 600, {
      tempc0: i,
      humc0: 50,
      gust: (i % 6) + 0.5,
      relbaro: 1000 + i,
    });
  }
});
afterAll(() => t.close());

describe('third-party clients', () => {
  test('device by station ID, then the last row by column name, in JSON and in MessagePack', async () => {
    const found = await call(t.url, 'GET', `/weatherDevices?wsid=${station.wsid}&$limit=1&$paginate=false`, {
      token: owner.token,
    });
    expect(found.body).toHaveLength(1);
    const id = found.body[0]._id;
    expect(found.body[0]).toMatchObject({ timezone: 'UTC', latitude: null });
    await wslink(t, station, { t1tem: 21.5, t1hum: 40, rbar: 1012.3, t1ws: 3, t1wgust: 5, t1wdir: 90 });
    const json = await call(t.url, 'GET', `/weatherMetrics/batchLastData?devices[0]=${id}`, {
      token: owner.token,
    });
    const [columns, rows] = json.body;
    const row = (name: string) => rows.at(-1)[columns.indexOf(name)];
    expect(row('tempc0')).toBe(21.5);
    expect(row('humc0')).toBe(40);
    expect(row('relbaro')).toBe(1012.3);
    expect(row('windspd')).toBe(3);
    expect(row('dewpoint')).toBeCloseTo(7.5, 0);
    expect(Math.abs(row('time') - Date.now() / 1000)).toBeLessThan(60);
    const packed = await call(t.url, 'GET', `/weatherMetrics/batchLastData?devices[0]=${id}`, {
      token: owner.token,
      headers: { accept: 'application/msgpack' },
    });
    expect(packed.headers.get('content-type')).toContain('application/msgpack');
    expect(decode(packed.body as Uint8Array)).toEqual(json.body);
  });

  test('batchLastData leaves out devices the caller may not read', async () => {
    const other = await newUser(t);
    const res = await call(t.url, 'GET', `/weatherMetrics/batchLastData?devices[0]=${station._id}`, {
      token: other.token,
    });
    expect(res.body[1]).toEqual([]);
    expect(
      (await call(t.url, 'GET', '/weatherMetrics/batchLastData?devices[0]=nonsense', { token: other.token }))
        .status,
    ).toBe(400);
  });
});

describe('history', () => {
  test('query 5m answers the primary aggregate per bucket', async () => {
    const res = await call(
      t.url,
      'GET',
      `/weatherMetrics/query?device=${station._id}&from=${T0}&to=${T0 + 1800}&type=5m`,
      { token: owner.token },
    );
    const [cols, rows] = res.body;
    expect(cols[0]).toBe('time');
    const temp = cols.indexOf('tempc0');
    expect(rows.map((r: number[]) => [r[0], r[temp]])).toEqual([
      [T0, 0],
      [T0 + 600, 1],
      [T0 + 1200, 2],
    ]);
  });

  test('queryGroup folds 5-minute buckets into hours with each asked aggregate', async () => {
    const q = `device=${station._id}&range=1h&metrics=mean_tempc0,min_tempc0,max_gust,count_tempc0,last_relbaro&startTime=2026-11-20T00:00:00Z&endTime=2026-11-20T02:00:00Z`;
    const res = await call(t.url, 'GET', `/weatherMetrics/queryGroup?${q}`, { token: owner.token });
    expect(res.body).toEqual([
      ['time', 'mean_tempc0', 'min_tempc0', 'max_gust', 'count_tempc0', 'last_relbaro'],
      [
        [T0, 2.5, 0, 5.5, 6, 1005],
        [T0 + 3600, 8.5, 6, 5.5, 6, 1011],
      ],
    ]);
  });

  test('1d comes from the device-local daily buckets; bad parameters are 400, never 500', async () => {
    const res = await call(
      t.url,
      'GET',
      `/weatherMetrics/queryGroup?device=${station._id}&range=1d&metrics=max_tempc0,mean_humc0&startTime=2026-11-19T00:00:00Z&endTime=2026-11-22T00:00:00Z`,
      { token: owner.token },
    );
    expect(res.body[1]).toEqual([[T0, 11, 50]]);
    const bad = [
      `device=${station._id}&range=2h&metrics=tempc0&startTime=2026-11-19&endTime=2026-11-20`,
      `device=${station._id}&range=1h&metrics=mean_nothing&startTime=2026-11-19&endTime=2026-11-20`,
      `device=${station._id}&range=1h&metrics=mean_tempc0&startTime=yesterday&endTime=2026-11-20`,
      `device=${station._id}&range=1h&metrics=mean_tempc0&startTime=2026-11-21&endTime=2026-11-20`,
      `device=${station._id}&range=5m&metrics=tempc0&startTime=2000-01-01&endTime=2026-11-20`,
      `device=${station._id}&range=1h&startTime=2026-11-19&endTime=2026-11-20`,
    ];
    for (const q of bad)
      expect(
        (await call(t.url, 'GET', `/weatherMetrics/queryGroup?${q}`, { token: owner.token })).status,
        q,
      ).toBe(400);
    expect(
      (
        await call(t.url, 'GET', `/weatherMetrics/query?device=${station._id}&from=x&to=1&type=5m`, {
          token: owner.token,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(t.url, 'GET', `/weatherMetrics/query?device=${station._id}&from=1&to=100&type=1y`, {
          token: owner.token,
        })
      ).status,
    ).toBe(400);
  });

  test('lastData with range gives today’s min and max with their times', async () => {
    const res = await call(t.url, 'GET', `/weatherDevices/lastData?device=${station._id}&range=true`, {
      token: owner.token,
    });
    expect(res.body.device).toBe(station._id);
    expect(res.body.max.tempc0[0]).toBeGreaterThanOrEqual(21.5);
    expect(res.body.min.humc0[0]).toBe(40);
  });
});
