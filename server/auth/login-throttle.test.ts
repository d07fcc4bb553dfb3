// Failed logins slow down, never lock the owner out (issue #10 item 4); login and reset answer known and unknown
// addresses alike, in answer and in time (item 6).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, newUser, startServer, type TestServer } from '../testing/server';
import { CAPTCHA_MISSING } from './captcha';
import { BASE_DELAY_MS, loginDelay, MAX_DELAY_MS, TOO_MANY_FROM_IP } from './login-throttle';

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const login = (t: TestServer, email: string, password: string, ip = '10.0.0.1', extra = {}) =>
  call(t.url, 'POST', '/authentication', {
    body: { strategy: 'local', email, password, ...extra },
    headers: from(ip),
  });

describe('failed logins', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer();
  });
  afterAll(() => t.close());

  test('ten wrong passwords do not lock the owner out: the right one still signs in, after a delay', async () => {
    const u = await newUser(t, 'victim');
    for (let i = 0; i < 10; i++) expect((await login(t, u.email, 'wrong password')).status).toBe(401);
    const started = Date.now();
    const right = await login(t, u.email, u.password);
    expect(right.status).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(BASE_DELAY_MS - 50);
  });

  test('the delay grows with the failures, up to a cap', () => {
    expect(loginDelay(9, 10)).toBe(0);
    expect(loginDelay(10, 10)).toBe(BASE_DELAY_MS);
    expect(loginDelay(11, 10)).toBe(2 * BASE_DELAY_MS);
    expect(loginDelay(12, 10)).toBe(4 * BASE_DELAY_MS);
    expect(loginDelay(1000, 10)).toBe(MAX_DELAY_MS);
  });
});

/** A verified account made by server code (sign-up from outside would need the captcha here). */
async function account(t: TestServer, name: string) {
  const email = `${name}-${Date.now()}@example.com`;
  const password = 'correct horse battery';
  await t.server.app.service('users').create({ email, password, termsAccepted: true });
  await t.server.app.ctx.storage.knex('users').where({ email }).update({ verified: true });
  return { email, password };
}

describe('with a captcha and clients told apart by a trusted proxy', () => {
  let t: TestServer;
  const tokens: string[] = [];
  beforeAll(async () => {
    t = await startServer({
      trustProxy: 1,
      loginFailuresPerAccount: 3,
      loginFailuresPerIp: 5,
      recaptchaSiteKey: 'site',
      recaptchaSecret: 'secret',
      captchaVerifier: async (token) => {
        tokens.push(token);
        return { success: token === 'human' };
      },
    });
  });
  afterAll(() => t.close());

  test('the attacking client must pass the captcha; the owner from another network signs in without one', async () => {
    const u = await account(t, 'target');
    for (let i = 0; i < 3; i++) expect((await login(t, u.email, 'guess', '10.6.6.6')).status).toBe(401);
    const noCaptcha = await login(t, u.email, 'guess', '10.6.6.6');
    expect(noCaptcha.status).toBe(400);
    expect(noCaptcha.body.message).toBe(CAPTCHA_MISSING);
    expect((await login(t, u.email, 'guess', '10.6.6.6', { captchaToken: 'bot' })).status).toBe(400);
    expect((await login(t, u.email, 'guess', '10.6.6.6', { captchaToken: 'human' })).status).toBe(401);
    const owner = await login(t, u.email, u.password, '192.0.2.10');
    expect(owner.status).toBe(201);
    expect(tokens).toEqual(['bot', 'human']);
  }, 20_000);

  test('a network that fails too often is refused; other networks are not', async () => {
    const u = await account(t, 'second');
    const other = await account(t, 'third');
    // 10.7.7.7 fails on two accounts (below each account's threshold) until its own limit.
    for (let i = 0; i < 5; i++)
      expect((await login(t, i % 2 ? u.email : other.email, 'guess', '10.7.7.7')).status).toBe(401);
    const refused = await login(t, u.email, u.password, '10.7.7.7');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(TOO_MANY_FROM_IP);
    expect((await login(t, u.email, u.password, '192.0.2.11')).status).toBe(201);
  });

  test('a failing network refuses only the addresses it failed on: an account that never failed there signs in (issue #20)', async () => {
    const ip = '10.8.8.8';
    const bystander = await account(t, 'bystander');
    const victims = [await account(t, 'nat-a'), await account(t, 'nat-b')];
    // Ten times the network's limit of failures from others behind the same address.
    for (let i = 0; i < 50; i++)
      expect((await login(t, victims[i % 2].email, 'guess', ip, { captchaToken: 'human' })).status).not.toBe(
        201,
      );
    expect((await login(t, victims[0].email, victims[0].password, ip)).status).toBe(429);
    const right = await login(t, bystander.email, bystander.password, ip);
    expect(right.status).toBe(201);
    // One wrong password of its own, and this address is refused for it too.
    const other = await account(t, 'bystander-2');
    expect((await login(t, other.email, 'guess', ip)).status).toBe(401);
    const refused = await login(t, other.email, other.password, ip);
    expect([refused.status, refused.body.message]).toEqual([429, TOO_MANY_FROM_IP]);
  }, 30_000);
});

describe('known and unknown addresses look the same', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer();
  });
  afterAll(() => t.close());

  const timed = async (fn: () => Promise<unknown>) => {
    const started = performance.now();
    await fn();
    return performance.now() - started;
  };
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

  test('login: the same answer, and an unknown address costs a password check too', async () => {
    const u = await newUser(t, 'known');
    const unknown = `nobody-${Date.now()}@example.com`;
    const known = await login(t, u.email, 'wrong password', '127.0.0.1');
    const missing = await login(t, unknown, 'wrong password', '127.0.0.1');
    expect(missing.status).toBe(known.status);
    expect(missing.body).toEqual(known.body);
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      knownTimes.push(await timed(() => login(t, u.email, 'wrong password', '127.0.0.1')));
      unknownTimes.push(await timed(() => login(t, `${i}${unknown}`, 'wrong password', '127.0.0.1')));
    }
    // A bcrypt compare takes tens of milliseconds; a bare lookup well under one.
    expect(median(unknownTimes)).toBeGreaterThan(median(knownTimes) * 0.5);
  });

  test('reset: the same answer for a registered and an unknown address', async () => {
    const u = await newUser(t, 'resetknown');
    const known = await call(t.url, 'POST', '/users/reset', { body: { email: u.email } });
    const unknown = await call(t.url, 'POST', '/users/reset', {
      body: { email: `nobody-${Date.now()}@example.com` },
    });
    expect([known.status, known.body]).toEqual([unknown.status, unknown.body]);
    const wrongKnown = await call(t.url, 'POST', '/users/reset', {
      body: { email: u.email, code: '000000' },
    });
    const wrongUnknown = await call(t.url, 'POST', '/users/reset', {
      body: { email: `nobody-${Date.now()}@example.com`, code: '000000' },
    });
    expect([wrongKnown.status, wrongKnown.body]).toEqual([wrongUnknown.status, wrongUnknown.body]);
  });
});
