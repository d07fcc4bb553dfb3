// sessions: anonymous and signed-in upserts, push subscriptions validated, nobody can take over another
// user's session push; the VAPID public key a browser subscribes with.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { quickUser } from '../../alerts/test-users';
import { call, startServer, type TestServer } from '../../testing/server';
import { socketClient } from '../../testing/socket';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

const sub = { endpoint: 'https://push.example.com/send/1', keys: { p256dh: 'BNc', auth: 'k1' } };
let n = 0;
const sid = () => `session-${Date.now()}-${++n}`;

describe('sessions', () => {
  test('anonymous create, then associate with the signed-in user, then detach', async () => {
    const user = await quickUser(t);
    const id = sid();
    const anon = await call(t.url, 'POST', '/sessions', { body: { _id: id, associateUser: null } });
    expect(anon.status).toBe(201);
    expect(anon.body).toEqual({ _id: id, associateUser: null, pushEnabled: false, pushType: null });
    const mine = await call(t.url, 'POST', '/sessions', {
      token: user.token,
      body: { _id: id, associateUser: user.user._id },
    });
    expect(mine.body).toMatchObject({ _id: id, associateUser: user.user._id });
    // Over the socket as the client does it.
    const s = await socketClient(t.url, user.token);
    const viaSocket = await s.client
      .service('sessions')
      .create({ _id: id, pushEnabled: true, pushToken: sub, pushType: 'web' });
    expect(viaSocket).toEqual({ _id: id, associateUser: user.user._id, pushEnabled: true, pushType: 'web' });
    s.close();
    const row = await t.server.app.ctx.storage.knex('sessions').where({ _id: id }).first();
    expect(JSON.parse(row.pushToken)).toEqual(sub);
    const detached = await call(t.url, 'POST', '/sessions', { body: { _id: id, associateUser: null } });
    expect(detached.body.associateUser).toBeNull();
  });

  test('a session cannot be tied to someone else, nor its push redirected by another caller', async () => {
    const user = await quickUser(t);
    const other = await quickUser(t);
    const id = sid();
    const claim = await call(t.url, 'POST', '/sessions', { body: { _id: id, associateUser: user.user._id } });
    expect(claim.status).toBe(403);
    await call(t.url, 'POST', '/sessions', {
      token: user.token,
      body: { _id: id, associateUser: user.user._id },
    });
    const hijack = await call(t.url, 'POST', '/sessions', {
      token: other.token,
      body: { _id: id, pushEnabled: true, pushToken: sub, pushType: 'web' },
    });
    expect(hijack.status).toBe(403);
    const anonymous = await call(t.url, 'POST', '/sessions', {
      body: { _id: id, pushEnabled: true, pushToken: sub, pushType: 'web' },
    });
    expect(anonymous.status).toBe(403);
  });

  test('bad input is a 400 with a clear message', async () => {
    const user = await quickUser(t);
    const post = (body: unknown) => call(t.url, 'POST', '/sessions', { token: user.token, body });
    const cases: [unknown, string][] = [
      [{}, '_id must be 8 to 64 letters, digits or - _ . :'],
      [{ _id: 'short' }, '_id must be 8 to 64 letters, digits or - _ . :'],
      [{ _id: sid(), associateUser: 5 }, 'associateUser must be a user id'],
      [{ _id: sid(), pushEnabled: 'yes' }, 'pushEnabled must be true or false'],
      [{ _id: sid(), pushType: 'sms', pushToken: 'x' }, "pushType must be 'web' or 'firebase'"],
      [{ _id: sid(), pushToken: 'abc' }, "pushType ('web' or 'firebase') is required with a pushToken"],
      [{ _id: sid(), pushType: 'web', pushToken: '{not json' }, 'pushToken must be a push subscription'],
      [
        {
          _id: sid(),
          pushType: 'web',
          pushToken: { endpoint: 'http://insecure.example.com', keys: sub.keys },
        },
        'pushToken must be a push subscription with an https endpoint and keys',
      ],
      [
        { _id: sid(), pushType: 'firebase', pushToken: 'has spaces' },
        'pushToken must be a Firebase registration token',
      ],
      [{ _id: sid(), pushEnabled: true }, 'pushToken is required to enable push'],
      [{ _id: sid(), colour: 'red' }, 'colour cannot be set'],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const fcm = await post({ _id: sid(), pushEnabled: true, pushType: 'firebase', pushToken: 'fcm:TOKEN_1' });
    expect(fcm.status).toBe(201);
    expect(fcm.body).toMatchObject({ pushEnabled: true, pushType: 'firebase' });
  });

  test('GET /sessions/vapid and GET /config answer the public key kept in DATA_DIR/vapid.json', async () => {
    const res = await call(t.url, 'GET', '/sessions/vapid');
    expect(res.status).toBe(200);
    expect(res.body.publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    const file = join(t.server.app.ctx.config.dataDir, 'vapid.json');
    expect(existsSync(file)).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8')).publicKey).toBe(res.body.publicKey);
    const config = await call(t.url, 'GET', '/config');
    expect(config.body.vapidPublicKey).toBe(res.body.publicKey);
  });
});
