// users find on the generic list layer: admins page through every account (cursor, filters, autocomplete);
// everyone else gets "related names" (themself and the people on their devices) and nothing about anyone else,
// not even whether an id exists; a find without parameters stays the bare [me]; the local login's internal e-mail
// lookup is untouched.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { User } from '../../../src/domain/contract';
import { quickUser } from '../../alerts/test-users';
import { call, newStation, startServer, type TestServer, toQuery } from '../../testing/server';
import { shareStation } from '../../testing/share';
import { socketClient } from '../../testing/socket';

type Account = Awaited<ReturnType<typeof quickUser>>;
let t: TestServer;
let admin: Account;
let owner: Account;
let friend: Account;
let cofriend: Account;
let stranger: Account;
const pagers: Account[] = [];
/** An id no account has. */
const NOBODY = 'f'.repeat(24);
const PUBLIC_KEYS = [
  '_id',
  'email',
  'verified',
  'firstName',
  'lastName',
  'temperatureUnit',
  'displaySetting',
  'createdAt',
];

beforeAll(async () => {
  t = await startServer();
  const knex = t.server.app.ctx.storage.knex;
  [admin, owner, friend, cofriend, stranger] = await Promise.all(
    ['uladmin', 'ulowner', 'ulfriend', 'ulcofriend', 'ulstranger'].map((n) => quickUser(t, n)),
  );
  const names: [Account, string, string][] = [
    [admin, 'Ada', 'Admin'],
    [owner, 'Ann', 'Owner'],
    [friend, 'Annabel', 'Friend'],
    [cofriend, 'Corey', 'Cofriend'],
    [stranger, 'Anna', 'Stranger'],
  ];
  for (const [a, first, last] of names)
    await knex('users').where({ _id: a.user._id }).update({ firstName: first, lastName: last });
  await knex('users').where({ _id: admin.user._id }).update({ isAdmin: true });
  for (let i = 0; i < 7; i++) pagers.push(await quickUser(t, `ulpage${i}`));
  // The owner invites the friend and the co-friend by their e-mail addresses; both accept.
  const station = await newStation(t, owner.token);
  for (const who of [friend, cofriend]) await shareStation(t, owner, station._id, who);
  // The stranger has a station of their own, shared with nobody.
  await newStation(t, stranger.token);
}, 60_000);
afterAll(() => t.close());

const find = (token: string | undefined, query: Record<string, unknown> = {}) => {
  const q = toQuery(query);
  return call(t.url, 'GET', `/users${q ? `?${q}` : ''}`, { token });
};
const idsOf = (body: { data: { _id: string }[] }) => body.data.map((u) => u._id).sort();
const sorted = (...ids: string[]) => [...ids].sort();
const search = (text: string, options = 'i') => ({
  $or: [
    { email: { $regex: text, $options: options } },
    { firstName: { $regex: text, $options: options } },
    { lastName: { $regex: text, $options: options } },
  ],
  $limit: 100,
});

describe('users find: who am I', () => {
  test('anonymous callers get 401, with or without list parameters', async () => {
    expect((await find(undefined)).status).toBe(401);
    expect((await find(undefined, { _id: { $in: [owner.user._id] }, $limit: 100 })).status).toBe(401);
  });

  test('without any parameter every caller, admins too, gets [themself] as a bare list', async () => {
    for (const who of [owner, stranger, admin]) {
      const res = await find(who.token);
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(1);
      expect(res.body[0]).toMatchObject({ _id: who.user._id, email: who.email, verified: true });
    }
  });
});

