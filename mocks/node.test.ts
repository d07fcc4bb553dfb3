// How a component test uses the mocks: seed the store, fetch through msw.
import { decode } from '@msgpack/msgpack';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { rowOf } from '../src/domain/codec';
import type { Coded } from '../src/domain/types';
import { MockDb, mockServer } from './node';

const store = new MockDb();
const server = mockServer('http://seeded.test', store);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

test('seeded users, stations and samples are served with the real shapes', async () => {
  const { user, token } = store.seedUser({ firstName: 'Ann' });
  const station = store.seedStation(user, { name: 'Roof', timezone: 'UTC' });
  store.seedSamples(station, [
    { time: 1_800_000_000, tempc0: 20, humc0: 50 },
    { time: 1_800_000_300, tempc0: 21, humc0: 55, winddir: 999 },
  ]);
  const auth = { authorization: `Bearer ${token}` };

  const devices = await (await fetch('http://seeded.test/weatherDevices', { headers: auth })).json();
  expect(devices).toMatchObject([
    { _id: station._id, name: 'Roof', stationKey: station.stationKey, lastUpload: 1_800_000_300 },
  ]);

  const res = await fetch(`http://seeded.test/weatherMetrics/batchLastData?devices[0]=${station._id}`, {
    headers: { ...auth, accept: 'application/msgpack' },
  });
  const last = rowOf(decode(new Uint8Array(await res.arrayBuffer())) as Coded, -1);
  // Out-of-range values are stored as null; derived values are filled in as the ingest does.
  expect(last).toMatchObject({ device: station._id, time: 1_800_000_300, tempc0: 21, winddir: null });
  expect(last?.dewpoint).toBeCloseTo(11.6, 0);

  expect((await fetch('http://seeded.test/deviceDisplaySettings')).status).toBe(401);
});
