import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SHARE_MESSAGES } from '../../../src/domain/shareInvitations';
import { quickUser } from '../../alerts/test-users';
import { call, newStation, newUser, startServer, type TestServer, wslink } from '../../testing/server';
import { shareStation } from '../../testing/share';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

describe('weatherDevices', () => {
  test('create assigns a station ID and key; bad fields get the spec messages', async () => {
    const { token } = await newUser(t);
    const station = await newStation(t, token, {
      mac: 'aa-bb-cc-dd-ee-01',
      latitude: 50.1,
      longitude: 14.4,
      elevation: 10,
    });
    expect(station.wsid).toMatch(/^[a-z0-9]{10}$/);
    expect(station.stationKey).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(station).toMatchObject({
      mac: 'AA:BB:CC:DD:EE:01',
      latitude: 50.1,
      consoletype: 0,
      shareMode: 'private',
    });
    const post = (body: unknown) => call(t.url, 'POST', '/weatherDevices', { token, body });
    expect((await post({ name: 'x', mac: 'zz:00' })).body.message).toBe('Invalid MAC address format');
    expect((await post({ name: 'x', latitude: 91, longitude: 0 })).body.message).toBe(
      'Invalid Latitude or Longitude',
    );
    expect((await post({ name: 'x', latitude: 'north', longitude: 0 })).status).toBe(400);
    expect((await post({ name: 'x', timezone: 'Mars/Olympus' })).body.message).toBe('Unknown time zone');
    expect((await post({ name: 'x', consoletype: 99 })).status).toBe(400);
    expect((await post({ name: '' })).body.message).toBe('Required');
    expect((await post({ name: 'x', user: 'someone-else' })).status).toBe(400);
    expect((await call(t.url, 'POST', '/weatherDevices', { body: { name: 'anon' } })).status).toBe(401);
  });

  test('lists owned, then shared, then the public ones asked for; strangers see nothing private', async () => {
    const owner = await newUser(t, 'owner');
    const friend = await newUser(t, 'friend');
    const stranger = await newUser(t, 'stranger');
    const mine = await newStation(t, friend.token, { name: 'Friend own' });
    const shared = await newStation(t, owner.token, { name: 'Shared with friend' });
    const pub = await newStation(t, stranger.token, { name: 'Public one' });
    const priv = await newStation(t, stranger.token, { name: 'Private one' });
    await t.server.app.ctx.storage
      .knex('weatherDevices')
      .where({ _id: shared._id })
      .update({ shareUsers: JSON.stringify([friend.user._id]) });
    t.server.app.ctx.devices.forget();
    await call(t.url, 'PATCH', `/weatherDevices/${pub._id}`, {
      token: stranger.token,
      body: { shareMode: 'public' },
    });

    const q = `$paginate=false&$devices[owned]=true&$devices[shared]=true&$devices[public][0]=${pub._id}&$devices[public][1]=${priv._id}`;
    const list = await call(t.url, 'GET', `/weatherDevices?${q}`, { token: friend.token });
    expect(list.body.map((d: { name: string }) => d.name)).toEqual([
      'Friend own',
      'Shared with friend',
      'Public one',
    ]);
    // Only the owner sees the station key.
    expect(list.body[0].stationKey).toBe(mine.stationKey);
    expect(list.body[1].stationKey).toBeUndefined();
    expect(list.body[2].stationKey).toBeUndefined();

    expect((await call(t.url, 'GET', `/weatherDevices/${priv._id}`, { token: friend.token })).status).toBe(
      404,
    );
    expect(
      (await call(t.url, 'GET', `/weatherDevices?wsid=${priv.wsid}`, { token: friend.token })).body,
    ).toEqual([]);
    expect((await call(t.url, 'GET', `/weatherDevices?wsid=${pub.wsid}`)).body[0].name).toBe('Public one');
    // A shared user reads but cannot change or delete.
    expect(
      (
        await call(t.url, 'PATCH', `/weatherDevices/${shared._id}`, {
          token: friend.token,
          body: { name: 'x' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await call(t.url, 'DELETE', `/weatherDevices/${shared._id}`, { token: friend.token })).status,
    ).toBe(403);
    expect(
      (
        await call(t.url, 'PATCH', `/weatherDevices/${priv._id}`, {
          token: friend.token,
          body: { name: 'x' },
        })
      ).status,
    ).toBe(404);
  });

  test('the owner renames channels, regenerates the key and deletes the station', async () => {
    const { token } = await newUser(t);
    const s = await newStation(t, token);
    const renamed = await call(t.url, 'PATCH', `/weatherDevices/${s._id}`, {
      token,
      body: { channelNameMapping: [{ channel: 1, name: 'Bedroom' }] },
    });
    expect(renamed.body.channelNameMapping).toEqual([{ channel: 1, name: 'Bedroom' }]);
    const rekeyed = await call(t.url, 'PATCH', `/weatherDevices/${s._id}`, {
      token,
      body: { stationKey: 'regenerate' },
    });
    expect(rekeyed.body.stationKey).not.toBe(s.stationKey);
    expect(
      (await call(t.url, 'PATCH', `/weatherDevices/${s._id}`, { token, body: { stationKey: 'mine' } }))
        .status,
    ).toBe(400);
    expect((await call(t.url, 'DELETE', `/weatherDevices/${s._id}`, { token })).status).toBe(200);
    expect((await call(t.url, 'GET', `/weatherDevices/${s._id}`, { token })).status).toBe(404);
    expect((await call(t.url, 'GET', '/weatherDevices/not-an-id', { token })).status).toBe(400);
  });
});

describe('sharing', () => {
  test('shared through an accepted invitation; the shared user sees no other sharers; shareUsers cannot add anyone', async () => {
    const owner = await quickUser(t, 'sharer');
    const friend = await quickUser(t, 'friend2');
    const other = await quickUser(t, 'other2');
    const s = await newStation(t, owner.token, { name: 'Shared by mail' });
    // Adding by address answers the same for an address with or without an account (issue #10).
    for (const email of ['nobody@example.com', friend.email]) {
      const bad = await call(t.url, 'PATCH', `/weatherDevices/${s._id}`, {
        token: owner.token,
        body: { shareUsers: [email] },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(SHARE_MESSAGES.invitationOnly);
    }
    const made = await call(t.url, 'POST', '/weatherDevices', {
      token: owner.token,
      body: { name: 'Pre-shared', shareUsers: [friend.email] },
    });
    expect(made.status).toBe(400);
    for (const who of [friend, other]) await shareStation(t, owner, s._id, who);
    const shared = await call(t.url, 'GET', `/weatherDevices/${s._id}`, { token: owner.token });
    expect(shared.body.shareUsers).toEqual(expect.arrayContaining([friend.user._id, other.user._id]));
    expect(shared.body.shareEmails).toEqual(expect.arrayContaining([friend.email, other.email]));
    const seen = await call(t.url, 'GET', `/weatherDevices/${s._id}`, { token: friend.token });
    expect(seen.status).toBe(200);
    expect(seen.body.shareUsers).toEqual([friend.user._id]);
    expect(seen.body.shareEmails).toBeUndefined();
    // Unsharing takes access away, and the accepted invitation goes with it.
    await call(t.url, 'PATCH', `/weatherDevices/${s._id}`, { token: owner.token, body: { shareUsers: [] } });
    expect((await call(t.url, 'GET', `/weatherDevices/${s._id}`, { token: friend.token })).status).toBe(404);
    expect((await call(t.url, 'GET', '/shareInvitations', { token: friend.token })).body).toEqual([]);
  });
});

describe('list operators', () => {
  test('channel names and sharing change with $push, $set by channel and $pull; the field checks still apply', async () => {
    const owner = await quickUser(t, 'listops');
    const friend = await quickUser(t, 'listfriend');
    const other = await quickUser(t, 'listother');
    const s = await newStation(t, owner.token, { channelNameMapping: [{ channel: 1, name: 'Bedroom' }] });
    const patch = (body: unknown, token = owner.token) =>
      call(t.url, 'PATCH', `/weatherDevices/${s._id}`, { token, body });
    const pushed = await patch({ $push: { channelNameMapping: { channel: 2, name: 'Pool' } } });
    expect(pushed.body.channelNameMapping).toEqual([
      { channel: 1, name: 'Bedroom' },
      { channel: 2, name: 'Pool' },
    ]);
    const renamed = await patch({ $set: { 'channelNameMapping.2.name': 'Pond' } });
    expect(renamed.body.channelNameMapping[1]).toEqual({ channel: 2, name: 'Pond' });
    const pulled = await patch({ $pull: { channelNameMapping: { channel: 1 } } });
    expect(pulled.body.channelNameMapping).toEqual([{ channel: 2, name: 'Pond' }]);

    for (const who of [friend, other]) await shareStation(t, owner, s._id, who);
    const shared = await call(t.url, 'GET', `/weatherDevices/${s._id}`, { token: owner.token });
    expect(shared.body.shareUsers).toEqual([friend.user._id, other.user._id]);
    expect((await call(t.url, 'GET', `/weatherDevices/${s._id}`, { token: friend.token })).status).toBe(200);
    // Unsharing by address or by id; the friend loses access.
    const unshared = await patch({ $pull: { shareUsers: friend.email.toUpperCase() } });
    expect(unshared.body.shareUsers).toEqual([other.user._id]);
    expect((await call(t.url, 'GET', `/weatherDevices/${s._id}`, { token: friend.token })).status).toBe(404);
    expect((await patch({ $pull: { shareUsers: { $in: [other.user._id] } } })).body.shareUsers).toEqual([]);

    const cases: [unknown, string][] = [
      [{ $push: { channelNameMapping: { channel: 2, name: 'Again' } } }, 'Channel 2 is named twice'],
      [{ $push: { channelNameMapping: { channel: 99, name: 'Far' } } }, 'channel must be a valid number'],
      [{ $set: { 'channelNameMapping.2.name': 'x'.repeat(33) } }, 'name is longer than 32 characters'],
      [{ $set: { 'channelNameMapping.7.name': 'x' } }, 'channelNameMapping has no item with channel 7'],
      [{ $push: { shareUsers: 'nobody@example.com' } }, SHARE_MESSAGES.invitationOnly],
      [{ $push: { consoleSettings: { riseSet: 'sun' } } }, 'consoleSettings cannot be changed with $push'],
      [{ $set: { wsid: 'mine' } }, 'wsid cannot be set'],
    ];
    for (const [body, message] of cases) {
      const res = await patch(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toBe(message);
    }
    // Only the owner patches: a shared user's $push is refused.
    await shareStation(t, owner, s._id, friend);
    const theirs = await patch({ $push: { channelNameMapping: { channel: 3, name: 'Mine' } } }, friend.token);
    expect(theirs.status).toBe(403);
    const after = await call(t.url, 'GET', `/weatherDevices/${s._id}`, { token: owner.token });
    expect(after.body.channelNameMapping).toEqual([{ channel: 2, name: 'Pond' }]);
  });
});

describe('console settings and sort group', () => {
  test('are stored; a backlight period without two different times is an Invalid Time Period', async () => {
    const { token } = await newUser(t, 'console');
    const s = await newStation(t, token);
    const ok = await call(t.url, 'PATCH', `/weatherDevices/${s._id}`, {
      token,
      body: {
        consoleSettings: {
          backlight: { control: 'period', highFrom: '07:00', lowFrom: '22:30' },
          riseSet: 'moon',
          forecastMode: 'avgRain',
        },
        sortGroup: 'Garden',
      },
    });
    expect(ok.body).toMatchObject({
      consoleSettings: {
        backlight: { control: 'period', highFrom: '07:00', lowFrom: '22:30' },
        riseSet: 'moon',
        forecastMode: 'avgRain',
      },
      sortGroup: 'Garden',
    });
    const patch = (consoleSettings: unknown) =>
      call(t.url, 'PATCH', `/weatherDevices/${s._id}`, { token, body: { consoleSettings } });
    expect(
      (await patch({ backlight: { control: 'period', highFrom: '07:00', lowFrom: '07:00' } })).body.message,
    ).toBe('Invalid Time Period');
    expect(
      (await patch({ backlight: { control: 'period', highFrom: '25:00', lowFrom: '07:00' } })).body.message,
    ).toBe('Invalid Time Period');
    expect((await patch({ riseSet: 'mars' })).status).toBe(400);
    expect((await patch({ colour: 'red' })).status).toBe(400);
    expect(
      (await call(t.url, 'GET', `/weatherDevices/${s._id}`, { token })).body.consoleSettings.riseSet,
    ).toBe('moon');
  });
});

describe("today's min/max reset", () => {
  test("lastMinMaxReset 'now' restarts the lastData range; a bad value is a 400 with its field", async () => {
    const { token } = await newUser(t, 'minmax');
    const s = await newStation(t, token, { timezone: 'UTC' });
    const stamp = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 19).replace('T', ' ');
    const now = Math.floor(Date.now() / 1000);
    // An earlier reading (another 5-minute bucket) and today's range holding it.
    expect((await wslink(t, s, { t1tem: 35, datetime: stamp(now - 900) })).status).toBe(200);
    const range = async () =>
      (await call(t.url, 'GET', `/weatherDevices/lastData?device=${s._id}&range=true`, { token })).body as {
        min: Record<string, [number, number]>;
        max: Record<string, [number, number]>;
      };
    const before = await range();
    const key = Object.keys(before.max).find((k) => before.max[k][0] === 35);
    // Just after midnight UTC the earlier reading is yesterday's: nothing to restart then.
    if (key === undefined)
      expect(new Date((now - 900) * 1000).getUTCDate()).not.toBe(new Date().getUTCDate());

    const reset = await call(t.url, 'PATCH', `/weatherDevices/${s._id}`, {
      token,
      body: { lastMinMaxReset: 'now' },
    });
    expect(reset.status).toBe(200);
    expect(Math.abs(reset.body.lastMinMaxReset - Date.now() / 1000)).toBeLessThan(5);
    expect((await wslink(t, s, { t1tem: 20 })).status).toBe(200);
    const after = await range();
    const values = Object.values(after.max).map(([v]) => v);
    expect(values).toContain(20);
    expect(values).not.toContain(35);

    const bad = await call(t.url, 'PATCH', `/weatherDevices/${s._id}`, {
      token,
      body: { lastMinMaxReset: 'yesterday' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data?.field).toBe('lastMinMaxReset');
  });
});

describe('position shown to visitors (issue 33)', () => {
  test('rounded to about 1 km unless the owner chose exact; the owner and shared users see it exact', async () => {
    const owner = await newUser(t, 'pos-owner');
    const visitor = await newUser(t, 'pos-visitor');
    const station = await newStation(t, owner.token, { name: 'Hilltop' });
    const patch = (body: Record<string, unknown>) =>
      call(t.url, 'PATCH', `/weatherDevices/${station._id}`, { token: owner.token, body });
    expect((await patch({ latitude: 50.087465, longitude: 14.421254, shareMode: 'public' })).status).toBe(
      200,
    );
    const seenBy = async (token?: string) =>
      (await call(t.url, 'GET', `/weatherDevices?wsid=${station.wsid}`, token ? { token } : {})).body[0];

    expect(await seenBy(owner.token)).toMatchObject({ latitude: 50.087465, longitude: 14.421254 });
    expect(await seenBy(visitor.token)).toMatchObject({ latitude: 50.09, longitude: 14.42 });
    expect(await seenBy()).toMatchObject({ latitude: 50.09, longitude: 14.42, exactPosition: false });
    const one = await call(t.url, 'GET', `/weatherDevices/${station._id}`, { token: visitor.token });
    expect(one.body).toMatchObject({ latitude: 50.09, longitude: 14.42 });
    // The NOAA report's header too.
    const noaa = (token?: string) =>
      call(t.url, 'GET', `/weatherDevices/climate?device=${station._id}&month=2026-01&format=noaa`, {
        ...(token ? { token } : {}),
      }).then((r) => String(r.body));
    expect(await noaa()).toContain('LAT: 50-05.40 N'); // 50.09°
    expect(await noaa(owner.token)).toContain('LAT: 50-05.25 N'); // 50.087465°

    expect((await patch({ exactPosition: 'yes' })).status).toBe(400);
    expect((await patch({ exactPosition: true })).status).toBe(200);
    expect(await seenBy()).toMatchObject({ latitude: 50.087465, longitude: 14.421254, exactPosition: true });
  });
});
