// Contract: the admin area (issue #15). admin/users, admin/devices, admin/ingestHealth, the orders admins list and
// move, and the plans they manage: who may call (401 signed out, 403 for everyone but admins and editors, editors
// not removing or giving roles), the generic list layer's paging, order, search, $select and $populate, what is
// shown (never a password or station key), edits and their 400s. Live events to the `admins` channel and ingest
// counts are checked by server/services/admin's own tests.
import { beforeAll, describe, expect, test } from 'vitest';
import { ORDER_STATUSES } from '../../src/domain/orders';
import { PROTOCOL_NAMES } from '../ingest/protocols';
import { call, toQuery } from '../testing/server';
import type { Account, Station } from './backends';
import { type Contract, T0 } from './context';

const id = expect.stringMatching(/^[0-9a-f]{24}$/);
const NOBODY = 'f'.repeat(24);

export function adminContract(c: Contract): void {
  describe('admin area', () => {
    let admin: Account;
    let editor: Account;
    let silent: Station;
    const find = (path: string, account: Account | undefined, query: Record<string, unknown> = {}) =>
      c.get(`/${path}${Object.keys(query).length ? `?${toQuery(query)}` : ''}`, account);
    const send = (method: string, path: string, account: Account | undefined, body?: unknown) =>
      call(c.b.base, method, `/${path}`, { token: account?.token, body });

    beforeAll(async () => {
      admin = await c.b.signUpAndLogIn();
      await c.b.makeAdmin(admin);
      editor = await c.b.signUpAndLogIn();
      await c.b.makeAdmin(editor, 'editor');
      // Last heard from yesterday: silent for ingest health.
      silent = await c.b.createStation(c.stranger.token, { name: 'Quiet' });
      await c.b.upload(silent, { tempc0: 5 }, T0);
      await c.b.persist();
    });

    test('every admin path: 401 signed out, 403 to anyone but admins and editors', async () => {
      const victim = c.stranger.user._id;
      const calls: [string, string, unknown?][] = [
        ['GET', 'admin/users'],
        ['GET', `admin/users/${victim}`],
        ['POST', 'admin/users', { email: 'x@example.com', password: 'long enough pw' }],
        ['PATCH', `admin/users/${victim}`, { lastName: 'X' }],
        ['DELETE', `admin/users/${victim}`],
        ['GET', 'admin/devices'],
        ['PATCH', `admin/devices/${c.history._id}`, { name: 'X' }],
        ['DELETE', `admin/devices/${c.history._id}`],
        ['GET', 'admin/ingestHealth'],
        ['PATCH', `orders/${NOBODY}`, { status: 'done' }],
        ['POST', 'subscriptionPlans', { name: 'X', months: 1 }],
      ];
      for (const [method, path, body] of calls) {
        const anonymous = await send(method, path, undefined, body);
        expect(anonymous.status, `${method} ${path}`).toBe(401);
        expect(anonymous.body.data.code).toBe('notAuthenticated');
        const plain = await send(method, path, c.owner, body);
        expect(plain.status, `${method} ${path}`).toBe(403);
        expect(plain.body).toMatchObject({ name: 'Forbidden', code: 403, message: 'Administrators only' });
      }
      const byEditor = await send('DELETE', `admin/devices/${c.history._id}`, editor);
      expect(byEditor.status).toBe(403);
      expect(byEditor.body.data.code).toBe('editorsCannot');
    });

    test('admin/users: every account newest first, paged with a total, searched; never a password', async () => {
      const all = await find('admin/users', admin, { $limit: 100 });
      expect(all.status).toBe(200);
      const ids = all.body.data.map((u: { _id: string }) => u._id);
      expect(all.body).toMatchObject({ total: ids.length, limit: 100, skip: 0 });
      expect(ids.slice(0, 2)).toEqual([editor.user._id, admin.user._id]);
      const page = await find('admin/users', editor, { $limit: 2, $skip: 1 });
      expect(page.body).toMatchObject({ total: ids.length, limit: 2, skip: 1 });
      expect(page.body.data.map((u: { _id: string }) => u._id)).toEqual(ids.slice(1, 3));
      expect(JSON.stringify(all.body)).not.toMatch(/password|verifyCode/);
      expect(all.body.data[1]).toEqual({
        _id: admin.user._id,
        email: admin.email,
        verified: true,
        firstName: '',
        lastName: '',
        temperatureUnit: 'C',
        displaySetting: expect.any(Object),
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        isAdmin: true,
        adminType: 'admin',
        disabled: false,
      });

      const local = c.stranger.email.split('@')[0].toUpperCase();
      const search = {
        $or: [{ email: { $regex: local, $options: 'i' } }, { lastName: { $regex: local, $options: 'i' } }],
        $select: ['email'],
      };
      const found = await find('admin/users', admin, search);
      expect(found.body).toEqual({
        total: 1,
        limit: 10,
        skip: 0,
        data: [{ _id: c.stranger.user._id, email: c.stranger.email }],
      });
      const roles = await find('admin/users', admin, { isAdmin: true, $sort: { email: 1 } });
      expect(roles.body.data.map((u: { _id: string }) => u._id)).toEqual(
        [admin, editor].sort((a, b) => (a.email < b.email ? -1 : 1)).map((a) => a.user._id),
      );
      for (const [query, message] of [
        [{ $sort: { password: 1 } }, 'Unknown field password'],
        [{ email: { $regex: 'a.b' } }, "email.$regex 'a.b' is not supported"],
        [{ $limit: 101 }, '$limit must be a whole number 0..100'],
        [{ verified: 'maybe' }, 'verified must be true or false'],
      ] as const) {
        const bad = await find('admin/users', admin, query);
        expect(bad.status, JSON.stringify(query)).toBe(400);
        expect(bad.body.message).toContain(message);
      }
    });

    test('admin/users pages by $cursor: every account once, in order; a cursor of another order is a 400', async () => {
      const all = await find('admin/users', admin, { $limit: 100 });
      const ids = all.body.data.map((u: { _id: string }) => u._id);
      const walked: string[] = [];
      let cursor: string | undefined;
      let firstCursor: string | undefined;
      do {
        const page = await find('admin/users', admin, { $limit: 2, ...(cursor ? { $cursor: cursor } : {}) });
        expect(page.status).toBe(200);
        expect(page.body.total).toBe(ids.length);
        walked.push(...page.body.data.map((u: { _id: string }) => u._id));
        cursor = page.body.cursor;
        firstCursor ??= cursor;
      } while (cursor);
      expect(walked).toEqual(ids);
      for (const [query, message] of [
        [{ $cursor: firstCursor, $sort: { email: 1 } }, 'The $cursor was made for another $sort'],
        [{ $cursor: 'not-a-cursor' }, 'Invalid $cursor'],
      ] as const) {
        const bad = await find('admin/users', admin, query);
        expect(bad.status, JSON.stringify(query)).toBe(400);
        expect(bad.body.message).toBe(message);
      }
    });

    test('an admin edits an account: names, verified, e-mail, role, disabled; editors give no roles', async () => {
      const victim = await c.b.signUpAndLogIn();
      const path = `admin/users/${victim.user._id}`;
      const edited = await send('PATCH', path, editor, { lastName: 'Edited', verified: true });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({
        _id: victim.user._id,
        lastName: 'Edited',
        verified: true,
        disabled: false,
      });
      expect(edited.body).not.toHaveProperty('password');
      const byEditor = await send('PATCH', path, editor, { adminType: 'editor' });
      expect(byEditor.status).toBe(403);
      expect(byEditor.body.data.code).toBe('editorsCannot');
      const own = await send('PATCH', `admin/users/${admin.user._id}`, admin, { adminType: null });
      expect(own.status).toBe(403);
      expect(own.body.message).toBe('You cannot change your own role');
      const bad: [unknown, number, Record<string, unknown>][] = [
        [{ adminType: 'owner' }, 400, { message: "adminType must be 'admin', 'editor' or null" }],
        [{ password: 'secret secret' }, 400, { message: 'password cannot be changed here' }],
        [{ email: 'not an address' }, 400, { data: { code: 'emailFormat', field: 'email' } }],
        [{ email: c.stranger.email }, 409, { data: { code: 'emailRegistered', field: 'email' } }],
        [{ verified: 'yes' }, 400, { data: { field: 'verified' } }],
      ];
      for (const [body, status, answer] of bad) {
        const res = await send('PATCH', path, admin, body);
        expect(res.status, JSON.stringify(body)).toBe(status);
        expect(res.body).toMatchObject(answer);
      }
      const role = await send('PATCH', path, admin, { adminType: 'editor' });
      expect(role.body).toMatchObject({ isAdmin: true, adminType: 'editor' });
      const back = await send('PATCH', path, admin, { adminType: null });
      expect(back.body).not.toHaveProperty('isAdmin');
      expect(back.body).not.toHaveProperty('adminType');

      const off = await send('PATCH', path, admin, { disabled: true });
      expect(off.body.disabled).toBe(true);
      expect((await c.get('/weatherDevices', victim)).status).toBe(401);
      const login = { strategy: 'local', email: victim.email, password: 'correct horse battery' };
      const refused = await send('POST', 'authentication', undefined, login);
      expect(refused.status).toBe(401);
      expect(refused.body.data.code).toBe('accountDisabled');
      await send('PATCH', path, admin, { disabled: false });
      expect((await send('POST', 'authentication', undefined, login)).status).toBe(201);
      const gone = await c.get(`/admin/users/${NOBODY}`, admin);
      expect(gone.status).toBe(404);
      expect(gone.body.data.code).toBe('userNotFound');
    });

    test('an admin adds an account (verified, can sign in); editors cannot delete it, admins can', async () => {
      const email = `added-${Date.now()}@example.com`;
      const added = await send('POST', 'admin/users', editor, {
        email,
        password: 'long enough pw',
        firstName: 'A',
      });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ _id: id, email, firstName: 'A', verified: true, disabled: false });
      const login = { strategy: 'local', email, password: 'long enough pw' };
      expect((await send('POST', 'authentication', undefined, login)).status).toBe(201);
      const twice = await send('POST', 'admin/users', admin, { email, password: 'long enough pw' });
      expect(twice.status).toBe(409);
      expect(twice.body.data.code).toBe('emailRegistered');
      const weak = await send('POST', 'admin/users', admin, { email: `w${email}`, password: 'x' });
      expect(weak.status).toBe(400);
      expect(weak.body.data.field).toBe('password');
      const path = `admin/users/${added.body._id}`;
      expect((await send('DELETE', path, editor)).body.data.code).toBe('editorsCannot');
      expect((await send('DELETE', `admin/users/${admin.user._id}`, admin)).status).toBe(403);
      expect((await send('DELETE', path, admin)).status).toBe(200);
      expect((await c.get(`/${path}`, admin)).status).toBe(404);
    });

    test('admin/devices: the owner populated, no station key; share mode and owner changed; removed', async () => {
      const page = await find('admin/devices', editor, {
        wsid: c.history.wsid,
        $populate: 'user',
        $select: ['wsid', 'name', 'user', 'shareMode', 'lastUpload', 'consoletype'],
      });
      expect(page.status).toBe(200);
      expect(page.body).toEqual({
        total: 1,
        limit: 10,
        skip: 0,
        data: [
          {
            _id: c.history._id,
            wsid: c.history.wsid,
            name: 'History',
            user: { _id: c.owner.user._id, email: c.owner.email, firstName: '', lastName: '' },
            shareMode: 'private',
            lastUpload: T0 + 11 * 600,
            consoletype: 0,
          },
        ],
      });
      const byName = await find('admin/devices', admin, { $sort: { name: 1 }, $limit: 100, $select: 'name' });
      const names = byName.body.data.map((d: { name: string }) => d.name);
      expect(names).toEqual([...names].sort());
      expect(byName.body.total).toBe(names.length);
      const whole = await c.get(`/admin/devices/${c.history._id}`, admin);
      expect(whole.body).not.toHaveProperty('stationKey');
      expect(whole.body).not.toHaveProperty('mac');

      const s = await c.b.createStation(c.stranger.token, { name: 'Moved' });
      const path = `admin/devices/${s._id}`;
      const moved = await send('PATCH', path, editor, { shareMode: 'public', user: c.owner.user._id });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ _id: s._id, shareMode: 'public', user: c.owner.user._id });
      expect((await c.get(`/weatherDevices/${s._id}`, c.owner)).body.user).toBe(c.owner.user._id);
      for (const [body, message] of [
        [{ shareMode: 'everyone' }, 'shareMode must be private, public or unlist'],
        [{ stationKey: 'x' }, 'stationKey cannot be changed here'],
        [{ user: NOBODY }, 'No account has this id'],
      ] as const) {
        const bad = await send('PATCH', path, admin, body);
        expect(bad.status, JSON.stringify(body)).toBe(400);
        expect(bad.body.message).toBe(message);
      }
      expect((await send('DELETE', path, admin)).status).toBe(200);
      const gone = await c.get(`/${path}`, admin);
      expect(gone.status).toBe(404);
      expect(gone.body.data.code).toBe('deviceNotFound');
    });

    test('orders: admins list everyone’s with the buyer populated and move them as canMove allows', async () => {
      const mac = 'AA:BB:CC:EE:15:01';
      const station = await c.b.createStation(c.stranger.token, { name: 'Paid', consoletype: 7, mac });
      await c.b.upload(station, { tempc0: 20 });
      const plans = (await c.get('/subscriptionPlans?$paginate=false')).body as {
        _id: string;
        name: string;
      }[];
      const monthly = plans.find((p) => p.name === 'Premium monthly')!._id;
      const made = await send('POST', 'orders', c.stranger, {
        subscriptionPlan: monthly,
        devices: [station._id],
      });
      expect(made.status).toBe(201);
      const order = made.body._id as string;
      const listed = await find('orders', editor, { user: c.stranger.user._id, $populate: 'user' });
      expect(listed.body).toMatchObject({ total: 1, limit: 10, skip: 0 });
      expect(listed.body.data[0]).toMatchObject({
        _id: order,
        status: 'pending',
        user: { _id: c.stranger.user._id, email: c.stranger.email },
      });
      const every = await find('orders', admin, { $limit: 0 });
      expect(every.body.total).toBeGreaterThan(1);
      expect(every.body.data).toEqual([]);

      const path = `orders/${order}`;
      const unknown = await send('PATCH', path, admin, { status: 'shipped' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe(`status must be one of ${ORDER_STATUSES.join(', ')}`);
      const refused = await send('PATCH', path, admin, { status: 'refunded' });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        message: 'This order cannot change to that status',
        data: { code: 'orderStatusChange', from: 'pending', to: 'refunded' },
      });
      const cancelled = await send('PATCH', path, editor, { status: 'cancelled' });
      expect(cancelled.body).toMatchObject({ status: 'cancelled', paidAt: null });
      const done = await send('PATCH', path, admin, { status: 'done' });
      expect(done.body).toMatchObject({
        status: 'done',
        paidAt: expect.any(Number),
        paymentRef: `manual_${order}`,
      });
      const back = await send('PATCH', path, admin, { status: 'pending' });
      expect(back.body.data).toMatchObject({ code: 'orderStatusChange', from: 'done', to: 'pending' });
      const unlocked = await c.get(`/weatherDevices/lastData?device=${station._id}`, c.stranger);
      expect(unlocked.status).toBe(200);
      expect((await send('DELETE', path, editor)).body.data.code).toBe('editorsCannot');
      expect((await send('DELETE', path, admin)).body.data.code).toBe('orderPaidKept');
    });

    test('plans: admins see drafts, create, patch (features item by item) and remove them', async () => {
      const made = await send('POST', 'subscriptionPlans', editor, {
        name: 'Contract plan',
        months: 1,
        features: ['Live data', 'Graphs'],
      });
      expect(made.status).toBe(201);
      expect(made.body).toEqual({
        _id: id,
        name: 'Contract plan',
        description: '',
        price: 0,
        currency: 'USD',
        months: 1,
        maxDevices: 1,
        storeDays: 30,
        deviceTypes: [],
        features: [
          { _id: id, text: 'Live data' },
          { _id: id, text: 'Graphs' },
        ],
        status: 'draft',
        order: 0,
        createdAt: expect.any(Number),
        updatedAt: expect.any(Number),
      });
      const plan = made.body._id as string;
      const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((p) => p.name);
      expect(names(await find('subscriptionPlans', c.owner))).not.toContain('Contract plan');
      const drafts = await find('subscriptionPlans', admin, { status: 'draft' });
      expect(names(drafts)).toEqual(['Contract plan']);
      expect((await c.get(`/subscriptionPlans/${plan}`, c.owner)).status).toBe(404);

      const [live, graphs] = made.body.features;
      const patched = await send('PATCH', `subscriptionPlans/${plan}`, editor, {
        price: 499,
        status: 'published',
        $pull: { features: { $in: [{ _id: live._id }] } },
        $set: { [`features.${graphs._id}.text`]: 'All graphs' },
        $push: { features: { $each: [{ text: 'Export' }] } },
      });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ price: 499, status: 'published' });
      expect(patched.body.features).toEqual([
        { _id: graphs._id, text: 'All graphs' },
        { _id: id, text: 'Export' },
      ]);
      const byPrice = await find('subscriptionPlans', c.owner, { $sort: { price: -1 }, $skip: 1, $limit: 3 });
      expect(byPrice.body).toMatchObject({ total: 5, skip: 1, limit: 3 });
      expect(names(byPrice)).toEqual(['Premium yearly', 'Contract plan', 'Premium monthly']);
      for (const [body, message] of [
        [{ price: -1 }, 'price must be a whole number of cents, 0 or more'],
        [{ currency: 'dollars' }, 'currency must be a 3-letter code such as USD'],
        [{ status: 'gone' }, 'status must be draft or published'],
        [{ secret: 1 }, 'secret cannot be set'],
        [{ $pop: { features: 1 } }, 'Unknown patch operator $pop'],
      ] as const) {
        const bad = await send('PATCH', `subscriptionPlans/${plan}`, admin, body);
        expect(bad.status, JSON.stringify(body)).toBe(400);
        expect(bad.body.message).toBe(message);
      }
      const noName = await send('POST', 'subscriptionPlans', admin, { months: 1 });
      expect(noName.body).toMatchObject({ code: 400, message: 'name is required', data: { field: 'name' } });
      expect((await send('DELETE', `subscriptionPlans/${plan}`, editor)).status).toBe(403);
      expect((await send('DELETE', `subscriptionPlans/${plan}`, admin)).status).toBe(200);
      expect((await c.get(`/subscriptionPlans/${plan}`, admin)).status).toBe(404);
    });

    test('ingest health: its shape, with the stations silent for over 30 minutes, to admins and editors', async () => {
      const res = await find('admin/ingestHealth', editor);
      expect(res.status).toBe(200);
      const view = res.body;
      // Every protocol descriptor, in the registry's order, each with its label.
      expect(view.protocols).toEqual(PROTOCOL_NAMES);
      expect(Object.keys(view.labels)).toEqual(PROTOCOL_NAMES);
      expect(view.labels.wslink).toBe('WSLink');
      expect(view.now).toBeGreaterThan(Date.now() - 60_000);
      expect(view.minutes).toHaveLength(60);
      expect(view.minutes.at(-1).minute).toBe(Math.floor(view.now / 60_000));
      view.minutes.forEach((m: { minute: number; counts: object }, i: number) => {
        expect(m.minute).toBe(view.minutes[0].minute + i);
        expect(Object.keys(m.counts)).toEqual(view.protocols);
      });
      expect(view.minutes[0].counts.wslink).toEqual({ ok: expect.any(Number), rejected: expect.any(Number) });
      expect(view.silent).toContainEqual({
        _id: silent._id,
        wsid: silent.wsid,
        name: 'Quiet',
        lastUpload: T0,
        owner: c.stranger.email,
      });
      expect(view.silentTotal).toBe(view.silent.length);
      expect(Array.isArray(view.rejections)).toBe(true);
    });
  });
}
