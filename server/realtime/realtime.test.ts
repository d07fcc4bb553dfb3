// Live events reach only sockets that may read the device, and stop when a user logs out.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, newStation, newUser, startServer, type TestServer, wslink } from '../testing/server';
import { collect, settle, socketClient } from '../testing/socket';
import { deviceChannel, hasWatchers } from './device-channels';

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

  test('an anonymous socket (public station page, issue #12) watches public and unlisted stations live, never a private one', async () => {
    const owner = await newUser(t);
    const stations = {
      public: await newStation(t, owner.token, { name: 'Everyone', mac: 'AA:BB:CC:DD:12:01' }),
      unlist: await newStation(t, owner.token, { name: 'Not Show' }),
      private: await newStation(t, owner.token, { name: 'Nobody' }),
    };
    for (const [shareMode, s] of Object.entries(stations)) {
      const r = await call(t.url, 'PATCH', `/weatherDevices/${s._id}`, {
        token: owner.token,
        body: { shareMode },
      });
      expect(r.status).toBe(200);
    }
    const anon = await socketClient(t.url);
    const got = collect(anon.client, 'weatherMetrics');
    // What the page asks first: the station by its ID, without MAC, station key or anyone's e-mail.
    const [found] = await anon.client
      .service('weatherDevices')
      .find({ query: { wsid: stations.public.wsid } });
    expect(found).toMatchObject({ _id: stations.public._id, name: 'Everyone', shareMode: 'public' });
    for (const field of ['mac', 'macAuth', 'stationKey', 'passkey', 'shareEmails', 'unmapped'])
      expect(found).not.toHaveProperty(field);
    expect(JSON.stringify(found)).not.toContain('@');
    expect(
      await anon.client.service('weatherDevices').find({ query: { wsid: stations.private.wsid } }),
    ).toEqual([]);
    const watch = anon.client.service('weatherDevices/watch');
    expect(
      await watch.create({ id: [stations.public._id, stations.unlist._id, stations.private._id] }),
    ).toEqual({
      watching: [stations.public._id, stations.unlist._id],
    });
    for (const s of Object.values(stations)) await wslink(t, s, { t1tem: 12.5 });
    await settle();
    expect(got.map((x) => x.device).sort()).toEqual([stations.public._id, stations.unlist._id].sort());
    expect(got[0]).toMatchObject({ tempc0: 12.5 });
    const last = await anon.client
      .service('weatherDevices/lastData')
      .find({ query: { device: stations.public._id, range: true } });
    expect(last.last).toMatchObject({ tempc0: 12.5 });
    await expect(
      anon.client.service('weatherDevices/lastData').find({ query: { device: stations.private._id } }),
    ).rejects.toMatchObject({ code: 404 });
    anon.close();
  });

  test('a watcher whose share is revoked gets no further samples or buckets (it still watches)', async () => {
    const owner = await newUser(t);
    const friend = await newUser(t);
    const station = await newStation(t, owner.token);
    // Shared as an accepted invitation leaves it (sharing itself is tested with the devices).
    await t.server.app.ctx.storage
      .knex('weatherDevices')
      .where({ _id: station._id })
      .update({ shareUsers: JSON.stringify([friend.user._id]) });
    t.server.app.ctx.devices.forget(station._id);
    const mine = await socketClient(t.url, owner.token);
    const theirs = await socketClient(t.url, friend.token);
    const got = collect(mine.client, 'weatherMetrics');
    const gotByFriend = collect(theirs.client, 'weatherMetrics');
    const bucketsByFriend = collect(theirs.client, 'weatherMetrics/5m');
    for (const { client } of [mine, theirs])
      expect(await client.service('weatherDevices/watch').create({ id: station._id })).toEqual({
        watching: [station._id],
      });
    // Two uploads a minute apart (one time twice would be a duplicate, not stored).
    const upload = (minutesAgo: number, t1tem: number) => {
      const datetime = new Date(Date.now() - minutesAgo * 60_000)
        .toISOString()
        .slice(0, 19)
        .replace('T', ' ');
      return wslink(t, station, { datetime, t1tem });
    };
    expect((await upload(2, 5)).status).toBe(200);
    await settle();
    expect([got.length, gotByFriend.length, bucketsByFriend.length]).toEqual([1, 1, 1]);

    const revoked = await call(t.url, 'PATCH', `/weatherDevices/${station._id}`, {
      token: owner.token,
      body: { shareUsers: [] },
    });
    expect(revoked.status).toBe(200);
    expect((await upload(1, 6)).status).toBe(200);
    await settle();
    expect(got.map((s) => s.tempc0)).toEqual([5, 6]);
    expect([gotByFriend.length, bucketsByFriend.length]).toEqual([1, 1]);
    mine.close();
    theirs.close();
  });

  test('ingest builds events only while a socket watches: hasWatchers follows watch, unwatch and disconnect', async () => {
    const { app } = t.server;
    const owner = await newUser(t);
    const station = await newStation(t, owner.token);
    app.channel(deviceChannel(station._id)); // an empty channel (as a publisher may make) is no watcher
    expect(hasWatchers(app, station._id)).toBe(false);
    const c = await socketClient(t.url, owner.token);
    const watch = c.client.service('weatherDevices/watch');
    await watch.create({ id: station._id });
    expect(hasWatchers(app, station._id)).toBe(true);
    await watch.remove(station._id);
    expect(hasWatchers(app, station._id)).toBe(false);
    await watch.create({ id: station._id });
    c.close();
    await settle();
    expect(hasWatchers(app, station._id)).toBe(false);
    // Feathers dropped the emptied channel: a new watcher joins a new one, and is seen.
    const again = await socketClient(t.url, owner.token);
    await again.client.service('weatherDevices/watch').create({ id: station._id });
    expect(hasWatchers(app, station._id)).toBe(true);
    again.close();
  });

  test("a station's events leave no channel behind when nobody watches it (one per station made every sample list them all)", async () => {
    const { app } = t.server;
    const owner = await newUser(t);
    const station = await newStation(t, owner.token);
    const name = deviceChannel(station._id);
    // As another process's samples arrive through the bus: the publishers run though nobody here watches.
    app.service('weatherMetrics').emit('created', { device: station._id, time: 1_700_000_000, tempc0: 20 });
    app.service('weatherMetrics/5m').emit('created', { device: station._id, time: 1_700_000_000 });
    app.service('weatherMetrics/forecast').emit('created', { device: station._id });
    await settle();
    expect(app.channels).not.toContain(name);
    expect(hasWatchers(app, station._id)).toBe(false);
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

  test('each watcher gets every sample and bucket once and in order, over WebSocket and long-polling alike', async () => {
    const owner = await newUser(t);
    const station = await newStation(t, owner.token);
    // Several WebSocket watchers and one on long-polling.
    const clients = await Promise.all([
      ...[1, 2, 3].map(() => socketClient(t.url, owner.token)),
      socketClient(t.url, owner.token, ['polling']),
    ]);
    const seen = clients.map(({ socket }) => {
      const events: string[] = [];
      socket.on('weatherMetrics created', (d: { tempc0: number }) => events.push(`sample ${d.tempc0}`));
      socket.on('weatherMetrics/5m created', (d: { tempc0: number }) => events.push(`5m ${d.tempc0}`));
      return events;
    });
    for (const { client } of clients)
      await client.service('weatherDevices/watch').create({ id: station._id });
    // Three uploads 16 s apart in one 5-minute bucket (the one before now).
    const bucket = Math.floor(Date.now() / 300_000) * 300_000 - 300_000;
    for (const [i, temp] of [10, 11, 12].entries()) {
      const datetime = new Date(bucket + 10_000 + i * 16_000).toISOString().slice(0, 19).replace('T', ' ');
      expect((await wslink(t, station, { datetime, t1tem: temp, t1hum: 50 })).status).toBe(200);
    }
    await settle(400);
    // The 5-minute bucket is the mean so far: 10, 10.5, 11.
    const expected = ['sample 10', '5m 10', 'sample 11', '5m 10.5', 'sample 12', '5m 11'];
    for (const events of seen) expect(events).toEqual(expected);
    for (const c of clients) c.close();
    await settle(); // the long-poll's last request ends (or it holds the HTTP server open at close)
  });
  test('with hundreds of watchers each gets every sample and bucket once, in order', async () => {
    const owner = await newUser(t);
    const station = await newStation(t, owner.token);
    const clients = await Promise.all(Array.from({ length: 300 }, () => socketClient(t.url, owner.token)));
    const seen = clients.map(({ socket }) => {
      const events: string[] = [];
      socket.on('weatherMetrics created', (d: { tempc0: number }) => events.push(`sample ${d.tempc0}`));
      socket.on('weatherMetrics/5m created', (d: { tempc0: number }) => events.push(`5m ${d.tempc0}`));
      return events;
    });
    await Promise.all(
      clients.map(({ client }) => client.service('weatherDevices/watch').create({ id: station._id })),
    );
    const bucket = Math.floor(Date.now() / 300_000) * 300_000 - 300_000;
    for (const [i, temp] of [20, 22].entries()) {
      const datetime = new Date(bucket + 10_000 + i * 16_000).toISOString().slice(0, 19).replace('T', ' ');
      expect((await wslink(t, station, { datetime, t1tem: temp, t1hum: 50 })).status).toBe(200);
    }
    await settle(400);
    const expected = ['sample 20', '5m 20', 'sample 22', '5m 21'];
    expect(seen.filter((events) => events.join() !== expected.join())).toEqual([]);
    for (const c of clients) c.close();
  });
});