describe('users find: admins', () => {
  test('pages through accounts with $cursor: three pages, every account once, in order, public shape only', async () => {
    const query = { email: { $regex: '^ulpage' }, $sort: { email: 1 }, $limit: 3 };
    const seen: User[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await find(admin.token, cursor ? { ...query, $cursor: cursor } : query);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ total: 7, limit: 3, skip: 0 });
      seen.push(...res.body.data);
      cursor = res.body.cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen.map((u) => u.email)).toEqual(pagers.map((p) => p.email).sort());
    for (const u of seen) {
      expect(Object.keys(u).sort()).toEqual([...PUBLIC_KEYS].sort());
      expect(u.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    }
    expect(JSON.stringify(seen)).not.toMatch(/password|verifyCode|resetCode|googleId|facebookId|\$2[aby]\$/);
    // The same walk with $skip gives the same accounts.
    const skipped = await find(admin.token, { ...query, $skip: 3 });
    expect(skipped.body.data.map((u: User) => u.email)).toEqual(seen.slice(3, 6).map((u) => u.email));
  });

  test('lists every account, newest first by default; filters on _id, email, names, verified, isAdmin, createdAt', async () => {
    const all = await find(admin.token, { $limit: 100 });
    expect(all.body.total).toBe(12);
    const created = all.body.data.map((u: User) => Date.parse(u.createdAt!));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const one = await find(admin.token, { _id: { $in: [stranger.user._id, NOBODY] } });
    expect(one.body.data).toEqual([
      {
        _id: stranger.user._id,
        email: stranger.email,
        verified: true,
        firstName: 'Anna',
        lastName: 'Stranger',
        temperatureUnit: 'C',
        displaySetting: {},
        createdAt: expect.any(String),
      },
    ]);
    // E-mail addresses are stored lower-case: a filter written in capitals still finds the account.
    expect(idsOf((await find(admin.token, { email: owner.email.toUpperCase() })).body)).toEqual([
      owner.user._id,
    ]);
    expect(idsOf((await find(admin.token, { firstName: 'Corey', lastName: 'Cofriend' })).body)).toEqual([
      cofriend.user._id,
    ]);
    const admins = await find(admin.token, { isAdmin: true });
    expect(admins.body.data).toEqual([expect.objectContaining({ _id: admin.user._id, isAdmin: true })]);
    // An account that never verified its address.
    const signup = await call(t.url, 'POST', '/users', {
      body: { email: 'ul-unverified@example.com', password: 'longenough', termsAccepted: true },
    });
    expect(signup.status).toBe(201);
    expect(idsOf((await find(admin.token, { verified: false })).body)).toEqual([signup.body._id]);
    // createdAt as it is answered (ISO) or in Unix milliseconds.
    const since = await find(admin.token, { createdAt: { $gte: signup.body.createdAt } });
    expect(idsOf(since.body)).toEqual([signup.body._id]);
    const ms = await find(admin.token, { createdAt: { $gte: Date.parse(signup.body.createdAt) } });
    expect(idsOf(ms.body)).toEqual([signup.body._id]);
    // $select keeps _id and the fields asked for; $paginate=false answers the bare list.
    const picked = await find(admin.token, {
      _id: { $in: [admin.user._id] },
      $select: ['email', 'isAdmin'],
      $paginate: false,
    });
    expect(picked.body).toEqual([{ _id: admin.user._id, email: admin.email, isAdmin: true }]);
    await t.server.app.ctx.storage.knex('users').where({ _id: signup.body._id }).delete();
  });

  test('autocomplete: $or of case-insensitive $regex over e-mail and names, combined with $and', async () => {
    const res = await find(admin.token, search('ANN'));
    expect(idsOf(res.body)).toEqual(sorted(owner.user._id, friend.user._id, stranger.user._id));
    // Without $options 'i' the case counts (on SQLite and PostgreSQL alike).
    expect(idsOf((await find(admin.token, search('ann', ''))).body)).toEqual([]);
    expect(idsOf((await find(admin.token, search('Ann', ''))).body)).toEqual(
      sorted(owner.user._id, friend.user._id, stranger.user._id),
    );
    // Selected values stay out of the suggestions ($and with $nin), anchored at the start.
    const narrowed = await find(admin.token, {
      $and: [{ firstName: { $regex: '^ann', $options: 'i' } }, { _id: { $nin: [owner.user._id] } }],
      $limit: 5,
    });
    expect(idsOf(narrowed.body)).toEqual(sorted(friend.user._id, stranger.user._id));
  });
});

