// Contract: what third-party tools read (docs/upload-protocols.md §4): device by wsid, batchLastData by column name.
import { decode } from '@msgpack/msgpack';
import { describe, expect, test } from 'vitest';
import { type Contract, MSGPACK } from './context';

export function thirdPartyContract(c: Contract): void {
  describe('third-party clients', () => {
    test('device by station ID, then the last row by column name, in JSON and MessagePack', async () => {
      const station = await c.b.createStation(c.owner.token, { latitude: 50.1, longitude: 14.4 });
      const found = await c.get(`/weatherDevices?wsid=${station.wsid}&$limit=1&$paginate=false`, c.owner);
      expect(found.status).toBe(200);
      expect(found.body).toHaveLength(1);
      expect(found.body[0]).toMatchObject({
        _id: station._id,
        latitude: 50.1,
        longitude: 14.4,
        timezone: 'UTC',
      });
      await c.b.upload(station, {
        tempc0: 21.5,
        humc0: 40,
        relbaro: 1012.3,
        windspd: 3,
        gust: 5,
        winddir: 90,
      });

      const json = await c.get(`/weatherMetrics/batchLastData?devices[0]=${station._id}`, c.owner);
      expect(json.headers.get('content-type')).toContain('application/json');
      const [columns, rows] = json.body;
      expect(columns.slice(0, 2)).toEqual(['device', 'time']);
      expect(rows).toHaveLength(1);
      const cell = (name: string) => rows.at(-1)[columns.indexOf(name)];
      expect(cell('device')).toBe(station._id);
      expect(cell('tempc0')).toBe(21.5);
      expect(cell('humc0')).toBe(40);
      expect(cell('relbaro')).toBe(1012.3);
      expect(cell('windspd')).toBe(3);
      expect(cell('gust')).toBe(5);
      expect(cell('winddir')).toBe(90);
      expect(cell('dewpoint')).toBeCloseTo(7.5, 0);
      expect(cell('feelslike')).toBeTypeOf('number');
      expect(Math.abs(cell('time') - Date.now() / 1000)).toBeLessThan(60);

      const packed = await c.get(`/weatherMetrics/batchLastData?devices[0]=${station._id}`, c.owner, MSGPACK);
      expect(packed.headers.get('content-type')).toContain('application/msgpack');
      expect(decode(packed.body as Uint8Array)).toEqual(json.body);
    });

    test('a c.stranger finds no private station and reads no rows', async () => {
      const station = await c.b.createStation(c.owner.token);
      expect(
        (await c.get(`/weatherDevices?wsid=${station.wsid}&$limit=1&$paginate=false`, c.stranger)).body,
      ).toEqual([]);
      const res = await c.get(`/weatherMetrics/batchLastData?devices[0]=${c.history._id}`, c.stranger);
      expect(res.body).toEqual([['device', 'time'], []]);
    });
  });
}
