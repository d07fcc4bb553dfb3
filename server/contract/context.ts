// What every part of the contract suite shares: the backend, the accounts and the station with history,
// set up once per backend; times of that history.
import { afterAll, beforeAll } from 'vitest';
import { type Answer, call } from '../testing/server';
import type { Account, Backend, Station } from './backends';

export const DAY = 86400;
/** Yesterday 00:00 UTC: the history sits on whole hours of one device-local (UTC) day. */
export const T0 = Math.floor(Date.now() / 1000 / DAY) * DAY - DAY;
export const MSGPACK = { accept: 'application/msgpack' };

export interface Contract {
  b: Backend;
  owner: Account;
  stranger: Account;
  /** The owner's station with two hours of uploads every 10 minutes from T0 (see setUp). */
  history: Station;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read loosely, as in server tests
  get(path: string, account?: Account, headers?: Record<string, string>): Promise<Answer<any>>;
}

/** Starts the backend, signs up two users and uploads the history; stops it after the suite. */
export function setUp(b: Backend): Contract {
  const c = {
    b,
    get: (path: string, account?: Account, headers?: Record<string, string>) =>
      call(b.base, 'GET', path, { token: account?.token, headers }),
  } as Contract;
  beforeAll(async () => {
    await b.start();
    c.owner = await b.signUpAndLogIn();
    c.stranger = await b.signUpAndLogIn();
    c.history = await b.createStation(c.owner.token, { name: 'History' });
    // Temperature 0, 1, 2 … °C, gust (i % 6) + 0.5 m/s, pressure 1000 + i hPa, humidity 50 %.
    for (let i = 0; i < 12; i++)
      await b.upload(
        c.history,
        { tempc0: i, humc0: 50, gust: (i % 6) + 0.5, relbaro: 1000 + i },
        T0 + i * 600,
      );
  });
  afterAll(() => b.stop());
  return c;
}
