// Two server processes on one PostgreSQL database share events through Redis (feathers-sync): a socket on
// one server receives the samples uploaded to the other, and a device change on one is seen by the other; rate
// limits on accounts count on both.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { BASE_DELAY_MS } from '../auth/login-throttle';
import { call, newStation, newUser, startServer, type TestServer, wslink } from '../testing/server';
import { collect, settle, socketClient } from '../testing/socket';

const PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  const schema = `t_sync_${process.pid}_${Date.now().toString(36)}`;
  const database = `${PG}${PG.includes('?') ? '&' : '?'}schema=${schema}`;
  const secret = 'shared-secret-for-both-processes';
  // This deployment's own Redis keys: counters and events of other test runs stay out.
  const shared = { database, redisUrl: REDIS, redisPrefix: schema, authSecret: secret };
  a = await startServer(shared);
  b = await startServer(shared);
});
afterAll(async () => {
  await b?.server.close();
  await a?.close();
});

test('a watcher on one server receives uploads accepted by the other', async () => {
  const owner = await newUser(a);
  const station = await newStation(a, owner.token);
  const socket = await socketClient(a.url, owner.token);
  const got = collect(socket.client, 'weatherMetrics');
  await socket.client.service('weatherDevices/watch').create({ id: station._id });
  expect((await wslink(b, station, { t1tem: 12.5 })).status).toBe(200);
  await settle(500);
  expect(got.map((s) => s.tempc0)).toEqual([12.5]);

  // A key changed through server A is honoured by server B's ingest (its device cache is told).
  const rekeyed = await call(a.url, 'PATCH', `/weatherDevices/${station._id}`, {
    token: owner.token,
    body: { stationKey: 'regenerate' },
  });
  await settle(300);
  expect((await wslink(b, station, { t1tem: 13 })).status).toBe(401);
  expect((await wslink(b, rekeyed.body, { t1tem: 13 })).status).toBe(200);
  socket.close();
});

test('failed logins are counted across processes (Redis), not per process', async () => {
  const user = await newUser(a);
  const bad = (server: TestServer) =>
    call(server.url, 'POST', '/authentication', {
      body: { strategy: 'local', email: user.email, password: 'wrong-password' },
    });
  const limit = a.server.app.ctx.config.loginFailuresPerAccount;
  // Alternating between the processes: each one alone has seen only half of the failures.
  for (let i = 0; i < limit; i++) expect((await bad(i % 2 ? b : a)).status).toBe(401);
  // Past the limit every attempt on the account waits first (a slow-down, not a lock-out), on both processes.
  for (const server of [a, b]) {
    const started = Date.now();
    expect((await bad(server)).status).toBe(401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(BASE_DELAY_MS - 20);
  }
});
