// Sessions end everywhere (issue #20), on one process: a logout (REST or socket), a password change, an admin
// disabling the account end the sockets signed in with the tokens concerned — their next call is a 401 and no
// private event (a station record with its key, a live sample) reaches them — while other sockets of the user
// keep theirs. The periodic check against the database (for an outage of the cluster's bus) is tested alone.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { quickUser } from '../alerts/test-users';
import { call, newStation, startServer, type TestServer, wslink } from '../testing/server';
import { collect, socketClient } from '../testing/socket';

type Client = Awaited<ReturnType<typeof socketClient>>;

let t: TestServer;
const open: Client[] = [];
beforeAll(async () => {
  // No periodic check: what ends the sockets here is the announcement itself.
  t = await startServer({ sessionCheckSeconds: 0 });
});
afterAll(async () => {
  for (const c of open) c.close();
  await t.close();
});

async function login(email: string, password: string) {
  const auth = await call(t.url, 'POST', '/authentication', { body: { strategy: 'local', email, password } });
  expect(auth.status).toBe(201);
  return auth.body.accessToken as string;
}

/** A socket signed in with the token, watching the station, collecting its private events. */
async function watcher(token: string, station: string) {
  const c = await socketClient(t.url, token);
  open.push(c);
  await c.client.service('weatherDevices/watch').create({ id: station });
  return {
    ...c,
    patched: collect<{ _id: string; name: string; stationKey?: string }>(
      c.client,
      'weatherDevices',
      'patched',
    ),
    samples: collect<{ device: string }>(c.client, 'weatherMetrics', 'created'),
    /** The status of a call that needs a sign-in (401 once the session ended). */
    status: () =>
      c.client
        .service('users/me')
        .find({})
        .then(
          () => 200,
          (e: { code?: number }) => e.code ?? 0,
        ),
  };
}

/** Sends a station record and a live sample; resolves once `control` (still signed in) has both. */
async function privateEvents(
  token: string,
  station: { _id: string; wsid: string; stationKey: string },
  control: Awaited<ReturnType<typeof watcher>>,
) {
  const name = `Garden ${Math.random()}`;
  expect(
    (await call(t.url, 'PATCH', `/weatherDevices/${station._id}`, { token, body: { name } })).status,
  ).toBe(200);
  expect((await wslink(t, station, { t1tem: 20 + Math.random() })).status).toBe(200);
  await vi.waitFor(() => {
    expect(control.patched.map((p) => p.name)).toContain(name);
    expect(control.samples.length).toBeGreaterThan(0);
  });
  return name;
}

describe('a session that ends ends its sockets', () => {
  test('REST logout: the sockets signed in with that token lose it; another token of the user keeps its own', async () => {
    const u = await quickUser(t, 'restlogout');
    const station = await newStation(t, u.token);
    const other = await login(u.email, u.password);
    const ended = await watcher(u.token, station._id);
    const kept = await watcher(other, station._id);
    expect(await ended.status()).toBe(200);

    expect((await call(t.url, 'DELETE', '/authentication', { token: u.token })).status).toBe(200);
    await vi.waitFor(async () => expect(await ended.status()).toBe(401));
    ended.patched.length = 0;
    ended.samples.length = 0;
    await privateEvents(other, station, kept);
    expect(kept.patched.at(-1)?.stationKey).toBe(station.stationKey);
    expect(ended.patched).toEqual([]);
    expect(ended.samples).toEqual([]);
    expect(await kept.status()).toBe(200);
  });

  test('socket logout ends the other sockets signed in with the same token', async () => {
    const u = await quickUser(t, 'socketlogout');
    const station = await newStation(t, u.token);
    const controlToken = await login(u.email, u.password);
    const control = await watcher(controlToken, station._id);
    const first = await watcher(u.token, station._id);
    const second = await watcher(u.token, station._id);
    await second.client.service('authentication').remove(null);
    await vi.waitFor(async () => expect(await first.status()).toBe(401));
    first.patched.length = 0;
    first.samples.length = 0;
    await privateEvents(controlToken, station, control);
    expect(first.patched).toEqual([]);
    expect(first.samples).toEqual([]);
  });

  test('a password change ends every older token; the token it hands out keeps working', async () => {
    const u = await quickUser(t, 'pwchange');
    const station = await newStation(t, u.token);
    const old = await watcher(await login(u.email, u.password), station._id);
    const changed = await call(t.url, 'POST', '/users/password', {
      token: u.token,
      body: {
        oldPassword: u.password,
        password: 'another horse battery',
        confirmPassword: 'another horse battery',
      },
    });
    expect(changed.status).toBe(201);
    await vi.waitFor(async () => expect(await old.status()).toBe(401));
    old.patched.length = 0;
    old.samples.length = 0;
    const fresh = await watcher(changed.body.accessToken, station._id);
    await privateEvents(changed.body.accessToken, station, fresh);
    expect(old.patched).toEqual([]);
    expect(old.samples).toEqual([]);
  });

  test('an admin disabling the account ends every socket of it', async () => {
    const admin = await quickUser(t, 'sessionadmin');
    await t.server.app.ctx.storage
      .knex('users')
      .where({ _id: admin.user._id })
      .update({ isAdmin: true, adminType: 'admin' });
    const u = await quickUser(t, 'disabled');
    const station = await newStation(t, u.token);
    const socket = await watcher(u.token, station._id);
    const disabled = await call(t.url, 'PATCH', `/admin/users/${u.user._id}`, {
      token: admin.token,
      body: { disabled: true },
    });
    expect(disabled.status).toBe(200);
    await vi.waitFor(async () => expect(await socket.status()).toBe(401));
  });
});

test('the periodic check ends a socket whose token was revoked where no announcement reached (a bus outage)', async () => {
  const s = await startServer({ sessionCheckSeconds: 1 });
  try {
    const u = await quickUser(s, 'sweep');
    const c = await socketClient(s.url, u.token);
    const status = () =>
      c.client
        .service('users/me')
        .find({})
        .then(
          () => 200,
          (e: { code?: number }) => e.code ?? 0,
        );
    expect(await status()).toBe(200);
    const channel = () => s.server.app.channel(`user/${u.user._id}`).length;
    expect(channel()).toBe(1);
    // Another process revoked it (its logout), but this one never heard: only the database says so. (A call
    // would find out by itself within seconds; the channels, which no call passes, only by the check.)
    const payload = JSON.parse(Buffer.from(u.token.split('.')[1], 'base64url').toString());
    await s.server.app.ctx.storage
      .knex('revokedTokens')
      .insert({ jti: payload.jti, expiresAt: Date.now() + 86400_000 });
    await vi.waitFor(() => expect(channel()).toBe(0), { timeout: 5000, interval: 100 });
    expect(await status()).toBe(401);
    c.close();
  } finally {
    await s.close();
  }
});
