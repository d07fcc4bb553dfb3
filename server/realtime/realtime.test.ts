// Live events reach only sockets that may read the device, and stop when a user logs out.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, newStation, newUser, startServer, type TestServer, wslink } from '../testing/server';
import { collect, settle, socketClient } from '../testing/socket';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

describe('realtime', () => {
  test('watchers of a device get each sample and 5-minute bucket; strangers and anonymous sockets get nothing', async () => {
    const owner = await newUser(t, 'owner');
    const stranger = await newUser(t, 'stranger');
    const station = await newStation(t, owner.token);
    const mine = await socketClient(t.url, owner.token);
    const theirs = await socketClient(t.url, stranger.token);
    const anon = await socketClient(t.url);
    const got = collect(mine.client, 'weatherMetrics');
    const got5 = collect(mine.client, 'weatherMetrics/5m');
    const leaked = [
      ...[theirs, anon].flatMap((c) => [
        collect(c.client, 'weatherMetrics'),
        collect(c.client, 'weatherMetrics/5m'),
      ]),
    ];
    expect(await mine.client.service('weatherDevices/watch').create({ id: station._id })).toEqual({
      watching: [station._id],
    });
    expect(await theirs.client.service('weatherDevices/watch').create({ id: station._id })).toEqual({
      watching: [],
    });
    expect(await anon.client.service('weatherDevices/watch').create({ id: [station._id] })).toEqual({
      watching: [],
    });
    await wslink(t, station, { t1tem: 18.2, t1hum: 60 });
    await settle();
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ device: station._id, tempc0: 18.2, humc0: 60 });
    expect(typeof got[0].hash).toBe('string');
    expect(got5[0]).toMatchObject({ device: station._id, tempc0: 18.2 });
    expect(leaked.flat()).toEqual([]);

    // After logout the socket leaves every channel.
    await mine.client.service('authentication').remove(null);
    await wslink(t, station, { t1tem: 18.4 });
    await settle();
    expect(got).toHaveLength(1);
    for (const c of [mine, theirs, anon]) c.close();
  });

  test('device changes go to the owner with the key and to shared users without it', async () => {
    const owner = await newUser(t);
    const friend = await newUser(t);
    const station = await newStation(t, owner.token);
    await call(t.url, 'PATCH', `/weatherDevices/${station._id}`, {
      token: owner.token,
      body: { name: 'Renamed once' },
    });
    await t.server.app.ctx.storage
      .knex('weatherDevices')
      .where({ _id: station._id })
      .update({ shareUsers: JSON.stringify([friend.user._id]) });
    t.server.app.ctx.devices.forget(station._id);
    const o = await socketClient(t.url, owner.token);
    const f = await socketClient(t.url, friend.token);
    const seenByOwner = collect(o.client, 'weatherDevices', 'patched');
    const seenByFriend = collect(f.client, 'weatherDevices', 'patched');
    await call(t.url, 'PATCH', `/weatherDevices/${station._id}`, {
      token: owner.token,
      body: { name: 'Renamed' },
    });
    await settle();
    expect(seenByOwner[0]).toMatchObject({ name: 'Renamed', stationKey: station.stationKey });
    expect(seenByFriend[0]).toMatchObject({ name: 'Renamed' });
    expect(seenByFriend[0].stationKey).toBeUndefined();
    o.close();
    f.close();
  });

  test('watching needs a socket: over REST it is a clear 400', async () => {
    const owner = await newUser(t);
    const station = await newStation(t, owner.token);
    const res = await call(t.url, 'POST', '/weatherDevices/watch', {
      token: owner.token,
      body: { id: station._id },
    });
    expect(res.status).toBe(400);
  });
});