describe('users find: related names for everyone else', () => {
  test('GET ?_id[$in]=…&$limit=100 answers only the related users; others as {_id, email, firstName, lastName}', async () => {
    const asked = [
      owner.user._id,
      cofriend.user._id,
      stranger.user._id,
      friend.user._id,
      NOBODY,
      admin.user._id,
    ];
    const res = await find(friend.token, { _id: { $in: asked }, $limit: 100 });
    expect(res.status).toBe(200);
    // A shared user knows the owner, not the other people the station is shared with (cofriend).
    expect(res.body).toMatchObject({ total: 2, limit: 100, skip: 0 });
    const byId = Object.fromEntries(res.body.data.map((u: User) => [u._id, u]));
    expect(Object.keys(byId).sort()).toEqual(sorted(owner.user._id, friend.user._id));
    expect(byId[owner.user._id]).toEqual({
      _id: owner.user._id,
      email: owner.email,
      firstName: 'Ann',
      lastName: 'Owner',
    });
    // The caller's own record comes in full.
    expect(byId[friend.user._id]).toMatchObject({
      email: friend.email,
      verified: true,
      temperatureUnit: 'C',
    });
    // The owner sees the people they shared with, as {_id, email, firstName, lastName}.
    const mine = await find(owner.token, { _id: { $in: asked }, $limit: 100, $paginate: false });
    expect(mine.body.map((u: User) => u._id).sort()).toEqual(
      sorted(owner.user._id, friend.user._id, cofriend.user._id),
    );
    expect(mine.body.find((u: User) => u._id === cofriend.user._id)).toEqual({
      _id: cofriend.user._id,
      email: cofriend.email,
      firstName: 'Corey',
      lastName: 'Cofriend',
    });
  });

  test('a stranger learns nothing: an unrelated account answers exactly like an id nobody has', async () => {
    const real = await find(stranger.token, { _id: { $in: [owner.user._id] }, $limit: 100 });
    const none = await find(stranger.token, { _id: { $in: [NOBODY] }, $limit: 100 });
    expect(real.status).toBe(200);
    expect(real.body).toEqual({ total: 0, limit: 100, skip: 0, data: [] });
    expect(real.body).toEqual(none.body);
    // Nor by e-mail, nor by a search: a stranger finds only themself.
    const byEmail = await find(stranger.token, { email: owner.email });
    expect(byEmail.body).toEqual((await find(stranger.token, { email: 'nobody@example.com' })).body);
    const searched = await find(stranger.token, search('ann'));
    expect(idsOf(searched.body)).toEqual([stranger.user._id]);
    const everyone = await find(stranger.token, { $limit: 100 });
    expect(idsOf(everyone.body)).toEqual([stranger.user._id]);
    expect(JSON.stringify([real.body, byEmail.body, searched.body, everyone.body])).not.toContain(
      owner.email,
    );
    // Only the name fields can be asked about, so nothing else is probed either (400, not an empty answer).
    for (const query of [
      { isAdmin: true },
      { verified: false },
      { createdAt: { $gt: 0 } },
      { $select: ['isAdmin'] },
      { $sort: { createdAt: 1 } },
    ]) {
      const res = await find(stranger.token, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
    }
  });

  test('autocomplete searches within related users only: the owner is found, other shared users and strangers are not', async () => {
    const res = await find(friend.token, search('ann'));
    // Ann Owner and the friend themself (Annabel); Anna Stranger is not related.
    expect(idsOf(res.body)).toEqual(sorted(owner.user._id, friend.user._id));
    expect((await find(friend.token, search('^cor'))).body.data).toEqual([]);
    // The owner finds whom they shared with.
    expect((await find(owner.token, search('^cor'))).body.data).toEqual([
      { _id: cofriend.user._id, email: cofriend.email, firstName: 'Corey', lastName: 'Cofriend' },
    ]);
    // $select picks among the name fields; the caller's own record then follows it too.
    const picked = await find(friend.token, {
      ...search('ann'),
      $select: 'firstName',
      $sort: { firstName: 1 },
    });
    expect(picked.body.data).toEqual([
      { _id: owner.user._id, firstName: 'Ann' },
      { _id: friend.user._id, firstName: 'Annabel' },
    ]);
  });

  test('the same over socket.io', async () => {
    const { client, close } = await socketClient(t.url, friend.token);
    try {
      const users = client.service('users');
      expect(await users.find({})).toEqual([expect.objectContaining({ _id: friend.user._id })]);
      const page = await users.find({
        query: { _id: { $in: [owner.user._id, stranger.user._id] }, $limit: 100 },
      });
      expect(page.data).toEqual([
        { _id: owner.user._id, email: owner.email, firstName: 'Ann', lastName: 'Owner' },
      ]);
      await expect(users.find({ query: { $limit: 101 } })).rejects.toMatchObject({ code: 400 });
    } finally {
      close();
    }
  });
});

describe('users find: validation and login', () => {
  test('bad limits, fields and operators are 400s with clear messages, never 500s', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ $limit: 101 }, /\$limit must be a whole number 0\.\.100/],
      [{ password: 'x' }, /Unknown field password/],
      [{ verifyCode: { $ne: 'x' } }, /Unknown field verifyCode/],
      [{ $select: ['password'] }, /Unknown field password in \$select/],
      [{ email: { $where: 'x' } }, /Unknown operator \$where on email/],
      [{ email: { $regex: '.*' } }, /not supported/],
      [{ _id: { $in: ['nope'] } }, /_id holds an invalid id/],
      [{ $sort: { email: 2 } }, /\$sort\[email\] must be 1 or -1/],
      [{ $cursor: 'not-a-cursor' }, /Invalid \$cursor/],
      [{ createdAt: { $gte: 'yesterday' } }, /createdAt must be a date/],
      [{ displaySetting: 'x' }, /displaySetting cannot be queried/],
    ];
    for (const [query, message] of cases) {
      const res = await find(admin.token, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.message, JSON.stringify(query)).toMatch(message);
      // Everyone else is refused the same way (fields outside the name fields as unknown ones).
      const other = await find(stranger.token, query);
      expect(other.status, JSON.stringify(query)).toBe(400);
      expect(other.body.message).toEqual(expect.any(String));
    }
    const ids = Array.from({ length: 101 }, (_, i) => i.toString(16).padStart(24, '0'));
    const many = await find(friend.token, { _id: { $in: ids }, $limit: 100 });
    expect(many.status).toBe(400);
    expect(many.body.message).toMatch(/at most 100 values/);
  });

  test('login still finds the account by e-mail (internal lookup with the hash), whatever the case typed', async () => {
    const login = await call(t.url, 'POST', '/authentication', {
      body: { strategy: 'local', email: owner.email.toUpperCase(), password: owner.password },
    });
    expect(login.status).toBe(201);
    expect(login.body.user).toMatchObject({ _id: owner.user._id, email: owner.email });
    expect(JSON.stringify(login.body)).not.toMatch(/password/);
    const internal = await t.server.app.service('users').find({ query: { email: owner.email, $limit: 1 } });
    expect(internal).toEqual([
      expect.objectContaining({
        _id: owner.user._id,
        password: expect.stringMatching(/^\$2/),
        isAdmin: false,
      }),
    ]);
    expect(await t.server.app.service('users').find({ query: {} })).toEqual([]);
  });
});
