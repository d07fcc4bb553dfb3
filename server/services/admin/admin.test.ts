// The admin area's server side (issue #15): ADMIN_EMAILS, roles (editors cannot delete or change roles),
// disabled accounts, admin/users and admin/devices on the generic list layer, and ingest health with its
// rejection reasons, live to admins' sockets.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApp } from '../../app';
import { testConfig } from '../../config';
import {
  call,
  newStation,
  newUser,
  startServer,
  type TestServer,
  toQuery,
  wslink,
} from '../../testing/server';
import { collect, settle, socketClient } from '../../testing/socket';
import { applyAdminEmails } from './admin-emails';

let t: TestServer;
let admin: Awaited<ReturnType<typeof newUser>>;
let editor: Awaited<ReturnType<typeof newUser>>;
let plain: Awaited<ReturnType<typeof newUser>>;

beforeAll(async () => {
  t = await startServer({ ingestBurst: 2, ingestPerSecond: 0.001 });
  admin = await newUser(t, 'root');
  editor = await newUser(t, 'editor');
  plain = await newUser(t, 'plain');
  const knex = t.server.app.ctx.storage.knex;
  expect(await applyAdminEmails(knex, [admin.email, 'nobody@example.com'])).toBe(1);
  await knex('users').where({ _id: editor.user._id }).update({ isAdmin: true, adminType: 'editor' });
});
afterAll(() => t.close());

const get = (path: string, token: string, query: Record<string, unknown> = {}) =>
  call(t.url, 'GET', `/${path}${Object.keys(query).length ? `?${toQuery(query)}` : ''}`, { token });

