import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/bridge/errors';
import { getSetting, SETTING } from '../src/db/settings';
import { Connection } from './connection';
import { tempDb } from './testing';

/** A Connection around a fake Feathers app: `find` answers from the queue, reAuthenticate from `reauth`. */
function setup(answers: (() => Promise<unknown>)[], reauth: () => Promise<unknown>) {
  const db = tempDb();
  const c = new Connection({ db, origin: 'http://x', timeoutMs: 200 });
  let reauths = 0;
  let resets = 0;
  c.app = {
    service: () => ({ find: () => answers.shift()!() }),
    reAuthenticate: () => {
      reauths++;
      return reauth();
    },
    authentication: {
      reset: async () => {
        resets++;
      },
    },
  } as unknown as Connection['app'];
  return { db, c, counts: () => ({ reauths, resets }) };
}

const user = { _id: 'u1', email: 'a@b.c', verified: true };

describe('connection call', () => {
  it('on NotAuthenticated re-authenticates with the stored token and retries once', async () => {
    const { db, c, counts } = setup(
      [async () => Promise.reject(new ApiError('jwt expired', 401, 'NotAuthenticated')), async () => ['ok']],
      async () => ({ accessToken: 'fresh', user }),
    );
    await db.settings.put({ key: SETTING.auth, value: { accessToken: 'old', user } });
    expect(await c.find('weatherDevices', {})).toEqual(['ok']);
    expect(counts().reauths).toBe(1);
    expect(await getSetting(db, SETTING.auth)).toEqual({ accessToken: 'fresh', user });
    expect((await getSetting(db, SETTING.connection))?.auth).toBe('authenticated');
  });

  it('when re-authentication fails: token cleared, state unauthenticated, original error thrown', async () => {
    const { db, c } = setup(
      [async () => Promise.reject(new ApiError('jwt expired', 401, 'NotAuthenticated'))],
      async () => Promise.reject(new ApiError('invalid token', 401, 'NotAuthenticated')),
    );
    await db.settings.put({ key: SETTING.auth, value: { accessToken: 'old', user } });
    await expect(c.find('weatherDevices', {})).rejects.toMatchObject({ message: 'jwt expired', code: 401 });
    expect(await getSetting(db, SETTING.auth)).toBeUndefined();
    expect((await getSetting(db, SETTING.connection))?.auth).toBe('unauthenticated');
  });

  it('offline re-authentication keeps the stored session', async () => {
    const { db, c } = setup([], async () => Promise.reject(new ApiError('websocket error', 0)));
    await db.settings.put({ key: SETTING.auth, value: { accessToken: 'old', user } });
    expect(await c.reauthenticate()).toBe(false);
    expect(await getSetting(db, SETTING.auth)).toEqual({ accessToken: 'old', user });
  });

  it('calls time out (408) and "Authentication timed out" resets the auth state', async () => {
    const { c, counts } = setup(
      [
        () => new Promise(() => undefined),
        async () =>
          Promise.reject(
            new ApiError('Authentication timed out', 500, 'GeneralError', { code: 'authTimeout' }),
          ),
      ],
      async () => ({}),
    );
    await expect(c.find('metrics', {})).rejects.toMatchObject({ code: 408 });
    await expect(c.find('metrics', {})).rejects.toMatchObject({ data: { code: 'authTimeout' } });
    expect(counts().resets).toBe(1);
    expect(counts().reauths).toBe(0);
  });
});

describe('connection call during a sign-in', () => {
  it('waits for the sign-in with the stored token under way, so it is not answered as to a visitor', async () => {
    let answer: (v: unknown) => void = () => undefined;
    let signedIn = false;
    const { db, c } = setup(
      [async () => (signedIn ? ['private station'] : [])],
      () =>
        new Promise((r) => {
          answer = r;
        }),
    );
    await db.settings.put({ key: SETTING.auth, value: { accessToken: 'old', user } });
    const signingIn = c.reauthenticate();
    const found = c.find('weatherDevices', { wsid: 'garden' });
    await new Promise((r) => setTimeout(r, 20));
    signedIn = true;
    answer({ accessToken: 'fresh', user });
    expect(await signingIn).toBe(true);
    expect(await found).toEqual(['private station']);
  });
});

describe('connection logout', () => {
  it('waits for a sign-in with the stored token under way, so the dropped token is not stored again', async () => {
    let answer: (v: unknown) => void = () => undefined;
    const { db, c } = setup([], () => new Promise((r) => (answer = r)));
    (c.app as unknown as { logout: () => Promise<void> }).logout = async () => undefined;
    await db.settings.put({ key: SETTING.auth, value: { accessToken: 'old', user } });
    const signingIn = c.reauthenticate();
    await new Promise((r) => setTimeout(r, 10));
    const out = c.logout();
    // The server's answer to the sign-in comes while (or, without the wait, after) the sign-out clears.
    await new Promise((r) => setTimeout(r, 50));
    answer({ accessToken: 'fresh', user });
    expect(await signingIn).toBe(true);
    await out;
    expect(await getSetting(db, SETTING.auth)).toBeUndefined();
    expect((await getSetting(db, SETTING.connection))?.auth).toBe('loggedOut');
  });
});

describe('connection offline', () => {
  it('calls fail at once as offline (code 0) when the server cannot be reached, not after the 30 s timeout', async () => {
    const db = tempDb();
    // Port 9 (discard) on localhost: nothing listens, the connect attempt is refused.
    const c = new Connection({ db, origin: 'http://127.0.0.1:9', socket: { reconnection: false } });
    c.open();
    try {
      const t0 = Date.now();
      // The first call waits for the outcome of the first connect attempt, the next one fails at once.
      await expect(c.find('metrics', {})).rejects.toMatchObject({ code: 0, name: 'Offline' });
      await expect(c.find('metrics', {})).rejects.toMatchObject({ code: 0, name: 'Offline' });
      expect(Date.now() - t0).toBeLessThan(5000);
      expect((await getSetting(db, SETTING.connection))?.online).toBe(false);
    } finally {
      c.close();
    }
  });
});
