// The neighbour check over HTTP (issue 24): four public stations around a station that reads 2.1 °C warm and
// 3 hPa low for three days; a private station next door and a public one 100 km away do not count; only the
// owner asks, and the answer holds no neighbour's readings.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seaLevelPressure } from '../../../src/domain/neighbours';
import { call, newStation, newUser, startServer, type TestServer } from '../../testing/server';
import { shareStation } from '../../testing/share';

let t: TestServer;
let owner: Awaited<ReturnType<typeof newUser>>;
let friend: Awaited<ReturnType<typeof newUser>>;
let stranger: Awaited<ReturnType<typeof newUser>>;
let mine: Awaited<ReturnType<typeof newStation>>;
let nowhere: Awaited<ReturnType<typeof newStation>>;
const HERE = { latitude: 50.08, longitude: 14.42 };
const NOW = Math.floor(Date.now() / 1000);

/** Hourly readings over the last three days: a daily swing all stations share, plus the station's own error. */
async function history(id: string, temp: (h: number) => number, baro: (h: number) => Record<string, number>) {
  for (let h = 72; h >= 1; h--) {
    const time = NOW - h * 3600;
    await t.server.app.ctx.samples.write({ _id: id, timezone: 'UTC' }, time, { tempc0: temp(h), ...baro(h) });
  }
}
const swing = (h: number) => 10 + 5 * Math.sin((h / 24) * 2 * Math.PI);

beforeAll(async () => {
  t = await startServer();
  owner = await newUser(t, 'neighbours-owner');
  friend = await newUser(t, 'neighbours-friend');
  stranger = await newUser(t, 'neighbours-stranger');
  const other = await newUser(t, 'neighbours-others');
  mine = await newStation(t, owner.token, HERE);
  nowhere = await newStation(t, owner.token);
  await shareStation(t, owner, mine._id, friend);
  await history(
    mine._id,
    (h) => swing(h) + 2.1,
    () => ({ relbaro: 1010 }),
  );
  // Four public neighbours within 25 km, each a little off the others (±0.3 °C); two send only absolute pressure.
  const spots = [
    [0.05, 0.05, 0.2, 200],
    [-0.06, 0.02, -0.3, 250],
    [0.1, -0.1, 0.1, 300],
    [-0.02, -0.12, 0, 180],
  ];
  for (const [i, [dLat, dLon, bias, elevation]] of spots.entries()) {
    const s = await newStation(t, other.token, {
      latitude: HERE.latitude + dLat,
      longitude: HERE.longitude + dLon,
      shareMode: 'public',
      elevation,
    });
    await history(
      s._id,
      (h) => swing(h) + bias,
      (h): Record<string, number> =>
        i < 2 ? { relbaro: 1013 + bias } : { absbaro: reduceBack(1013 + bias, elevation, swing(h) + bias) },
    );
  }
  // Next door but private, and public but 100 km away: neither counts.
  const secret = await newStation(t, other.token, { ...HERE, shareMode: 'private' });
  await history(
    secret._id,
    () => 40,
    () => ({ relbaro: 950 }),
  );
  const far = await newStation(t, other.token, {
    latitude: HERE.latitude + 0.9,
    longitude: HERE.longitude,
    shareMode: 'public',
  });
  await history(
    far._id,
    () => -20,
    () => ({ relbaro: 1050 }),
  );
  await t.server.app.ctx.samples.flush();
});
afterAll(() => t.close());

/** The absolute pressure that reduces to `sea` at this elevation and temperature. */
function reduceBack(sea: number, elevation: number, temp: number): number {
  return sea / seaLevelPressure(1, elevation, temp);
}

const ask = (device: string, token?: string) =>
  call(t.url, 'GET', `/stationNeighbours?device=${device}`, { token });

describe('stationNeighbours', () => {
  test('finds the persistent offsets against the public stations around, and nothing of them', async () => {
    const res = await ask(mine._id, owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ radiusKm: 25, neighbours: 4, positioned: true });
    const byKey = Object.fromEntries(res.body.hints.map((h: { key: string }) => [h.key, h]));
    expect(byKey.tempc0).toMatchObject({ offset: 2.1, neighbours: 4, days: 3 });
    expect(byKey.tempc0.hours).toBeGreaterThanOrEqual(70);
    expect(byKey.relbaro).toMatchObject({ offset: -3, neighbours: 4 });
    expect(JSON.stringify(res.body)).not.toMatch(/latitude|longitude|_id|wsid/);
  });

  test('after a calibration, only the readings since it count: the hint goes until new readings show one', async () => {
    const made = await call(t.url, 'POST', '/stationCalibrations', {
      token: owner.token,
      body: { weatherDevice: mine._id, entries: [{ key: 'tempc0', offset: -2.1, since: Date.now() }] },
    });
    expect(made.status).toBe(201);
    const res = await ask(mine._id, owner.token);
    expect(res.body.hints.map((h: { key: string }) => h.key)).toEqual(['relbaro']);
  });

  test('a station without a position has nothing to compare', async () => {
    const res = await ask(nowhere._id, owner.token);
    expect(res.body).toEqual({ radiusKm: 25, neighbours: 0, positioned: false, hints: [] });
  });

  test('only the owner asks: a friend gets 403, a stranger 404, no login 401, no station 400', async () => {
    expect((await ask(mine._id, friend.token)).status).toBe(403);
    expect((await ask(mine._id, stranger.token)).status).toBe(404);
    expect((await ask(mine._id)).status).toBe(401);
    const bad = await call(t.url, 'GET', '/stationNeighbours', { token: owner.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('device is required');
  });
});
