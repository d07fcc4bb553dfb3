// Sessions end everywhere (issue #20), on the cluster: a logout, a password change and an admin disabling an
// account on API process A end the sockets signed in with those tokens on API process B at once — B sends them
// no live sample and no station record (with its key) from then on, and their next call is a 401 — while the
// user's other sockets on B keep theirs. The periodic database check is switched off (SESSION_CHECK_SECONDS=0):
// only the cluster's event bus (Redis) can tell B. Events from A reach B in the order A sent them, so an event
// sent after the session ended is one the ended socket must never see.
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { type ClusterHarness, startHarness, upload } from '../bench/cluster-harness';
import { collect, socketClient } from '../server/testing/socket';

let harness: ClusterHarness;
const sockets: { close(): void }[] = [];
beforeAll(async () => {
  harness = await startHarness({
    stations: 1,
    name: 'fault_sessions',
    env: { SESSION_CHECK_SECONDS: '0', INGEST_PER_SECOND: '100' },
    roles: ['all', 'all'],
  });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await harness?.close();
});

async function rest(port: number, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

async function account(port: number, name: string) {
  const email = `${name}-${process.pid}@example.com`;
  const password = 'session-test-password';
  expect((await rest(port, 'POST', '/users', { email, password, termsAccepted: true })).status).toBe(201);
  await harness.knex('users').where({ email }).update({ verified: true });
  return { email, password };
}

const login = async (port: number, who: { email: string; password: string }) =>
  (await rest(port, 'POST', '/authentication', { strategy: 'local', ...who })).body.accessToken as string;

/** A socket on `port` signed in with the token, watching the station; its private events. */
async function watcher(port: number, token: string, station: string) {
  const c = await socketClient(`http://127.0.0.1:${port}`, token);
  sockets.push(c);
  await c.client.service('weatherDevices/watch').create({ id: station });
  return {
    samples: collect<{ device: string }>(c.client, 'weatherMetrics', 'created'),
    patched: collect<{ name: string; stationKey?: string }>(c.client, 'weatherDevices', 'patched'),
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
type Watcher = Awaited<ReturnType<typeof watcher>>;

let sampleTime = Math.floor(Date.now() / 1000) - 3000;

/** From A: a station record and a live sample; resolves once `control` on B has both. */
async function privateEvents(a: number, token: string, control: Watcher) {
  const station = harness.stations[0];
  const name = `Garden ${Math.random()}`;
  expect((await rest(a, 'PATCH', `/weatherDevices/${station._id}`, { name }, token)).status).toBe(200);
  const before = control.samples.length;
  expect((await upload(a, station, ++sampleTime, 20)).status).toBe(200);
  await vi.waitFor(
    () => {
      expect(control.patched.map((p) => p.name)).toContain(name);
      expect(control.samples.length).toBeGreaterThan(before);
    },
    { timeout: 10_000 },
  );
  expect(control.patched.at(-1)?.stationKey).toBe(station.key);
}

test('a session ended on API process A ends its sockets on API process B', async () => {
  const [a, b] = harness.cluster.processes.map((p) => p.port);
  const station = harness.stations[0]._id;
  const owner = { email: `load-${process.pid}@example.com`, password: 'load-test-password-1' };

  // Logout (REST, on A) of the token a socket on B signed in with.
  const loggedOut = await login(a, owner);
  const control = await watcher(b, await login(a, owner), station);
  const ended = await watcher(b, loggedOut, station);
  expect(await ended.status()).toBe(200);
  expect((await rest(a, 'DELETE', '/authentication', undefined, loggedOut)).status).toBe(200);
  await privateEvents(a, harness.token, control);
  expect(ended.patched).toEqual([]);
  expect(ended.samples).toEqual([]);
  expect(await ended.status()).toBe(401);
  expect(await control.status()).toBe(200);

  // A password change on A: every older token's sockets on B end; the token it hands out keeps working.
  const older = await watcher(b, harness.token, station);
  const changed = await rest(
    a,
    'POST',
    '/users/password',
    { oldPassword: owner.password, password: 'another-password-2', confirmPassword: 'another-password-2' },
    harness.token,
  );
  expect(changed.status).toBe(201);
  const fresh = await watcher(b, changed.body.accessToken, station);
  await privateEvents(a, changed.body.accessToken, fresh);
  expect(older.patched).toEqual([]);
  expect(older.samples).toEqual([]);
  expect(control.samples.length).toBe(1); // control's token is older too
  expect(await older.status()).toBe(401);
  expect(await fresh.status()).toBe(200);

  // An admin on A disables an account: its sockets on B end.
  const admin = await account(a, 'session-admin');
  await harness.knex('users').where({ email: admin.email }).update({ isAdmin: true, adminType: 'admin' });
  const target = await account(a, 'session-target');
  const targetToken = await login(a, target);
  const targetUser = await harness.knex('users').where({ email: target.email }).first('_id');
  const own = await rest(a, 'POST', '/weatherDevices', { name: 'Target', timezone: 'UTC' }, targetToken);
  expect(own.status).toBe(201);
  const disabled = await watcher(b, targetToken, own.body._id);
  expect(await disabled.status()).toBe(200);
  const adminToken = await login(a, admin);
  expect(
    (await rest(a, 'PATCH', `/admin/users/${targetUser._id}`, { disabled: true }, adminToken)).status,
  ).toBe(200);
  // The admin changes the target's station on A (an event for its owner), then the owner of the other station
  // changes that one: once B's socket of that owner has the second, the first was there before it.
  expect(
    (await rest(a, 'PATCH', `/weatherDevices/${own.body._id}`, { name: 'Renamed' }, adminToken)).status,
  ).toBe(200);
  await privateEvents(a, changed.body.accessToken, fresh);
  expect(disabled.patched).toEqual([]);
  expect(await disabled.status()).toBe(401);
});
