// sessions: anonymous and signed-in upserts, push subscriptions validated, nobody can take over another
// user's session push; the VAPID public key a browser subscribes with.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { quickUser } from '../../alerts/test-users';
import { PushGone, vapidKeys, webPushSender } from '../../notify/push';
import { call, startServer, type TestServer } from '../../testing/server';
import { socketClient } from '../../testing/socket';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

const sub = { endpoint: 'https://fcm.googleapis.com/fcm/send/1', keys: { p256dh: 'BNc', auth: 'k1' } };
let n = 0;
const sid = () => `session-${Date.now()}-${++n}`;

describe('sessions', () => {
  test('anonymous create, then associate with the signed-in user, then detach', async () => {
    const user = await quickUser(t);
    const id = sid();
    const anon = await call(t.url, 'POST', '/sessions', { body: { _id: id, associateUser: null } });
    expect(anon.status).toBe(201);
    const { secret, ...session } = anon.body;
    expect(session).toEqual({ _id: id, associateUser: null, pushEnabled: false, pushType: null });
    expect(secret).toMatch(/^[\w-]{32}$/);
    const mine = await call(t.url, 'POST', '/sessions', {
      token: user.token,
      body: { _id: id, associateUser: user.user._id, secret },
    });
    expect(mine.body.secret).toBeUndefined();
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
    const detached = await call(t.url, 'POST', '/sessions', {
      token: user.token,
      body: { _id: id, associateUser: null },
    });
    expect(detached.body.associateUser).toBeNull();
  });

  test('knowing a session id is not enough to detach it or re-point its push (issue #10)', async () => {
    const user = await quickUser(t);
    const stranger = await quickUser(t);
    const id = sid();
    const made = await call(t.url, 'POST', '/sessions', {
      token: user.token,
      body: { _id: id, associateUser: user.user._id, pushEnabled: true, pushToken: sub, pushType: 'web' },
    });
    expect(made.status).toBe(201);
    const evil = { endpoint: 'https://evil.example.com/push/1', keys: { p256dh: 'BEv', auth: 'ev' } };
    // The attack of the issue: detach anonymously (or as another user), then point push at one's own endpoint.
    for (const token of [undefined, stranger.token]) {
      const detach = await call(t.url, 'POST', '/sessions', {
        token,
        body: { _id: id, associateUser: null },
      });
      expect(detach.status).toBe(403);
      expect(detach.body.message).toBe('This session belongs to another user');
      const repoint = await call(t.url, 'POST', '/sessions', {
        token,
        body: { _id: id, pushEnabled: true, pushToken: evil, pushType: 'web' },
      });
      expect(repoint.status).toBe(403);
      // Even the session's secret does not let anyone but its user change an associated session.
      const withSecret = await call(t.url, 'POST', '/sessions', {
        token,
        body: { _id: id, associateUser: null, secret: made.body.secret },
      });
      expect(withSecret.status).toBe(403);
      // Nor may a stranger learn whom the session belongs to.
      const peek = await call(t.url, 'POST', '/sessions', { token, body: { _id: id } });
      expect(peek.status).toBe(403);
      expect(JSON.stringify(peek.body)).not.toContain(user.user._id);
    }
    const row = await t.server.app.ctx.storage.knex('sessions').where({ _id: id }).first();
    expect(row.associateUser).toBe(user.user._id);
    expect(JSON.parse(row.pushToken)).toEqual(sub);
  });

  test('an anonymous session is changed only with its secret; a wrong or missing one is a 403', async () => {
    const user = await quickUser(t);
    const id = sid();
    const made = await call(t.url, 'POST', '/sessions', { body: { _id: id } });
    const { secret } = made.body;
    const push = { _id: id, pushEnabled: true, pushToken: sub, pushType: 'web' };
    const anonymous = await call(t.url, 'POST', '/sessions', { body: push });
    expect(anonymous.status).toBe(403);
    expect(anonymous.body.message).toBe('Only the holder of this session may change it (send its secret)');
    const wrong = await call(t.url, 'POST', '/sessions', { body: { ...push, secret: `${secret}x` } });
    expect(wrong.status).toBe(403);
    // A signed-in stranger cannot take the anonymous session over either.
    const claim = await call(t.url, 'POST', '/sessions', {
      token: user.token,
      body: { _id: id, associateUser: user.user._id },
    });
    expect(claim.status).toBe(403);
    const right = await call(t.url, 'POST', '/sessions', { body: { ...push, secret } });
    expect(right.status).toBe(201);
    expect(right.body).toEqual({ _id: id, associateUser: null, pushEnabled: true, pushType: 'web' });
    const bad = await call(t.url, 'POST', '/sessions', { body: { _id: id, secret: 5 } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('secret must be the text the session was created with');
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

  test('a push endpoint must be a known push service: private addresses and other hosts are refused (issue #20)', async () => {
    const user = await quickUser(t);
    const subscribe = (endpoint: string) =>
      call(t.url, 'POST', '/sessions', {
        token: user.token,
        body: { _id: sid(), pushEnabled: true, pushType: 'web', pushToken: { endpoint, keys: sub.keys } },
      });
    for (const endpoint of [
      'https://127.0.0.1:8212/push',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/x',
      'https://2130706433/x',
      'https://localhost/x',
      'https://10.0.0.1/x',
      'https://evil.example.com/push/1',
      'https://fcm.googleapis.com.evil.example/x',
      'https://fcm.googleapis.com:8443/fcm/send/1',
      'https://notify.windows.com.example.net/x',
    ]) {
      const res = await subscribe(endpoint);
      expect([res.status, res.body.message], endpoint).toEqual([
        400,
        'pushToken must name the push service of a browser',
      ]);
    }
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://push.services.mozilla.com/wpush/v1/abc',
      'https://web.push.apple.com/QGuQyavXuty',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
    ])
      expect((await subscribe(endpoint)).status, endpoint).toBe(201);
  });

  test('a stored subscription of an unknown endpoint is dropped, never connected to', async () => {
    const sender = webPushSender(vapidKeys(t.server.app.ctx.config.dataDir));
    const payload = { title: 'x', body: 'y', data: { path: '/' } };
    await expect(
      sender({ endpoint: 'https://127.0.0.1:8212/push', keys: sub.keys }, payload),
    ).rejects.toBeInstanceOf(PushGone);
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
