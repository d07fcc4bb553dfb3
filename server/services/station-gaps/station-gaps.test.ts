import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, newStation, newUser, startServer, type TestServer } from '../../testing/server';

let t: TestServer;
let owner: Awaited<ReturnType<typeof newUser>>;
let stranger: Awaited<ReturnType<typeof newUser>>;
let station: Awaited<ReturnType<typeof newStation>>;
let quiet: Awaited<ReturnType<typeof newStation>>;
const NOW = Math.floor(Date.now() / 1000);
/** The bucket three hours ago: readings every 5 minutes from there, with holes. */
const START = NOW - 3 * 3600 - ((NOW - 3 * 3600) % 300);

beforeAll(async () => {
  t = await startServer();
  owner = await newUser(t, 'gaps-owner');
  stranger = await newUser(t, 'gaps-stranger');
  station = await newStation(t, owner.token);
  quiet = await newStation(t, owner.token, { name: 'Quiet' });
  const device = { _id: station._id, timezone: 'Europe/Prague' };
  // 36 five-minute readings over three hours; 45 minutes (buckets 10..18) missing, and nothing for the last
  // 40 minutes or so (the station stopped).
  const samples = t.server.app.ctx.samples;
  for (let i = 0; i < 28; i++) {
    if (i >= 10 && i < 19) continue;
    await samples.write(device, START + i * 300 + 30, { tempc0: 20 + i / 10 });
  }
  await samples.flush();
});
afterAll(() => t.close());

const get = (path: string, token?: string) => call(t.url, 'GET', path, { token });

describe('stationGaps', () => {
  test('lists the holes in the station’s 5-minute data, the newest (ongoing) first', async () => {
    const res = await get(`/stationGaps?device=${station._id}&days=1`, owner.token);
    expect(res.status).toBe(200);
    expect(res.body.interval).toBe(300);
    expect(res.body.count).toBe(2);
    const [stopped, hole] = res.body.gaps;
    expect(stopped).toMatchObject({ from: START + 28 * 300, ongoing: true });
    expect(Math.abs(stopped.to - Date.now() / 1000)).toBeLessThan(60);
    expect(hole).toEqual({ from: START + 10 * 300, to: START + 19 * 300, missing: 9, ongoing: false });
    expect(res.body.coverage).toBeGreaterThan(0.5);
    expect(res.body.coverage).toBeLessThan(0.95);
    // Seven days by default.
    const week = await get(`/stationGaps?device=${station._id}`, owner.token);
    expect(week.body.to - week.body.from).toBe(7 * 86400);
  });

  test('a station with no readings has nothing to judge', async () => {
    const res = await get(`/stationGaps?device=${quiet._id}`, owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ interval: null, gaps: [], count: 0, coverage: null });
  });

  test('bad input is 400 with a clear message; others’ stations 404; anonymous 401', async () => {
    for (const days of ['0', '32', '1.5', 'week']) {
      const res = await get(`/stationGaps?device=${station._id}&days=${days}`, owner.token);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('days must be a whole number from 1 to 31');
    }
    const none = await get('/stationGaps', owner.token);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('device is required');
    expect((await get(`/stationGaps?device=${station._id}`, stranger.token)).status).toBe(404);
    expect((await get(`/stationGaps?device=${station._id}`)).status).toBe(401);
  });
});
