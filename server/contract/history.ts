// Contract: lastData (+ today’s min/max), raw samples, 5m, query 5m/1d, queryGroup 5m/30m/1h/1d; metrics hash.
import { decode } from '@msgpack/msgpack';
import { describe, expect, test } from 'vitest';
import { METRICS } from '../../src/domain/catalogue';
import { METRICS_HASH } from '../../src/domain/hash';
import { type Contract, DAY, MSGPACK, T0 } from './context';

export function historyContract(c: Contract): void {
  describe('history', () => {
    test('lastData: the newest row, and with range today’s min and max with their times', async () => {
      const last = await c.get(`/weatherDevices/lastData?device=${c.history._id}`, c.owner);
      expect(last.status).toBe(200);
      expect(last.body.device).toBe(c.history._id);
      expect(last.body.last).toMatchObject({
        time: T0 + 6600,
        tempc0: 11,
        humc0: 50,
        gust: 5.5,
        relbaro: 1011,
      });
      expect(last.body.min).toBeUndefined();
      const range = await c.get(`/weatherDevices/lastData?device=${c.history._id}&range=true`, c.owner);
      expect(range.body.min.tempc0).toEqual([0, T0]);
      expect(range.body.max.tempc0).toEqual([11, T0 + 6600]);
      expect(range.body.max.gust).toEqual([5.5, T0 + 3000]);
      expect(range.body.min.relbaro).toEqual([1000, T0]);
    });

    test('query 5m answers the primary value per bucket; 1d the device-local day', async () => {
      const res = await c.get(
        `/weatherMetrics/query?device=${c.history._id}&from=${T0}&to=${T0 + 1800}&type=5m`,
        c.owner,
      );
      const [cols, rows] = res.body;
      expect(cols[0]).toBe('time');
      expect(cols).toEqual(expect.arrayContaining(['tempc0', 'humc0', 'gust', 'relbaro', 'dewpoint']));
      const at = (name: string) => rows.map((r: number[]) => [r[0], r[cols.indexOf(name)]]);
      expect(at('tempc0')).toEqual([
        [T0, 0],
        [T0 + 600, 1],
        [T0 + 1200, 2],
      ]);
      expect(at('relbaro')).toEqual([
        [T0, 1000],
        [T0 + 600, 1001],
        [T0 + 1200, 1002],
      ]);
      const day = await c.get(
        `/weatherMetrics/query?device=${c.history._id}&from=${T0}&to=${T0 + DAY}&type=1d`,
        c.owner,
      );
      expect(day.body[1]).toHaveLength(1);
      expect(day.body[1][0][0]).toBe(T0);
      expect(day.body[1][0][day.body[0].indexOf('tempc0')]).toBe(5.5);
      const packed = await c.get(
        `/weatherMetrics/query?device=${c.history._id}&from=${T0}&to=${T0 + 1800}&type=5m`,
        c.owner,
        MSGPACK,
      );
      expect(decode(packed.body as Uint8Array)).toEqual(res.body);
    });

    test('raw samples and 5-minute points between from and to', async () => {
      const raw = await c.get(
        `/weatherMetrics?device=${c.history._id}&from=${T0 + 600}&to=${T0 + 1800}`,
        c.owner,
      );
      const [cols, rows] = raw.body;
      expect(rows.map((r: number[]) => [r[0], r[cols.indexOf('tempc0')], r[cols.indexOf('humc0')]])).toEqual([
        [T0 + 600, 1, 50],
        [T0 + 1200, 2, 50],
      ]);
      const five = await c.get(
        `/weatherMetrics/5m?device=${c.history._id}&from=${T0}&to=${T0 + 600}`,
        c.owner,
      );
      expect(five.body[1].map((r: number[]) => [r[0], r[five.body[0].indexOf('gust')]])).toEqual([[T0, 0.5]]);
      expect(
        (await c.get(`/weatherMetrics/5m?device=${c.history._id}&from=1&to=1000`, c.owner)).body,
      ).toEqual([['time'], []]);
    });

    test('queryGroup folds buckets with each asked aggregate (30m, 1h, 1d)', async () => {
      const iso = (t: number) => new Date(t * 1000).toISOString();
      const group = (range: string, metrics: string, from: number, to: number) =>
        `/weatherMetrics/queryGroup?device=${c.history._id}&range=${range}&metrics=${metrics}&startTime=${iso(from)}&endTime=${iso(to)}`;
      const hours = await c.get(
        group('1h', 'mean_tempc0,min_tempc0,max_gust,count_tempc0,last_relbaro', T0, T0 + 7200),
        c.owner,
      );
      expect(hours.status).toBe(200);
      expect(hours.body).toEqual([
        ['time', 'mean_tempc0', 'min_tempc0', 'max_gust', 'count_tempc0', 'last_relbaro'],
        [
          [T0, 2.5, 0, 5.5, 6, 1005],
          [T0 + 3600, 8.5, 6, 5.5, 6, 1011],
        ],
      ]);
      const packed = await c.get(
        group('1h', 'mean_tempc0,min_tempc0,max_gust,count_tempc0,last_relbaro', T0, T0 + 7200),
        c.owner,
        MSGPACK,
      );
      expect(packed.headers.get('content-type')).toContain('application/msgpack');
      expect(decode(packed.body as Uint8Array)).toEqual(hours.body);
      expect((await c.get(group('30m', 'mean_tempc0', T0, T0 + 7200), c.owner)).body).toEqual([
        ['time', 'mean_tempc0'],
        [
          [T0, 1],
          [T0 + 1800, 4],
          [T0 + 3600, 7],
          [T0 + 5400, 10],
        ],
      ]);
      expect(
        (await c.get(group('1d', 'max_tempc0,mean_humc0', T0 - DAY, T0 + 2 * DAY), c.owner)).body,
      ).toEqual([['time', 'max_tempc0', 'mean_humc0'], [[T0, 11, 50]]]);
      expect((await c.get(group('5m', 'tempc0', T0 + 600, T0 + 1200), c.owner)).body).toEqual([
        ['time', 'tempc0'],
        [[T0 + 600, 1]],
      ]);
    });
  });

  describe('metrics', () => {
    test('definitions with their hash; data null when the client’s hash is current', async () => {
      const full = await c.get('/metrics', c.owner);
      expect(full.body.hash).toBe(METRICS_HASH);
      expect(full.body.data).toEqual(METRICS);
      expect((await c.get(`/metrics?hash=${METRICS_HASH}`)).body).toEqual({ hash: METRICS_HASH, data: null });
      expect((await c.get('/metrics?hash=stale')).body.data).toHaveLength(METRICS.length);
    });
  });
}
