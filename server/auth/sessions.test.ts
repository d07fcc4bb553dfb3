// How tokens end (issue #10): a password change and a reset end every older token of the account, on every
// process; a logout ends its own token (REST and socket) and leaves the account's other sessions alone.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, lastCode, newUser, startServer, type TestServer, testDatabase } from '../testing/server';
import { socketClient } from '../testing/socket';
import { SESSION_ENDED } from './sessions';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

const me = (url: string, token: string) => call(url, 'GET', '/users/me', { token });
const login = async (url: string, email: string, password: string) =>
  (await call(url, 'POST', '/authentication', { body: { strategy: 'local', email, password } })).body
    .accessToken as string;

describe('ending sessions', () => {
  test('a password change ends every older token (REST and an open socket); the answer carries a new one', async () => {
    const u = await newUser(t, 'changer');
    const laptop = await login(t.url, u.email, u.password);
    const socket = await socketClient(t.url, laptop);
    try {
      expect((await me(t.url, u.token)).status).toBe(200);
      const changed = await call(t.url, 'POST', '/users/password', {
        token: u.token,
        body: {
          oldPassword: u.password,
          password: 'a brand new secret',
          confirmPassword: 'a brand new secret',
        },
      });
      expect(changed.status).toBe(201);
      expect(changed.body.changed).toBe(true);
      for (const old of [u.token, laptop]) {
        const refused = await me(t.url, old);
        expect(refused.status).toBe(401);
        expect(refused.body.message).toBe(SESSION_ENDED);
      }
      await expect(socket.client.service('users/me').find()).rejects.toMatchObject({ code: 401 });
      // Re-authenticating with the old token fails too (the worker then signs out).
      expect(
        (await call(t.url, 'POST', '/authentication', { body: { strategy: 'jwt', accessToken: laptop } }))
          .status,
      ).toBe(401);
      expect((await me(t.url, changed.body.accessToken)).status).toBe(200);
      expect(await login(t.url, u.email, 'a brand new secret')).toBeTruthy();
    } finally {
      socket.close();
    }
  });

  test('a password reset ends every older token', async () => {
    const u = await newUser(t, 'resetter');
    await call(t.url, 'POST', '/users/reset', { body: { email: u.email } });
    const code = lastCode(t, u.email);
    const reset = await call(t.url, 'POST', '/users/reset', {
      body: { email: u.email, code, password: 'another new secret' },
    });
    expect(reset.body).toEqual({ reset: true });
    expect((await me(t.url, u.token)).status).toBe(401);
    expect((await me(t.url, await login(t.url, u.email, 'another new secret'))).status).toBe(200);
  });

  test('a REST logout ends that token only; the same account signed in elsewhere stays signed in', async () => {
    const u = await newUser(t, 'restlogout');
    const phone = await login(t.url, u.email, u.password);
    expect((await call(t.url, 'DELETE', '/authentication', { token: u.token })).status).toBe(200);
    const refused = await me(t.url, u.token);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(SESSION_ENDED);
    expect((await call(t.url, 'DELETE', '/authentication', { token: u.token })).status).toBe(401);
    expect((await me(t.url, phone)).status).toBe(200);
  });

  test('a socket logout ends its token for REST too', async () => {
    const u = await newUser(t, 'socketlogout');
    const socket = await socketClient(t.url, u.token);
    try {
      await socket.client.service('authentication').remove(null);
    } finally {
      socket.close();
    }
    expect((await me(t.url, u.token)).status).toBe(401);
  });

  test('another process sharing the database refuses an ended token within a few seconds', async () => {
    const authSecret = 'shared-secret-for-two-processes';
    const database = process.env.TEST_DATABASE_URL
      ? testDatabase()
      : join(mkdtempSync(join(tmpdir(), 'portal-two-')), 'portal.db');
    const a = await startServer({ authSecret, database });
    const b = await startServer({ authSecret, database });
    try {
      const u = await newUser(a, 'twoprocs');
      const other = await login(a.url, u.email, u.password);
      // B has seen (and remembered) both tokens.
      expect((await me(b.url, u.token)).status).toBe(200);
      expect(
        (await call(b.url, 'POST', '/authentication', { body: { strategy: 'jwt', accessToken: other } }))
          .status,
      ).toBe(201);
      await call(a.url, 'POST', '/users/password', {
        token: u.token,
        body: { oldPassword: u.password, password: 'changed on process A' },
      });
      expect((await me(b.url, u.token)).status).toBe(401);
      // The re-authentication answer is remembered for a moment: gone within a few seconds.
      const deadline = Date.now() + 6000;
      let status = 0;
      while (Date.now() < deadline) {
        status = (
          await call(b.url, 'POST', '/authentication', { body: { strategy: 'jwt', accessToken: other } })
        ).status;
        if (status === 401) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(status).toBe(401);
    } finally {
      await b.server.close();
      await a.close();
    }
  }, 20_000);
});
