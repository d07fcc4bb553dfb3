// Unverified accounts (issue #10 item 10): signed in, they may verify, sign out and read what the verification
// page needs, nothing else (no stations, no shares); verified they may at once, with the same token. Sign-up is
// limited per IP.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TOO_MANY_SIGNUPS } from '../services/users/users.class';
import { call, lastCode, newStation, newUser, startServer, type TestServer } from '../testing/server';
import { socketClient } from '../testing/socket';
import { VERIFY_FIRST } from './verified';

let t: TestServer;
beforeAll(async () => {
  t = await startServer({ signupsPerIp: 1000 });
});
afterAll(() => t.close());

/** Signs up and logs in without verifying (what the client does before the verification page). */
async function unverified(name: string) {
  const email = `${name}-${Date.now()}@example.com`;
  const password = 'correct horse battery';
  expect(
    (await call(t.url, 'POST', '/users', { body: { email, password, termsAccepted: true } })).status,
  ).toBe(201);
  const auth = await call(t.url, 'POST', '/authentication', { body: { strategy: 'local', email, password } });
  expect(auth.status).toBe(201);
  expect(auth.body.user.verified).toBe(false);
  return { email, token: auth.body.accessToken as string, id: auth.body.user._id as string };
}

describe('unverified accounts', () => {
  test('cannot create or share stations, over REST or the socket', async () => {
    const u = await unverified('fresh');
    const made = await call(t.url, 'POST', '/weatherDevices', { token: u.token, body: { name: 'Nope' } });
    expect(made.status).toBe(403);
    expect(made.body).toMatchObject({ message: VERIFY_FIRST, data: { reason: 'unverified' } });
    const owner = await newUser(t, 'sharer');
    const station = await newStation(t, owner.token);
    for (const [verb, path, body] of [
      ['GET', '/weatherDevices', undefined],
      ['GET', `/weatherDevices/${station._id}`, undefined],
      ['PATCH', `/users/${u.id}`, { firstName: 'X' }],
      ['POST', '/deviceDisplaySettings', { weatherDevice: station._id }],
      ['POST', '/alertSettings', { weatherDevice: station._id, settings: [] }],
      ['POST', '/downloadTokens', { path: 'weatherMetrics/export' }],
    ] as const)
      expect((await call(t.url, verb, path, { token: u.token, body })).status, `${verb} ${path}`).toBe(403);
    const socket = await socketClient(t.url, u.token);
    try {
      await expect(socket.client.service('weatherDevices').create({ name: 'Nope' })).rejects.toMatchObject({
        code: 403,
      });
    } finally {
      socket.close();
    }
  });

  test('may read their account and the public config, resend the code, verify and sign out', async () => {
    const u = await unverified('allowed');
    expect((await call(t.url, 'GET', '/users/me', { token: u.token })).status).toBe(200);
    expect((await call(t.url, 'GET', '/users', { token: u.token })).body[0]).toMatchObject({
      verified: false,
    });
    expect((await call(t.url, 'GET', `/users/${u.id}`, { token: u.token })).status).toBe(200);
    expect((await call(t.url, 'GET', '/config', { token: u.token })).status).toBe(200);
    expect((await call(t.url, 'GET', '/metrics', { token: u.token })).status).toBe(200);
    expect(
      (await call(t.url, 'POST', '/users/verify', { token: u.token, body: { email: u.email, resend: true } }))
        .status,
    ).toBe(201);
    expect(
      (
        await call(t.url, 'POST', '/users/verify', {
          token: u.token,
          body: { email: u.email, code: lastCode(t, u.email) },
        })
      ).body,
    ).toEqual({ verified: true });
    // Verified: the same token creates stations now (REST and an open socket).
    const socket = await socketClient(t.url, u.token);
    try {
      expect(
        (await call(t.url, 'POST', '/weatherDevices', { token: u.token, body: { name: 'Yes' } })).status,
      ).toBe(201);
      expect(await socket.client.service('weatherDevices').create({ name: 'Socket' })).toMatchObject({
        name: 'Socket',
      });
    } finally {
      socket.close();
    }
    expect((await call(t.url, 'DELETE', '/authentication', { token: u.token })).status).toBe(200);
  });

  test('signing out works unverified', async () => {
    const u = await unverified('leaver');
    expect((await call(t.url, 'DELETE', '/authentication', { token: u.token })).status).toBe(200);
  });
});

describe('sign-up rate limit', () => {
  test('per IP: past the limit a 429, whatever the address', async () => {
    const limited = await startServer({ signupsPerIp: 2 });
    try {
      const signUp = (i: number) =>
        call(limited.url, 'POST', '/users', {
          body: {
            email: `many${i}-${Date.now()}@example.com`,
            password: 'correct horse battery',
            termsAccepted: true,
          },
        });
      expect((await signUp(1)).status).toBe(201);
      expect((await signUp(2)).status).toBe(201);
      const third = await signUp(3);
      expect(third.status).toBe(429);
      expect(third.body.message).toBe(TOO_MANY_SIGNUPS);
    } finally {
      await limited.close();
    }
  });
});
