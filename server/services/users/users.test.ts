import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, lastCode, newUser, startServer, type TestServer } from '../../testing/server';

let t: TestServer;
beforeAll(async () => {
  t = await startServer({ loginFailuresPerAccount: 3 });
});
afterAll(() => t.close());

describe('sign-up', () => {
  const signup = (body: Record<string, unknown>) => call(t.url, 'POST', '/users', { body });

  test('rejects a malformed e-mail, a short password and unaccepted terms with the spec messages', async () => {
    expect((await signup({ email: 'nope', password: 'longenough', termsAccepted: true })).body.message).toBe(
      'Email format is wrong',
    );
    const short = await signup({ email: 'a@example.com', password: 'short', termsAccepted: true });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('At least 8 alphas');
    expect((await signup({ email: 'a@example.com', password: 'longenough' })).body.message).toBe(
      'Please read and agree the Terms and Conditions.',
    );
    expect(
      (await signup({ email: 'a@example.com', password: 'longenough', termsAccepted: true, isAdmin: true }))
        .status,
    ).toBe(201);
  });

  test('creates an unverified user, never returns the password; a second sign-up for the address answers the same, makes no account and tells the owner by mail', async () => {
    const res = await signup({ email: 'Mixed@Example.com', password: 'longenough', termsAccepted: true });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: 'mixed@example.com', verified: false });
    expect(JSON.stringify(res.body)).not.toMatch(/password|verifyCode/);
    const code = lastCode(t, 'mixed@example.com');
    const again = await signup({
      email: 'mixed@example.com',
      password: 'otherpassword',
      termsAccepted: true,
    });
    expect(again.status).toBe(201);
    expect(Object.keys(again.body).sort()).toEqual(Object.keys(res.body).sort());
    expect(again.body).toMatchObject({ email: 'mixed@example.com', verified: false });
    expect(again.body._id).not.toBe(res.body._id);
    const knex = t.server.app.ctx.storage.knex;
    expect((await knex('users').where({ email: 'mixed@example.com' }).select('_id')).length).toBe(1);
    const mails = t.server.app.ctx.mailer.sent.filter((m) => m.to === 'mixed@example.com');
    expect(mails.at(-1)?.subject).toBe('Someone tried to sign up with your address');
    // The first code still verifies; the second password was not stored.
    expect(
      (await call(t.url, 'POST', '/users/verify', { body: { email: 'mixed@example.com', code } })).status,
    ).toBe(201);
    const login = (password: string) =>
      call(t.url, 'POST', '/authentication', {
        body: { strategy: 'local', email: 'mixed@example.com', password },
      });
    expect((await login('otherpassword')).status).toBe(401);
    expect((await login('longenough')).status).toBe(201);
  });

  test('verifies with the mailed code only', async () => {
    const email = 'verify-me@example.com';
    await signup({ email, password: 'longenough', termsAccepted: true });
    const wrong = await call(t.url, 'POST', '/users/verify', { body: { email, code: '000000x' } });
    expect(wrong.status).toBe(400);
    const ok = await call(t.url, 'POST', '/users/verify', { body: { email, code: lastCode(t, email) } });
    expect(ok.body).toEqual({ verified: true });
    const login = await call(t.url, 'POST', '/authentication', {
      body: { strategy: 'local', email, password: 'longenough' },
    });
    expect(login.body.user.verified).toBe(true);
  });

  test('a verified address, an unknown one and a wrong code get the same answer; only the right code tells (issue #20)', async () => {
    const email = 'verified-once@example.com';
    await signup({ email, password: 'longenough', termsAccepted: true });
    const code = lastCode(t, email);
    expect((await call(t.url, 'POST', '/users/verify', { body: { email, code } })).body).toEqual({
      verified: true,
    });
    const answers = [];
    for (const body of [
      { email, code: '123456' },
      { email: 'nobody-here@example.com', code: '123456' },
    ]) {
      const res = await call(t.url, 'POST', '/users/verify', { body });
      answers.push([res.status, res.body.message, res.body.data]);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0][0]).toBe(400);
    // The right code again (a second click on the link) still answers.
    expect((await call(t.url, 'POST', '/users/verify', { body: { email, code } })).body).toEqual({
      verified: true,
    });
  });
});

describe('login and profile', () => {
  test('a wrong password is 401; repeated failures slow the account down but never lock the owner out', async () => {
    const u = await newUser(t, 'throttle');
    const bad = () =>
      call(t.url, 'POST', '/authentication', {
        body: { strategy: 'local', email: u.email, password: 'wrong-password' },
      });
    expect((await bad()).status).toBe(401);
    await bad();
    await bad();
    // Past the limit (3 here) every attempt waits first; the right password still signs in.
    const started = Date.now();
    const right = await call(t.url, 'POST', '/authentication', {
      body: { strategy: 'local', email: u.email, password: u.password },
    });
    expect(right.status).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
  });

  test('a user reads and edits only their own record', async () => {
    const a = await newUser(t, 'alice');
    const b = await newUser(t, 'bob');
    expect((await call(t.url, 'GET', `/users/${a.user._id}`, { token: a.token })).body.email).toBe(a.email);
    expect((await call(t.url, 'GET', `/users/${a.user._id}`, { token: b.token })).status).toBe(404);
    expect((await call(t.url, 'GET', `/users/${a.user._id}`)).status).toBe(401);
    const patched = await call(t.url, 'PATCH', `/users/${a.user._id}`, {
      token: a.token,
      body: { firstName: 'Alice', temperatureUnit: 'F' },
    });
    expect(patched.body).toMatchObject({ firstName: 'Alice', temperatureUnit: 'F' });
    expect(
      (await call(t.url, 'PATCH', `/users/${a.user._id}`, { token: b.token, body: { firstName: 'Mallory' } }))
        .status,
    ).toBe(403);
    expect(
      (await call(t.url, 'PATCH', `/users/${a.user._id}`, { token: a.token, body: { verified: false } }))
        .status,
    ).toBe(400);
    expect(
      (await call(t.url, 'PATCH', `/users/${a.user._id}`, { token: a.token, body: '{bad json' })).status,
    ).toBe(400);
  });
});
