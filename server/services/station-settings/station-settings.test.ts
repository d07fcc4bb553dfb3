// Every per-station settings type of the collections registry, walked through the one generic service over HTTP
// and the socket: default, create, conflict, patch, bad input, who may read and change it, who hears the change.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { COLLECTIONS, SETTINGS_LIST, type SettingsName } from '../../../src/domain/collections';
import { call, newStation, newUser, startServer, type TestServer } from '../../testing/server';
import { shareStation } from '../../testing/share';
import { collect, settle, socketClient } from '../../testing/socket';

/** A valid first record and a later change for each type (a new type without one fails to compile). */
const EXAMPLES: Record<SettingsName, { create: object; patch: object }> = {
  displaySettings: {
    create: { metricsList: ['tempc0'], graphRange: 'week' },
    patch: { graphList: ['humc0'] },
  },
  calibration: {
    create: { entries: [{ key: 'tempc0', offset: -0.5, since: 0 }] },
    patch: { entries: [{ key: 'relbaro', offset: 1.2, multiplier: 1, since: 1000 }] },
  },
  qcLimits: {
    create: { limits: [{ key: 'tempc0', min: -30, max: 45 }] },
    patch: { limits: [{ key: 'relbaro', min: 950 }] },
  },
};

let t: TestServer;
let owner: Awaited<ReturnType<typeof newUser>>;
let friend: Awaited<ReturnType<typeof newUser>>;
let stranger: Awaited<ReturnType<typeof newUser>>;
let station: Awaited<ReturnType<typeof newStation>>;

beforeAll(async () => {
  t = await startServer();
  owner = await newUser(t, 'settings-owner');
  friend = await newUser(t, 'settings-friend');
  stranger = await newUser(t, 'settings-stranger');
  station = await newStation(t, owner.token, { consoletype: 0 });
  await shareStation(t, owner, station._id, friend);
});
afterAll(() => t.close());

const at = (name: SettingsName) => `/${COLLECTIONS[name].service}`;
const find = (name: SettingsName, token?: string) =>
  call(t.url, 'GET', `${at(name)}?weatherDevice=${station._id}&$paginate=false`, { token });

test('every settings collection is served (a declaration without a table or an example fails here)', () => {
  expect(SETTINGS_LIST.map((c) => c.service).sort()).toEqual(
    (Object.keys(EXAMPLES) as SettingsName[]).map((n) => COLLECTIONS[n].service).sort(),
  );
});

describe.each(Object.keys(EXAMPLES) as SettingsName[])('%s', (name) => {
  const decl = COLLECTIONS[name].settings;
  const { create, patch } = EXAMPLES[name];
  let id = '';

  test('a station without a record answers the declared default; anonymous callers get 401', async () => {
    expect((await find(name)).status).toBe(401);
    const res = await find(name, owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([decl.defaults({ _id: station._id, consoletype: 0 })]);
  });

  test('create stores it once, patch changes it, and every live socket of the right users hears it', async () => {
    const mine = await socketClient(t.url, owner.token);
    const theirs = await socketClient(t.url, friend.token);
    const others = await socketClient(t.url, stranger.token);
    const seen = {
      mine: collect(mine.client, COLLECTIONS[name].service, 'patched'),
      theirs: collect(theirs.client, COLLECTIONS[name].service, 'patched'),
      others: collect(others.client, COLLECTIONS[name].service, 'patched'),
    };
    try {
      const made = await call(t.url, 'POST', at(name), {
        token: owner.token,
        body: { weatherDevice: station._id, ...create },
      });
      expect(made.status).toBe(201);
      id = made.body._id;
      expect(made.body).toMatchObject({ weatherDevice: station._id });
      const again = await call(t.url, 'POST', at(name), {
        token: owner.token,
        body: { weatherDevice: station._id, ...create },
      });
      expect(again.status).toBe(409);
      const changed = await call(t.url, 'PATCH', `${at(name)}/${id}`, { token: owner.token, body: patch });
      expect(changed.status).toBe(200);
      expect((await find(name, owner.token)).body).toEqual([changed.body]);
      await settle();
      expect(seen.mine.map((r) => (r as { _id: string })._id)).toEqual([id]);
      // A user's own settings reach only that user; a station's own reach everyone who can read the station.
      expect(seen.theirs.length).toBe(decl.scope === 'station' ? 1 : 0);
      expect(seen.others).toEqual([]);
    } finally {
      for (const s of [mine, theirs, others]) s.close();
    }
  });

  test('bad input is a 400 with a message; nothing is stored', async () => {
    const before = (await find(name, owner.token)).body;
    for (const body of [{ nonsense: 1 }, [1, 2], { _id: 'x', surprise: true }]) {
      const res = await call(t.url, 'PATCH', `${at(name)}/${id}`, { token: owner.token, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/cannot be set|must be an object/);
    }
    const noStation = await call(t.url, 'POST', at(name), { token: owner.token, body: create });
    expect(noStation.status).toBe(400);
    expect((await find(name, owner.token)).body).toEqual(before);
  });

  test('strangers get 404 for the station and the record; a friend reads as the scope says', async () => {
    expect((await find(name, stranger.token)).status).toBe(404);
    const theirPatch = await call(t.url, 'PATCH', `${at(name)}/${id}`, {
      token: stranger.token,
      body: patch,
    });
    expect(theirPatch.status).toBe(404);
    const friendSees = await find(name, friend.token);
    expect(friendSees.status).toBe(200);
    const friendPatch = await call(t.url, 'PATCH', `${at(name)}/${id}`, { token: friend.token, body: patch });
    if (decl.scope === 'station') {
      // The station's own: the friend reads the owner's record and may not change it.
      expect(friendSees.body).toEqual((await find(name, owner.token)).body);
      expect(friendPatch.status).toBe(403);
      const friendCreate = await call(t.url, 'POST', at(name), {
        token: friend.token,
        body: { weatherDevice: station._id, ...create },
      });
      expect(friendCreate.status).toBe(403);
    } else {
      // Each user's own: the friend has the default until they save theirs, and cannot touch the owner's.
      expect(friendSees.body).toEqual([decl.defaults({ _id: station._id, consoletype: 0 })]);
      expect(friendPatch.status).toBe(404);
      const friendCreate = await call(t.url, 'POST', at(name), {
        token: friend.token,
        body: { weatherDevice: station._id, ...create },
      });
      expect(friendCreate.status).toBe(201);
      expect(friendCreate.body._id).not.toBe(id);
    }
  });
});
