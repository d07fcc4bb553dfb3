import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { periodStarts } from '../../../src/domain/records';
import { call, newStation, newUser, startServer, type TestServer } from '../../testing/server';

let t: TestServer;
let owner: Awaited<ReturnType<typeof newUser>>;
let stranger: Awaited<ReturnType<typeof newUser>>;
let station: Awaited<ReturnType<typeof newStation>>;
const now = Math.floor(Date.now() / 1000);
const tz = 'Europe/Prague';
const starts = periodStarts(now, tz);
// A hot afternoon 40 days ago at 14:35 local-ish (a 5-minute time inside an hour).
const hotTime = starts.today - 40 * 86400 + 14 * 3600 + 35 * 60;
const yesterdayTime = starts.yesterday + 6 * 3600 + 10 * 60;

beforeAll(async () => {
  t = await startServer();
  owner = await newUser(t, 'rec-owner');
  stranger = await newUser(t, 'rec-stranger');
  station = await newStation(t, owner.token, { timezone: tz });
  const device = { _id: station._id, timezone: tz };
  const write = (time: number, values: Record<string, number>) =>
    t.server.app.ctx.samples.write(device, time, values);
  await write(hotTime - 3600, { tempc0: 20, humc0: 60, gust: 3 });
  await write(hotTime, { tempc0: 38.5, humc0: 22, gust: 14.2, dailyrain: 0 });
  await write(hotTime + 600, { tempc0: 30, humc0: 25, gust: 4 });
  await write(yesterdayTime, { tempc0: -3.5, humc0: 97, relbaro: 1031, dailyrain: 12.4 });
  await write(now - 120, { tempc0: 11, humc0: 70, relbaro: 1012, windspd: 2.5, gust: 5.1, rainrate: 1.2 });
  await t.server.app.ctx.samples.flush();
});
afterAll(() => t.close());

const get = (token?: string, device = station._id) =>
  call(t.url, 'GET', `/weatherDevices/records?device=${device}`, { token });

describe('weatherDevices/records', () => {
  test('all-time, yesterday and today with the 5-minute time they happened', async () => {
    const res = await get(owner.token);
    expect(res.status).toBe(200);
    const p = res.body.periods;
    expect(res.body.resetAt).toBeNull();
    expect(p.allTime.tempc0.max).toEqual({ value: 38.5, time: hotTime - (hotTime % 300) });
    expect(p.allTime.tempc0.min).toEqual({ value: -3.5, time: yesterdayTime - (yesterdayTime % 300) });
    expect(p.allTime.gust.max.value).toBe(14.2);
    expect(p.allTime.dailyrain.max.value).toBe(12.4);
    expect(p.yesterday.humc0.max.value).toBe(97);
    expect(p.yesterday.tempc0.max.value).toBe(-3.5);
    expect(p.today.tempc0).toEqual({
      max: { value: 11, time: now - 120 - ((now - 120) % 300) },
      min: { value: 11, time: now - 120 - ((now - 120) % 300) },
    });
    expect(p.today.rainrate.max.value).toBe(1.2);
    // 40 days ago is not this month; it is this year unless the year just began.
    expect(p.month.tempc0.max.value).toBe(11);
    if (hotTime >= starts.year) expect(p.year.tempc0.max.value).toBe(38.5);
  });

  test('a stranger does not even see a private station (404); the device is required', async () => {
    expect((await get(stranger.token)).status).toBe(404);
    expect((await call(t.url, 'GET', '/weatherDevices/records', { token: owner.token })).status).toBe(400);
  });

  test('only the owner resets, and records then start again', async () => {
    const denied = await call(t.url, 'DELETE', `/weatherDevices/records/${station._id}`, {
      token: stranger.token,
    });
    expect(denied.status).toBe(404);
    const res = await call(t.url, 'DELETE', `/weatherDevices/records/${station._id}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.resetAt).toBeGreaterThanOrEqual(now);
    expect(res.body.periods.allTime).toEqual({});
    const after = await get(owner.token);
    expect(after.body.periods.allTime).toEqual({});
    // A new upload counts again (its 5-minute bucket starts after the reset).
    const later = Math.ceil((res.body.resetAt + 1) / 300) * 300 + 10;
    if (later < now + 600) {
      await t.server.app.ctx.samples.write({ _id: station._id, timezone: tz }, later, { tempc0: 9 });
      const again = await get(owner.token);
      expect(again.body.periods.allTime.tempc0.max.value).toBe(9);
    }
  });
});

describe('the yearly records follow the rain season (issue 26)', () => {
  test('a reading between the season start and 1 January counts for the year only where the season says', async () => {
    const own = await newStation(t, owner.token, { timezone: 'UTC' });
    const calendar = periodStarts(now, 'UTC').year;
    // A season starting in December: it began last 1 December (in December: this 1 December).
    const season = periodStarts(now, 'UTC', 12).year;
    // The day after the earlier of the two starts lies inside one year and outside the other.
    const at = Math.min(calendar, season) + 86400 + 3600;
    await t.server.app.ctx.samples.write({ _id: own._id, timezone: 'UTC' }, at, { tempc0: 44.5 });
    await t.server.app.ctx.samples.write({ _id: own._id, timezone: 'UTC' }, now - 60, { tempc0: 10 });
    await t.server.app.ctx.samples.flush();
    const year = async () =>
      (await call(t.url, 'GET', `/weatherDevices/records?device=${own._id}`, { token: owner.token })).body
        .periods.year.tempc0?.max?.value;
    expect(await year()).toBe(at >= calendar ? 44.5 : 10);
    const patched = await call(t.url, 'PATCH', `/weatherDevices/${own._id}`, {
      token: owner.token,
      body: { rainSeasonStart: 12 },
    });
    expect(patched.status).toBe(200);
    expect(await year()).toBe(at >= season ? 44.5 : 10);
    expect(at >= calendar).not.toBe(at >= season);
  });
});
