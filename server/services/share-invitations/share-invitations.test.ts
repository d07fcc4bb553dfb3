// Sharing by invitation (issue #10), over real HTTP and socket.io: the same answer for known and unknown
// addresses, nothing of the recipient visible before acceptance, the station live for the recipient after it,
// decline leaves nothing, leave and revoke take access away, and only the right side may do each step.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { quickUser } from '../../alerts/test-users';
import { openStorage } from '../../storage/db';
import { migrate } from '../../storage/migrate';
import { call, newStation, startServer, type TestServer, wslink } from '../../testing/server';
import { collect, settle, socketClient } from '../../testing/socket';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

const post = (token: string, device: string, email: string) =>
  call(t.url, 'POST', '/shareInvitations', { token, body: { device, email } });
const answer = (token: string, id: string, status: string) =>
  call(t.url, 'PATCH', `/shareInvitations/${id}`, { token, body: { status } });
const mine = (token: string, query = '') => call(t.url, 'GET', `/shareInvitations${query}`, { token });
const now = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

describe('shareInvitations', () => {
  test('inviting a known and an unknown address gets the same answer; both are mailed', async () => {
    const owner = await quickUser(t, 'inviter');
    const friend = await quickUser(t, 'known');
    const station = await newStation(t, owner.token, { name: 'Orchard' });
    const unknown = `nobody-${Date.now()}@example.com`;
    const a = await post(owner.token, station._id, friend.email.toUpperCase());
    const b = await post(owner.token, station._id, unknown);
    expect([a.status, b.status]).toEqual([201, 201]);
    const shape = ({ _id, email, createdAt, ...rest }: Record<string, unknown>) => ({
      ...rest,
      keys: Object.keys({ _id, email, createdAt, ...rest }).sort(),
      id: typeof _id,
      at: typeof createdAt,
    });
    expect(shape(a.body)).toEqual(shape(b.body));
    expect(a.body).toMatchObject({
      device: station._id,
      deviceName: 'Orchard',
      email: friend.email,
      status: 'pending',
      role: 'sent',
      recipient: null,
    });
    expect(a.body.from).toBeUndefined();
    // Inviting again answers the invitation there is.
    const again = await post(owner.token, station._id, unknown);
    expect(again.status).toBe(201);
    expect(again.body._id).toBe(b.body._id);
    await settle(100);
    const mails = t.server.app.ctx.mailer.sent;
    const toFriend = mails.findLast((m) => m.to === friend.email);
    const toUnknown = mails.filter((m) => m.to === unknown);
    expect(toFriend?.subject).toBe('inviter invites you to see the weather station "Orchard"');
    expect(toFriend?.text).toContain('/shares');
    expect(toUnknown).toHaveLength(1);
    expect(toUnknown[0].text).toContain('/signup');
    // The old way (adding addresses to shareUsers) is closed, with one answer for both kinds of address.
    for (const email of [friend.email, unknown]) {
      const direct = await call(t.url, 'PATCH', `/weatherDevices/${station._id}`, {
        token: owner.token,
        body: { $push: { shareUsers: email } },
      });
      expect(direct.status).toBe(400);
      expect(direct.body.message).toBe(
        'A station is shared by invitation (shareInvitations), not by adding to shareUsers',
      );
    }
  });

  test('before acceptance nothing of the recipient is visible; the invitation reaches them live', async () => {
    const owner = await quickUser(t, 'Olga');
    const friend = await quickUser(t, 'friend');
    const station = await newStation(t, owner.token, { name: 'Roof' });
    const socket = await socketClient(t.url, friend.token);
    const ownerSocket = await socketClient(t.url, owner.token);
    const invitedLive = collect(socket.client, 'shareInvitations', 'created');
    const ownerLive = collect(ownerSocket.client, 'shareInvitations', 'created');
    const sent = await post(owner.token, station._id, friend.email);
    await settle(300);
    expect(invitedLive).toHaveLength(1);
    expect(invitedLive[0]).toMatchObject({
      _id: sent.body._id,
      role: 'received',
      deviceName: 'Roof',
      status: 'pending',
      from: { _id: owner.user._id, email: owner.email, firstName: 'Olga' },
    });
    expect(ownerLive[0]).toEqual(sent.body);
    socket.close();
    ownerSocket.close();

    // The owner: the typed address and "pending", no account, name, picture or id.
    const device = await call(t.url, 'GET', `/weatherDevices/${station._id}`, { token: owner.token });
    expect(device.body.shareUsers).toEqual([]);
    expect(device.body.shareEmails).toBeUndefined();
    const list = await mine(owner.token);
    expect(list.body).toEqual([sent.body]);
    expect(JSON.stringify(list.body)).not.toContain(friend.user._id);
    const names = await call(t.url, 'GET', `/users?_id[$in][0]=${friend.user._id}&$limit=10`, {
      token: owner.token,
    });
    expect(names.body.data).toEqual([]);
    expect((await call(t.url, 'GET', `/users/pic/${friend.user._id}`, { token: owner.token })).status).toBe(
      404,
    );
    // The recipient: the invitation, but not the station yet.
    const theirs = await mine(friend.token);
    expect(theirs.body).toEqual([invitedLive[0]]);
    expect((await call(t.url, 'GET', `/weatherDevices/${station._id}`, { token: friend.token })).status).toBe(
      404,
    );
    expect(
      (await call(t.url, 'GET', '/weatherDevices?$devices[shared]=true', { token: friend.token })).body,
    ).toEqual([]);
  });

  test('after accepting, the recipient gets the station live and its live readings', async () => {
    const owner = await quickUser(t, 'owner');
    const friend = await quickUser(t, 'accepter');
    const station = await newStation(t, owner.token, { name: 'Meadow', timezone: 'UTC' });
    const sent = await post(owner.token, station._id, friend.email);
    const socket = await socketClient(t.url, friend.token);
    const devices = collect(socket.client, 'weatherDevices', 'patched');
    const answered = collect(socket.client, 'shareInvitations', 'patched');
    const accepted = await answer(friend.token, sent.body._id, 'accepted');
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', role: 'received', recipient: friend.user._id });
    await settle(300);
    expect(devices.map((d) => d._id)).toContain(station._id);
    expect(devices[0]).toMatchObject({ name: 'Meadow', shareUsers: [friend.user._id] });
    expect(devices[0].stationKey).toBeUndefined();
    expect(answered[0]).toMatchObject({ _id: sent.body._id, status: 'accepted' });
    // Watch it and read an upload as it arrives.
    await socket.client.service('weatherDevices/watch').create({ id: station._id });
    const samples = collect(socket.client, 'weatherMetrics');
    await wslink(t, station, { datetime: now(), t1tem: 18.5, t1hum: 60 });
    await settle(300);
    expect(samples[0]).toMatchObject({ device: station._id, tempc0: 18.5 });
    socket.close();
    // Now (and only now) the owner sees who it is.
    const ownerView = await mine(owner.token);
    expect(ownerView.body[0]).toMatchObject({ status: 'accepted', recipient: friend.user._id });
    const device = await call(t.url, 'GET', `/weatherDevices/${station._id}`, { token: owner.token });
    expect(device.body.shareEmails).toEqual([friend.email]);
  });

  test('declining leaves nothing: no station, no invitation, and the owner sees what an unknown address shows', async () => {
    const owner = await quickUser(t, 'decliner-owner');
    const friend = await quickUser(t, 'decliner');
    const station = await newStation(t, owner.token, { name: 'Shed' });
    const sent = await post(owner.token, station._id, friend.email);
    const before = await mine(owner.token);
    const socket = await socketClient(t.url, owner.token);
    const ownerEvents = collect(socket.client, 'shareInvitations', 'patched');
    const declined = await answer(friend.token, sent.body._id, 'declined');
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe('declined');
    await settle(300);
    socket.close();
    expect(ownerEvents).toEqual([]);
    expect((await mine(owner.token)).body).toEqual(before.body);
    expect((await mine(friend.token)).body).toEqual([]);
    expect((await call(t.url, 'GET', `/weatherDevices/${station._id}`, { token: friend.token })).status).toBe(
      404,
    );
    // A declined invitation cannot be accepted later, and inviting again sends no second mail.
    expect((await answer(friend.token, sent.body._id, 'accepted')).status).toBe(404);
    const mails = () => t.server.app.ctx.mailer.sent.filter((m) => m.to === friend.email).length;
    const count = mails();
    expect((await post(owner.token, station._id, friend.email)).body._id).toBe(sent.body._id);
    await settle(50);
    expect(mails()).toBe(count);
  });

  test('the recipient leaves, the owner revokes: access goes, live', async () => {
    const owner = await quickUser(t, 'revoker');
    const friend = await quickUser(t, 'leaver');
    const station = await newStation(t, owner.token, { name: 'Pond' });
    const first = await post(owner.token, station._id, friend.email);
    await answer(friend.token, first.body._id, 'accepted');
    const left = await call(t.url, 'DELETE', `/shareInvitations/${first.body._id}`, { token: friend.token });
    expect(left.status).toBe(200);
    expect((await call(t.url, 'GET', `/weatherDevices/${station._id}`, { token: friend.token })).status).toBe(
      404,
    );
    expect((await mine(owner.token)).body).toEqual([]);
    // Invited again, accepted, then revoked by the owner: the recipient hears it.
    const second = await post(owner.token, station._id, friend.email);
    await answer(friend.token, second.body._id, 'accepted');
    const socket = await socketClient(t.url, friend.token);
    const removed = collect(socket.client, 'shareInvitations', 'removed');
    const revoked = await call(t.url, 'DELETE', `/shareInvitations/${second.body._id}`, {
      token: owner.token,
    });
    expect(revoked.status).toBe(200);
    await settle(300);
    socket.close();
    expect(removed).toMatchObject([{ _id: second.body._id, role: 'received' }]);
    expect((await call(t.url, 'GET', `/weatherDevices/${station._id}`, { token: friend.token })).status).toBe(
      404,
    );
    // A pending invitation revoked: gone for the recipient too.
    const third = await post(owner.token, station._id, friend.email);
    await call(t.url, 'DELETE', `/shareInvitations/${third.body._id}`, { token: owner.token });
    expect((await mine(friend.token)).body).toEqual([]);
  });

  test('an address that signs up later finds the invitation once verified; unverified accounts see nothing', async () => {
    const owner = await quickUser(t, 'early');
    const station = await newStation(t, owner.token, { name: 'Field' });
    const email = `later-${Date.now()}@example.com`;
    const sent = await post(owner.token, station._id, email);
    const password = 'correct horse battery';
    await call(t.url, 'POST', '/users', { body: { email, password, termsAccepted: true } });
    const login = async () =>
      (await call(t.url, 'POST', '/authentication', { body: { strategy: 'local', email, password } })).body
        .accessToken as string;
    const unverified = await login();
    if (unverified) {
      expect((await mine(unverified)).body ?? []).toEqual(expect.not.arrayContaining([expect.anything()]));
      expect((await answer(unverified, sent.body._id, 'accepted')).status).toBeGreaterThanOrEqual(400);
    }
    await t.server.app.ctx.storage.knex('users').where({ email }).update({ verified: true });
    const token = await login();
    expect((await mine(token)).body).toMatchObject([{ _id: sent.body._id, role: 'received' }]);
    expect((await answer(token, sent.body._id, 'accepted')).status).toBe(200);
    expect((await call(t.url, 'GET', `/weatherDevices/${station._id}`, { token })).status).toBe(200);
  });

  test('only the owner invites or revokes, only the recipient answers; strangers get a 404', async () => {
    const owner = await quickUser(t, 'strict');
    const friend = await quickUser(t, 'invitee');
    const stranger = await quickUser(t, 'stranger');
    const station = await newStation(t, owner.token, { name: 'Gate' });
    const sent = await post(owner.token, station._id, friend.email);
    const id = sent.body._id;
    expect((await answer(owner.token, id, 'accepted')).status).toBe(403);
    for (const method of ['GET', 'DELETE'])
      expect((await call(t.url, method, `/shareInvitations/${id}`, { token: stranger.token })).status).toBe(
        404,
      );
    expect((await answer(stranger.token, id, 'accepted')).status).toBe(404);
    expect((await mine(stranger.token)).body).toEqual([]);
    expect((await post(stranger.token, station._id, stranger.email)).status).toBe(404);
    expect((await call(t.url, 'GET', '/shareInvitations')).status).toBe(401);
    await answer(friend.token, id, 'accepted');
    // A shared user may not pass the station on.
    const passOn = await post(friend.token, station._id, stranger.email);
    expect(passOn.status).toBe(403);
    expect(passOn.body.message).toBe('Only the owner can share this station');
  });

  test('bad input is a 400 with a message', async () => {
    const owner = await quickUser(t, 'badinput');
    const station = await newStation(t, owner.token);
    const cases: [unknown, string][] = [
      [{ device: station._id, email: 'not-an-address' }, 'email must be an e-mail address'],
      [{ device: station._id }, 'email must be an e-mail address'],
      [{ email: 'a@example.com' }, 'device is required'],
      [{ device: 'x', email: 'a@example.com' }, 'device holds an invalid id'],
      [{ device: station._id, email: owner.email }, 'You cannot invite yourself'],
      [{ device: station._id, email: 'a@example.com', status: 'accepted' }, 'status cannot be set'],
    ];
    for (const [body, message] of cases) {
      const res = await call(t.url, 'POST', '/shareInvitations', { token: owner.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const sent = await post(owner.token, station._id, 'someone@example.com');
    const bad = await answer(owner.token, sent.body._id, 'maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("status must be 'accepted' or 'declined'");
    expect((await mine(owner.token, '?role=all')).status).toBe(400);
    expect((await call(t.url, 'GET', '/shareInvitations/nope', { token: owner.token })).status).toBe(400);
  });
});

test('migration 011: shares made before invitations become accepted invitations the owner can list and revoke', async () => {
  const storage = await openStorage(':memory:');
  try {
    const { knex } = storage;
    await migrate(knex, '010_one_raised_alert');
    const user = (c: string) => ({
      _id: c.repeat(24),
      email: `${c}@example.com`,
      createdAt: 0,
      updatedAt: 0,
    });
    await knex('users').insert([user('a'), user('b'), user('c')]);
    await knex('weatherDevices').insert({
      _id: 'd'.repeat(24),
      wsid: 'w',
      stationKey: 'k',
      name: 'n',
      user: 'a'.repeat(24),
      // A deleted account's id is skipped.
      shareUsers: JSON.stringify(['b'.repeat(24), 'c'.repeat(24), 'f'.repeat(24)]),
      createdAt: 0,
      updatedAt: 0,
    });
    await migrate(knex);
    const rows = await knex('shareInvitations')
      .orderBy('email')
      .select('email', 'recipient', 'status', 'owner');
    expect(rows).toEqual([
      { email: 'b@example.com', recipient: 'b'.repeat(24), status: 'accepted', owner: 'a'.repeat(24) },
      { email: 'c@example.com', recipient: 'c'.repeat(24), status: 'accepted', owner: 'a'.repeat(24) },
    ]);
    expect(await knex.schema.hasColumn('sessions', 'secretHash')).toBe(true);
  } finally {
    await storage.close();
  }
});