describe('admins and editors', () => {
  test('ADMIN_EMAILS makes those accounts admins at start-up', async () => {
    const me = await call(t.url, 'GET', `/users/${admin.user._id}`, { token: admin.token });
    expect(me.body).toMatchObject({ isAdmin: true, adminType: 'admin' });
    const dir = (await import('node:fs')).mkdtempSync(`${(await import('node:os')).tmpdir()}/admin-emails-`);
    const db = `${dir}/portal.db`;
    const first = await createApp(testConfig({ dataDir: dir, database: db }));
    await first.app
      .service('users')
      .create({ email: 'Boss@Example.com', password: 'long enough pw', termsAccepted: true });
    await first.close();
    const second = await createApp(
      testConfig({ dataDir: dir, database: db, adminEmails: ['boss@example.com'] }),
    );
    const row = await second.app.ctx.storage.knex('users').where({ email: 'boss@example.com' }).first();
    expect(Boolean(row.isAdmin)).toBe(true);
    expect(row.adminType).toBe('admin');
    await second.close();
  });

  test('an address in ADMIN_EMAILS that signs up later becomes an admin once verified', async () => {
    const own = await startServer({ adminEmails: ['later@example.com'] });
    try {
      await call(own.url, 'POST', '/users', {
        body: { email: 'later@example.com', password: 'long enough pw', termsAccepted: true },
      });
      const code = own.server.app.ctx.mailer.sent.at(-1)!.subject.match(/(\d{6})/)![1];
      await call(own.url, 'POST', '/users/verify', { body: { email: 'later@example.com', code } });
      const row = await own.server.app.ctx.storage
        .knex('users')
        .where({ email: 'later@example.com' })
        .first();
      expect(row.adminType).toBe('admin');
    } finally {
      await own.close();
    }
  });

  test('an admin finds accounts by search, edits one, and gives a role; an editor cannot give roles', async () => {
    const found = await get('admin/users', admin.token, {
      $or: [{ email: { $regex: 'plain', $options: 'i' } }, { firstName: { $regex: 'plain', $options: 'i' } }],
      $limit: 10,
    });
    expect(found.status).toBe(200);
    expect(found.body.data.map((u: { _id: string }) => u._id)).toEqual([plain.user._id]);
    expect(found.body.data[0]).not.toHaveProperty('password');
    const patched = await call(t.url, 'PATCH', `/admin/users/${plain.user._id}`, {
      token: editor.token,
      body: { lastName: 'Edited', verified: true },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ lastName: 'Edited', verified: true, disabled: false });
    const byEditor = await call(t.url, 'PATCH', `/admin/users/${plain.user._id}`, {
      token: editor.token,
      body: { adminType: 'editor' },
    });
    expect(byEditor.status).toBe(403);
    expect(byEditor.body.data.code).toBe('editorsCannot');
    const self = await call(t.url, 'PATCH', `/admin/users/${admin.user._id}`, {
      token: admin.token,
      body: { adminType: null },
    });
    expect(self.status).toBe(403);
    const bad = await call(t.url, 'PATCH', `/admin/users/${plain.user._id}`, {
      token: admin.token,
      body: { adminType: 'owner' },
    });
    expect(bad.status).toBe(400);
    const unknown = await call(t.url, 'PATCH', `/admin/users/${plain.user._id}`, {
      token: admin.token,
      body: { password: 'x' },
    });
    expect(unknown.status).toBe(400);
  });

  test('an admin adds an account; editors cannot delete it, admins can', async () => {
    const added = await call(t.url, 'POST', '/admin/users', {
      token: editor.token,
      body: { email: 'added@example.com', password: 'long enough pw', firstName: 'Added' },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ email: 'added@example.com', verified: true });
    const login = await call(t.url, 'POST', '/authentication', {
      body: { strategy: 'local', email: 'added@example.com', password: 'long enough pw' },
    });
    expect(login.status).toBe(201);
    const twice = await call(t.url, 'POST', '/admin/users', {
      token: admin.token,
      body: { email: 'added@example.com', password: 'long enough pw' },
    });
    expect(twice.status).toBe(409);
    expect(
      (await call(t.url, 'DELETE', `/admin/users/${added.body._id}`, { token: editor.token })).status,
    ).toBe(403);
    expect(
      (await call(t.url, 'DELETE', `/admin/users/${added.body._id}`, { token: admin.token })).status,
    ).toBe(200);
    expect((await get(`admin/users/${added.body._id}`, admin.token)).status).toBe(404);
  });

  test('a disabled account cannot sign in and its tokens end; enabled again it can', async () => {
    const victim = await newUser(t, 'victim');
    const off = await call(t.url, 'PATCH', `/admin/users/${victim.user._id}`, {
      token: admin.token,
      body: { disabled: true },
    });
    expect(off.body.disabled).toBe(true);
    expect((await get('users/me', victim.token)).status).toBe(401);
    const login = await call(t.url, 'POST', '/authentication', {
      body: { strategy: 'local', email: victim.email, password: victim.password },
    });
    expect(login.status).toBe(401);
    expect(login.body.data.code).toBe('accountDisabled');
    // The wrong password does not tell that the account is disabled.
    const wrong = await call(t.url, 'POST', '/authentication', {
      body: { strategy: 'local', email: victim.email, password: 'not the password' },
    });
    expect(wrong.body.data?.code).toBe('wrongLogin');
    await call(t.url, 'PATCH', `/admin/users/${victim.user._id}`, {
      token: admin.token,
      body: { disabled: false, resetPassword: true },
    });
    const again = await call(t.url, 'POST', '/authentication', {
      body: { strategy: 'local', email: victim.email, password: victim.password },
    });
    expect(again.status).toBe(201);
    const mail = t.server.app.ctx.mailer.sent.filter((m) => m.to === victim.email).at(-1);
    expect(mail?.subject).toMatch(/\d{6}/);
  });

  test('admin/devices: owner populated, unknown fields, share mode and owner changed', async () => {
    const owner = await newUser(t, 'stationowner');
    const s = await newStation(t, owner.token, { name: 'Roof' });
    await wslink(t, s, { t1tem: 20, mystery: 7 });
    // The console's answer does not wait for the note of its unknown fields; the list reads the table.
    await t.server.ingest.settled();
    const page = await get('admin/devices', editor.token, {
      wsid: s.wsid,
      $populate: 'user',
      $select: ['wsid', 'name', 'user', 'shareMode', 'lastUpload', 'unmapped', 'consoletype'],
    });
    expect(page.status).toBe(200);
    expect(page.body.data[0]).toMatchObject({
      wsid: s.wsid,
      name: 'Roof',
      shareMode: 'private',
      user: { _id: owner.user._id, email: owner.email },
      unmapped: { mystery: '7' },
    });
    expect(page.body.data[0]).not.toHaveProperty('stationKey');
    expect(page.body.data[0].lastUpload).toBeGreaterThan(0);
    const edited = await call(t.url, 'PATCH', `/admin/devices/${s._id}`, {
      token: editor.token,
      body: { shareMode: 'public', user: plain.user._id },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ shareMode: 'public', user: plain.user._id });
    const bad = await call(t.url, 'PATCH', `/admin/devices/${s._id}`, {
      token: admin.token,
      body: { shareMode: 'everyone' },
    });
    expect(bad.status).toBe(400);
    expect((await call(t.url, 'DELETE', `/admin/devices/${s._id}`, { token: editor.token })).status).toBe(
      403,
    );
    expect((await call(t.url, 'DELETE', `/admin/devices/${s._id}`, { token: admin.token })).status).toBe(200);
  });

  test("editors change another user's station but cannot delete it or its records; admins can (issue #20)", async () => {
    const s = await newStation(t, plain.token, { name: 'Plain station' });
    const edit = await call(t.url, 'PATCH', `/weatherDevices/${s._id}`, {
      token: editor.token,
      body: { name: 'Renamed by editor' },
    });
    expect(edit.status).toBe(200);
    for (const path of [`/weatherDevices/${s._id}`, `/weatherDevices/records/${s._id}`]) {
      const res = await call(t.url, 'DELETE', path, { token: editor.token });
      expect([res.status, res.body.data?.code], path).toEqual([403, 'editorsCannot']);
    }
    expect(
      await t.server.app.ctx.storage.knex('recordResets').where({ device: s._id }).first(),
    ).toBeUndefined();
    const mine = await newStation(t, editor.token, { name: 'Editor station' });
    expect(
      (await call(t.url, 'DELETE', `/weatherDevices/records/${mine._id}`, { token: editor.token })).status,
    ).toBe(200);
    expect((await call(t.url, 'DELETE', `/weatherDevices/${mine._id}`, { token: editor.token })).status).toBe(
      200,
    );
    expect(
      (await call(t.url, 'DELETE', `/weatherDevices/records/${s._id}`, { token: admin.token })).status,
    ).toBe(200);
    expect((await call(t.url, 'DELETE', `/weatherDevices/${s._id}`, { token: admin.token })).status).toBe(
      200,
    );
  });

  test('editors cannot delete an order of someone else', async () => {
    const knex = t.server.app.ctx.storage.knex;
    const plan = await knex('subscriptionPlans').first('_id');
    const now = Date.now();
    await knex('orders').insert({
      _id: 'a'.repeat(24),
      user: plain.user._id,
      subscriptionPlan: plan._id,
      plan: JSON.stringify({ name: 'x', months: 1, storeDays: 30 }),
      devices: '[]',
      unitPrice: 100,
      total: 100,
      currency: 'USD',
      status: 'cancelled',
      provider: 'sandbox',
      grants: '[]',
      expiresAt: now,
      createdAt: now,
      updatedAt: now,
    });
    const byEditor = await call(t.url, 'DELETE', `/orders/${'a'.repeat(24)}`, { token: editor.token });
    expect(byEditor.status).toBe(403);
    const byAdmin = await call(t.url, 'DELETE', `/orders/${'a'.repeat(24)}`, { token: admin.token });
    expect(byAdmin.status).toBe(200);
    expect(
      await knex('orders')
        .where({ _id: 'a'.repeat(24) })
        .first(),
    ).toBeUndefined();
  });

  test("a plan's features change item by item ($pull, $set, $push in one patch, as the plan editor sends)", async () => {
    const made = await call(t.url, 'POST', '/subscriptionPlans', {
      token: admin.token,
      body: {
        name: 'Sub-list',
        months: 1,
        features: [{ text: 'Live data' }, { text: 'Graphs' }, { text: 'Alerts' }],
      },
    });
    const [a, b, c] = made.body.features;
    const patched = await call(t.url, 'PATCH', `/subscriptionPlans/${made.body._id}`, {
      token: editor.token,
      body: {
        name: 'Sub-list 2',
        $pull: { features: { $in: [{ _id: b._id }] } },
        $set: { [`features.${c._id}.text`]: 'E-mail alerts' },
        $push: { features: { $each: [{ text: 'Export' }] } },
      },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.name).toBe('Sub-list 2');
    expect(patched.body.features.map((f: { text: string }) => f.text)).toEqual([
      'Live data',
      'E-mail alerts',
      'Export',
    ]);
    expect(patched.body.features[0]._id).toBe(a._id);
    expect(patched.body.features[1]._id).toBe(c._id);
  });

  test('every admin call is refused to a non-admin (403) and to nobody signed in (401)', async () => {
    for (const path of ['admin/users', 'admin/devices', 'admin/ingestHealth']) {
      expect((await get(path, plain.token)).status).toBe(403);
      expect((await call(t.url, 'GET', `/${path}`)).status).toBe(401);
    }
  });
});

describe('ingest health', () => {
  test('uploads per minute per protocol, silent stations and rejections with their reason, live', async () => {
    const owner = await newUser(t, 'healthowner');
    const s = await newStation(t, owner.token, { name: 'Health' });
    const socket = await socketClient(t.url, admin.token);
    const plainSocket = await socketClient(t.url, plain.token);
    try {
      const live = collect<{ rejections: { reason: string }[] }>(socket.client, 'admin/ingestHealth');
      const leaked = collect(plainSocket.client, 'admin/ingestHealth');
      expect((await wslink(t, s, { t1tem: 21 })).status).toBe(200);
      expect((await wslink(t, { ...s, stationKey: 'wrong-key' }, { t1tem: 21 })).status).toBe(401);
      const at = new Date(Date.now() - 60_000).toISOString().slice(0, 19).replace('T', ' ');
      expect((await wslink(t, s, { t1tem: 999, datetime: at })).status).toBe(200);
      // Burst of 2: the third accepted upload is over the station's rate.
      expect((await wslink(t, s, { t1tem: 22 })).body).toMatch(/too many/i);
      await t.server.app.ctx.ingestHealth!.flush();
      await settle(200);
      const reasons = live.flatMap((e) => e.rejections.map((r) => r.reason));
      expect(reasons).toEqual(expect.arrayContaining(['badKey', 'outOfRange', 'rateLimited']));
      expect(leaked).toEqual([]);

      const health = await get('admin/ingestHealth', admin.token);
      expect(health.status).toBe(200);
      const view = health.body;
      const last = view.minutes.at(-1).counts.wslink;
      const total = view.minutes.reduce(
        (
          n: { ok: number; rejected: number },
          m: { counts: Record<string, { ok: number; rejected: number }> },
        ) => ({
          ok: n.ok + m.counts.wslink.ok,
          rejected: n.rejected + m.counts.wslink.rejected,
        }),
        { ok: 0, rejected: 0 },
      );
      expect(last.ok + last.rejected).toBeGreaterThan(0);
      expect(total.rejected).toBeGreaterThanOrEqual(2);
      const mine = view.rejections.filter((r: { station: string }) => r.station === s.wsid);
      expect(mine.find((r: { reason: string }) => r.reason === 'outOfRange').detail).toBe('tempc0=999');
      expect(mine.find((r: { reason: string }) => r.reason === 'badKey').detail).toBe('Wrong station key');
      expect(JSON.stringify(view.rejections)).not.toContain('wrong-key');
      expect(JSON.stringify(view.rejections)).not.toContain(s.stationKey);

      // A body over 64 KB is refused before it is read, and counted too.
      const big = await fetch(`${t.url}/data/report/`, { method: 'POST', body: 'x'.repeat(70 * 1024) });
      expect(big.status).toBe(413);
      await t.server.app.ctx.ingestHealth!.flush();
      const after = (await get('admin/ingestHealth', admin.token)).body;
      expect(after.rejections[0]).toMatchObject({ protocol: 'ecowitt', reason: 'tooLarge' });

      // Silent for over 30 minutes.
      const knex = t.server.app.ctx.storage.knex;
      await knex('weatherDevices')
        .where({ _id: s._id })
        .update({ lastUpload: Math.floor(Date.now() / 1000) - 31 * 60 });
      const later = (await get('admin/ingestHealth', editor.token)).body;
      expect(later.silent.find((d: { _id: string }) => d._id === s._id)).toMatchObject({
        wsid: s.wsid,
        owner: owner.email,
      });
    } finally {
      socket.close();
      plainSocket.close();
    }
  });
});
