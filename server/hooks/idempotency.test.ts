// Idempotency keys (issue #10): a stored answer goes back only to the user who made the call, for that very
// request; the client's outbox replays still apply an edit once.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, newStation, newUser, startServer, type TestServer } from '../testing/server';
import { socketClient } from '../testing/socket';
import { KEY_REUSED } from './idempotency';

let t: TestServer;
let owner: Awaited<ReturnType<typeof newUser>>;
let stranger: Awaited<ReturnType<typeof newUser>>;
let station: Awaited<ReturnType<typeof newStation>>;

beforeAll(async () => {
  t = await startServer();
  owner = await newUser(t, 'keyowner');
  stranger = await newUser(t, 'keystranger');
  station = await newStation(t, owner.token, { name: 'Keyed' });
});
afterAll(() => t.close());

const keyed = (key: string) => ({ 'idempotency-key': key });

describe('idempotency keys', () => {
  test('a replay answers the owner again, applying the edit once', async () => {
    const key = 'create-once-0001';
    const first = await call(t.url, 'POST', '/weatherDevices', {
      token: owner.token,
      body: { name: 'Once' },
      headers: keyed(key),
    });
    expect(first.status).toBe(201);
    const again = await call(t.url, 'POST', '/weatherDevices', {
      token: owner.token,
      body: { name: 'Once' },
      headers: keyed(key),
    });
    expect(again.body).toEqual(first.body);
    const knex = t.server.app.ctx.storage.knex;
    const rows = await knex('weatherDevices').where({ user: owner.user._id, name: 'Once' }).select('_id');
    expect(rows.length).toBe(1);
  });

  test('nobody else gets the stored answer: not without a token, not with another id, not another user', async () => {
    const key = 'patch-secret-0001';
    const mine = await call(t.url, 'PATCH', `/weatherDevices/${station._id}`, {
      token: owner.token,
      body: { name: 'Mine' },
      headers: keyed(key),
    });
    expect(mine.status).toBe(200);
    expect(mine.body.stationKey).toBe(station.stationKey);

    const anonymous = await call(t.url, 'PATCH', `/weatherDevices/${'0'.repeat(24)}`, {
      body: { name: 'Mine' },
      headers: keyed(key),
    });
    expect(anonymous.status).toBe(401);
    expect(JSON.stringify(anonymous.body)).not.toContain(station.stationKey);

    const anonymousSame = await call(t.url, 'PATCH', `/weatherDevices/${station._id}`, {
      body: { name: 'Mine' },
      headers: keyed(key),
    });
    expect(anonymousSame.status).toBe(401);

    const theirs = await call(t.url, 'PATCH', `/weatherDevices/${station._id}`, {
      token: stranger.token,
      body: { name: 'Mine' },
      headers: keyed(key),
    });
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(theirs.body)).not.toContain(station.stationKey);
  });

  test('the same key with another request is refused (422), not answered with the first result', async () => {
    const key = 'patch-reused-0001';
    const first = await call(t.url, 'PATCH', `/weatherDevices/${station._id}`, {
      token: owner.token,
      body: { name: 'First' },
      headers: keyed(key),
    });
    expect(first.status).toBe(200);
    const otherBody = await call(t.url, 'PATCH', `/weatherDevices/${station._id}`, {
      token: owner.token,
      body: { name: 'Second' },
      headers: keyed(key),
    });
    expect(otherBody.status).toBe(422);
    expect(otherBody.body.message).toBe(KEY_REUSED);
    const otherPath = await call(t.url, 'POST', '/weatherDevices', {
      token: owner.token,
      body: { name: 'First' },
      headers: keyed(key),
    });
    expect(otherPath.status).toBe(422);
  });

  test('over the socket ($idempotencyKey) the key is scoped to the signed-in user too', async () => {
    const own = await socketClient(t.url, owner.token);
    const other = await socketClient(t.url, stranger.token);
    const anonymous = await socketClient(t.url);
    try {
      const query = { $idempotencyKey: 'socket-key-0001' };
      const patched = await own.client
        .service('weatherDevices')
        .patch(station._id, { name: 'Socket' }, { query });
      expect(patched.stationKey).toBe(station.stationKey);
      expect(
        await own.client.service('weatherDevices').patch(station._id, { name: 'Socket' }, { query }),
      ).toEqual(patched);
      await expect(
        other.client.service('weatherDevices').patch(station._id, { name: 'Socket' }, { query }),
      ).rejects.toMatchObject({ code: 404 });
      await expect(
        anonymous.client.service('weatherDevices').patch(station._id, { name: 'Socket' }, { query }),
      ).rejects.toMatchObject({ code: 401 });
    } finally {
      own.close();
      other.close();
      anonymous.close();
    }
  });
});
