// Two server processes on one PostgreSQL database share events through Redis (feathers-sync): a socket on
// one server receives the samples uploaded to the other, and a device change on one is seen by the other; rate
// limits on accounts count on both; a calibration re-applied to history through one makes the other forget
// what it kept of the station's stored values.
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

test('a calibration re-applied to history through one server: the other ingests as if it had applied it', async () => {
  const owner = await newUser(a);
  const station = await newStation(a, owner.token, { timezone: 'UTC' });
  const DAY = 86400;
  const now = Math.floor(Date.now() / 1000);
  const today = now - (now % DAY);
  const wsTime = (s: number) => new Date(s * 1000).toISOString().slice(0, 19).replace('T', ' ');
  const upload = async (fields: Record<string, string | number>) =>
    expect((await wslink(b, station, fields)).status).toBe(200);
  // Server B has ingested 8 °C: quality control's previous value there.
  await upload({ datetime: wsTime(now - 60), t1tem: 8 });
  const made = await call(a.url, 'POST', '/stationCalibrations', {
    token: owner.token,
    body: { weatherDevice: station._id, entries: [{ key: 'tempc0', offset: 20, since: Date.now() }] },
  });
  expect(made.status).toBe(201);
  await settle(300);
  // B reads the new entry at its next upload (a humidity only) and keeps it.
  await upload({ t1hum: 50 });
  const applied = await call(a.url, 'POST', '/stationRecalibrations', {
    token: owner.token,
    body: { device: station._id, key: 'tempc0', from: today - 3 * DAY },
  });
  expect(applied.status).toBe(201);
  expect(applied.body.rows.samples).toBe(1);
  await settle(1100);
  // 8.5 °C calibrated is 28.5: a spike after 8, not after the 28 the stored reading is now.
  await upload({ t1tem: 8.5 });
  // A relay's backlog of yesterday: yesterday carries the entry now, so B stores 9 °C as 29.
  await upload({ datetime: wsTime(today - DAY + 7200), t1tem: 9 });
  const stored = await b.server.app.ctx.samples.samples(station._id, today - 3 * DAY, now + 60);
  expect(
    stored.filter((s) => s.tempc0 != null).map((s) => [s.time < today ? 'yesterday' : 'today', s.tempc0]),
  ).toEqual([
    ['yesterday', 29],
    ['today', 28],
    ['today', 28.5],
  ]);
  expect(await b.server.app.ctx.storage.knex('qcFlags').where({ device: station._id }).select()).toEqual([]);
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
