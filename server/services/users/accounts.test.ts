// Password reset, password change, unit preferences, the Account page and account deletion.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  call,
  lastCode,
  newStation,
  newUser,
  startServer,
  type TestServer,
  wslink,
} from '../../testing/server';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

const login = (email: string, password: string) =>
  call(t.url, 'POST', '/authentication', { body: { strategy: 'local', email, password } });
const reset = (body: unknown, server = t) => call(server.url, 'POST', '/users/reset', { body });
const knex = () => t.server.app.ctx.storage.knex;

describe('password reset by code', () => {
  test('answers the same for unknown addresses and mails a code only to known ones', async () => {
    const before = t.server.app.ctx.mailer.sent.length;
    const unknown = await reset({ email: 'nobody-here@example.com' });
    expect(unknown).toMatchObject({ status: 201, body: { sent: true } });
    expect(t.server.app.ctx.mailer.sent.length).toBe(before);
    const u = await newUser(t, 'resetter');
    const known = await reset({ email: u.email.toUpperCase() });
    expect(known.body).toEqual(unknown.body);
    const mail = t.server.app.ctx.mailer.sent.at(-1)!;
    expect(mail.to).toBe(u.email);
    expect(mail.subject).toMatch(/reset code: \d{6}$/);
  });

  test('rejects bad input with clear 400s', async () => {
    expect((await reset({})).body).toMatchObject({ code: 400, message: 'Required' });
    expect((await reset({ email: 'not-an-address' })).body.message).toBe('Email format is wrong');
    expect((await reset('{oops')).status).toBe(400);
    expect((await reset({ email: 'a@example.com', password: 'longenough' })).body.message).toBe('Required');
    expect((await reset({ email: 'a@example.com', code: '123456', password: 'short' })).body.message).toBe(
      'At least 8 alphas',
    );
    expect((await reset({ email: 'a@example.com', code: 123456 })).status).toBe(400);
  });

  test('checks the code, sets the new password once, and stores only a hash of the code', async () => {
    const u = await newUser(t, 'forgetful');
    await reset({ email: u.email });
    const code = lastCode(t, u.email);
    const stored = await knex()('users').where({ email: u.email }).first();
    expect(stored.resetCode).toBeTruthy();
    expect(stored.resetCode).not.toContain(code);

    const wrong = code === '000000' ? '111111' : '000000';
    expect((await reset({ email: u.email, code: wrong })).body).toMatchObject({
      code: 400,
      message: 'The reset code is wrong or has expired',
    });
    expect((await reset({ email: u.email, code })).body).toEqual({ valid: true });
    expect((await reset({ email: u.email, code, password: 'short' })).body.message).toBe('At least 8 alphas');
    expect((await reset({ email: u.email, code, password: 'brand new secret' })).body).toEqual({
      reset: true,
    });

    expect((await login(u.email, u.password)).status).toBe(401);
    expect((await login(u.email, 'brand new secret')).status).toBe(201);
    // A used code is gone.
    expect((await reset({ email: u.email, code, password: 'another secret' })).status).toBe(400);
  });

  test('a code expires after an hour and dies after 5 wrong guesses', async () => {
    const u = await newUser(t, 'expiring');
    await reset({ email: u.email });
    const code = lastCode(t, u.email);
    await knex()('users')
      .where({ email: u.email })
      .update({ resetExpires: Date.now() - 1 });
    expect((await reset({ email: u.email, code })).status).toBe(400);

    await reset({ email: u.email });
    const fresh = lastCode(t, u.email);
    const wrong = fresh === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await reset({ email: u.email, code: wrong })).status).toBe(400);
    expect((await reset({ email: u.email, code: fresh })).status).toBe(400);
  });

  test('a reset through the mailed code verifies an unverified address', async () => {
    const email = `unverified-${Date.now()}@example.com`;
    await call(t.url, 'POST', '/users', { body: { email, password: 'longenough', termsAccepted: true } });
    await reset({ email });
    const code = lastCode(t, email);
    await reset({ email, code, password: 'longenough2' });
    expect((await login(email, 'longenough2')).body.user.verified).toBe(true);
  });

  test('is limited per address and per IP (429)', async () => {
    const limited = await startServer({ resetAttemptsPerAccount: 3, resetAttemptsPerIp: 5 });
    try {
      for (let i = 0; i < 3; i++) expect((await reset({ email: 'a@example.com' }, limited)).status).toBe(201);
      const blocked = await reset({ email: 'a@example.com', code: '123456' }, limited);
      expect(blocked.status).toBe(429);
      expect((await reset({ email: 'b@example.com' }, limited)).status).toBe(201);
      expect((await reset({ email: 'c@example.com' }, limited)).status).toBe(201);
      expect((await reset({ email: 'd@example.com' }, limited)).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('change password', () => {
  const change = (token: string | undefined, body: unknown) =>
    call(t.url, 'POST', '/users/password', { token, body });

  test('needs the right old password and a valid new one, with the spec messages', async () => {
    const u = await newUser(t, 'changer');
    expect((await change(undefined, { oldPassword: u.password, password: 'whatever1' })).status).toBe(401);
    expect((await change(u.token, { password: 'new password' })).body).toMatchObject({
      code: 400,
      message: 'Please Enter Old Password',
    });
    expect(
      (await change(u.token, { oldPassword: 'not my password', password: 'new password' })).body,
    ).toMatchObject({ code: 400, message: 'Fail to Change Password' });
    expect((await change(u.token, { oldPassword: u.password, password: 'short' })).body.message).toBe(
      'At least 8 alphas',
    );
    expect(
      (await change(u.token, { oldPassword: u.password, password: 'new password', confirmPassword: 'other' }))
        .body.message,
    ).toBe('Password is different');
    expect((await change(u.token, [])).status).toBe(400);
    const ok = await change(u.token, { oldPassword: u.password, password: 'new password' });
    expect(ok).toMatchObject({ status: 201, body: { changed: true } });
    expect((await login(u.email, u.password)).status).toBe(401);
    expect((await login(u.email, 'new password')).status).toBe(201);
  });
});

describe('unit preferences in displaySetting', () => {
  const patch = (u: { token: string; user: { _id: string } }, body: unknown) =>
    call(t.url, 'PATCH', `/users/${u.user._id}`, { token: u.token, body });

  test('accepts the keys and values of the unit preferences and merges them', async () => {
    const u = await newUser(t, 'units');
    const first = await patch(u, { displaySetting: { windSpeed: 'knot', pressure: 'inHg', decimals: 2 } });
    expect(first.status).toBe(200);
    expect(first.body.displaySetting).toEqual({ windSpeed: 'knot', pressure: 'inHg', decimals: 2 });
    const second = await patch(u, { displaySetting: { temperature: 'F', time: '24h' } });
    expect(second.body.displaySetting).toEqual({
      windSpeed: 'knot',
      pressure: 'inHg',
      decimals: 2,
      temperature: 'F',
      time: '24h',
    });
    expect(second.body.temperatureUnit).toBe('F');
    const third = await patch(u, { temperatureUnit: 'C' });
    expect(third.body.displaySetting.temperature).toBe('C');
  });

  test('rejects unknown keys, unknown values and bad decimals', async () => {
    const u = await newUser(t, 'badunits');
    const unknownKey = await patch(u, { displaySetting: { colour: 'red' } });
    expect(unknownKey.status).toBe(400);
    expect(unknownKey.body.message).toBe('Unknown display setting: colour');
    const badValue = await patch(u, { displaySetting: { windSpeed: 'furlongs/fortnight' } });
    expect(badValue.status).toBe(400);
    expect(badValue.body.message).toBe('windSpeed must be one of: m/s, km/h, mph, knot');
    expect((await patch(u, { displaySetting: { decimals: 9 } })).status).toBe(400);
    expect((await patch(u, { displaySetting: { decimals: '1' } })).status).toBe(400);
    expect((await patch(u, { displaySetting: ['knot'] })).status).toBe(400);
    expect((await patch(u, { displaySetting: { temperature: 'K' } })).status).toBe(400);
  });
});

describe('account page', () => {
  test('users/me gives the profile, the free membership and the number of owned stations', async () => {
    const u = await newUser(t, 'acct');
    expect((await call(t.url, 'GET', '/users/me')).status).toBe(401);
    const empty = await call(t.url, 'GET', '/users/me', { token: u.token });
    expect(empty.body).toMatchObject({
      user: { _id: u.user._id, email: u.email },
      membership: 'free',
      devices: 0,
    });
    expect(empty.body.supportedDevices).toBeGreaterThan(0);
    expect(empty.body.dataLogStorePeriod).toBeGreaterThan(0);
    expect(JSON.stringify(empty.body)).not.toMatch(/password/);
    await newStation(t, u.token);
    await newStation(t, u.token, { name: 'Roof' });
    expect((await call(t.url, 'GET', '/users/me', { token: u.token })).body.devices).toBe(2);
  });

  test('the country (issue #12): an ISO code is kept and shown in users/me, a wrong one is a 400, null clears', async () => {
    const u = await newUser(t, 'country');
    const me = async () => (await call(t.url, 'GET', '/users/me', { token: u.token })).body;
    expect((await me()).user.country).toBeNull();
    expect((await me()).paymentMethod).toBeNull();
    const set = (country: unknown) =>
      call(t.url, 'PATCH', `/users/${u.user._id}`, { token: u.token, body: { country } });
    const ok = await set('CZ');
    expect(ok.status).toBe(200);
    expect(ok.body.country).toBe('CZ');
    expect((await me()).user.country).toBe('CZ');
    for (const bad of ['cz', 'XX', 'CZE', 42]) {
      const r = await set(bad);
      expect(r.status, String(bad)).toBe(400);
      expect(r.body.message).toMatch(/ISO 3166-1/);
    }
    expect((await me()).user.country).toBe('CZ');
    expect((await set(null)).body.country).toBeNull();
  });
});

describe('delete account', () => {
  const del = (token: string | undefined, body: unknown) =>
    call(t.url, 'POST', '/users/delete', { token, body });

  test('needs the password; removes own stations, settings and sessions; leaves shared stations intact', async () => {
    const leaving = await newUser(t, 'leaving');
    const friend = await newUser(t, 'friend');
    const own = await newStation(t, leaving.token, { name: 'Mine' });
    const theirs = await newStation(t, friend.token, { name: 'Friend station' });
    await knex()('weatherDevices')
      .where({ _id: theirs._id })
      .update({ shareUsers: JSON.stringify([leaving.user._id]) });
    t.server.app.ctx.devices.forget();
    await wslink(t, own, { t1tem: 10 });
    await wslink(t, theirs, { t1tem: 20 });
    await t.server.app.ctx.samples.flush();
    const ds = await call(t.url, 'POST', '/deviceDisplaySettings', {
      token: leaving.token,
      body: { weatherDevice: theirs._id, metricsList: ['tempc0'] },
    });
    expect(ds.status).toBe(201);
    if (await knex().schema.hasTable('sessions'))
      await knex()('sessions').insert({
        _id: 'sess-of-leaving-user',
        associateUser: leaving.user._id,
        createdAt: Date.now(),
        updatedAt: Date.now(),
      });

    // Samples are keyed by the station's seq (storage migration 009).
    const seqOf = async (id: string) => (await knex()('weatherDevices').where({ _id: id }).first('seq')).seq;
    const [ownSeq, theirSeq] = [await seqOf(own._id), await seqOf(theirs._id)];
    expect(await knex()('samples').where({ device: ownSeq }).first()).toBeTruthy();
    expect((await del(undefined, { password: leaving.password })).status).toBe(401);
    expect((await del(leaving.token, {})).body).toMatchObject({ code: 400, message: 'Required' });
    expect((await del(leaving.token, { password: 'not the password' })).body).toMatchObject({
      code: 400,
      message: 'The password is wrong',
    });
    expect((await call(t.url, 'DELETE', `/users/${leaving.user._id}`, { token: leaving.token })).status).toBe(
      405,
    );

    expect((await del(leaving.token, { password: leaving.password })).body).toEqual({ deleted: true });

    expect(await knex()('users').where({ _id: leaving.user._id }).first()).toBeUndefined();
    expect(await knex()('weatherDevices').where({ _id: own._id }).first()).toBeUndefined();
    expect(await knex()('samples').where({ device: ownSeq }).first()).toBeUndefined();
    expect(await knex()('deviceDisplaySettings').where({ user: leaving.user._id }).first()).toBeUndefined();
    if (await knex().schema.hasTable('sessions'))
      expect(await knex()('sessions').where({ _id: 'sess-of-leaving-user' }).first()).toBeUndefined();
    const kept = await knex()('weatherDevices').where({ _id: theirs._id }).first();
    expect(JSON.parse(kept.shareUsers)).toEqual([]);
    expect(await knex()('samples').where({ device: theirSeq }).first()).toBeTruthy();

    // The old token no longer works, and the address can sign up again.
    expect((await call(t.url, 'GET', '/users/me', { token: leaving.token })).status).toBe(401);
    expect((await login(leaving.email, leaving.password)).status).toBe(401);
    const again = await call(t.url, 'POST', '/users', {
      body: { email: leaving.email, password: 'longenough', termsAccepted: true },
    });
    expect(again.status).toBe(201);
  });
});
