// The demo account (issue #20 item 13): its login is public, so nothing that would lock other visitors out is
// allowed with it — password change, account deletion, e-mail change, upload targets — each a clear 403 with a
// code the client translates; reading its station and its own preferences still work.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, newStation, startServer, type TestServer } from '../testing/server';
import { DEMO_EMAIL, DEMO_PASSWORD } from './demo';

let t: TestServer;
let token: string;
let userId: string;
let device: string;

beforeAll(async () => {
  t = await startServer();
  // The account as ensureDemo makes it (its year of history is not needed here).
  await t.server.app.service('users').create({
    email: DEMO_EMAIL,
    password: DEMO_PASSWORD,
    firstName: 'Demo',
    termsAccepted: true,
  });
  await t.server.app.ctx.storage.knex('users').where({ email: DEMO_EMAIL }).update({ verified: true });
  const auth = await call(t.url, 'POST', '/authentication', {
    body: { strategy: 'local', email: DEMO_EMAIL, password: DEMO_PASSWORD },
  });
  expect(auth.status).toBe(201);
  token = auth.body.accessToken;
  userId = auth.body.user._id;
  device = (await newStation(t, token, { name: 'Demo station' }))._id;
});
afterAll(() => t.close());

describe('the demo account', () => {
  test('cannot change its password, delete itself, change its address or add upload targets', async () => {
    const refused = [
      await call(t.url, 'POST', '/users/password', {
        token,
        body: { oldPassword: DEMO_PASSWORD, password: 'taken-over-now', confirmPassword: 'taken-over-now' },
      }),
      await call(t.url, 'POST', '/users/delete', { token, body: { password: DEMO_PASSWORD } }),
      await call(t.url, 'PATCH', `/users/${userId}`, { token, body: { email: 'mine@example.org' } }),
      await call(t.url, 'POST', '/uploadTargets', {
        token,
        body: { device, network: 'wunderground', stationId: 'KX', key: 'k' },
      }),
    ];
    expect(refused.map((r) => [r.status, r.body.data?.code])).toEqual(
      new Array(4).fill([403, 'demoReadOnly']),
    );
    expect(refused[0].body.message).toBe(
      'The demo account is shared by every visitor: this cannot be changed with it',
    );
    // Still there, with the same password.
    const again = await call(t.url, 'POST', '/authentication', {
      body: { strategy: 'local', email: DEMO_EMAIL, password: DEMO_PASSWORD },
    });
    expect(again.status).toBe(201);
    expect(await t.server.app.ctx.storage.knex('uploadTargets').where({ device })).toEqual([]);
  });

  test('still reads its station and keeps its own display preferences', async () => {
    expect((await call(t.url, 'GET', `/weatherDevices/${device}`, { token })).status).toBe(200);
    const prefs = await call(t.url, 'PATCH', `/users/${userId}`, { token, body: { temperatureUnit: 'F' } });
    expect(prefs.status).toBe(200);
  });
});
