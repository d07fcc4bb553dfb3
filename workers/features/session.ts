// Session feature: sign in and out, sign up and verify, and what follows every (re)authentication.

import {
  type CreateSession,
  detachSession,
  savePushTarget,
  saveSubscription,
} from '../../src/bridge/push-session';
import { adoptSignedInUser } from '../../src/db/adopt-user';
import { getAuth, setAuth } from '../../src/db/authStorage';
import { clearUserData } from '../../src/db/clear';
import { SETTING, setSetting } from '../../src/db/settings';
import { type FirebaseWebConfig, SERVICES } from '../../src/domain/contract';
import { withTimeout } from '../connection';
import { loadRecords } from '../records';
import type { Runtime } from '../runtime';
import { eachLimit, logFailure } from '../util';
import type { Handlers } from './handlers';

/**
 * After every (re)authentication: a different user's leftovers go, then data, watches, queued edits, the
 * history missed while away and the selected device's forecast.
 */
export async function onSignedIn(rt: Runtime): Promise<void> {
  const { db, live } = rt;
  await adoptSignedInUser(db);
  // Watch before reloading (on a reconnect the devices are known): an upload from now on arrives live, an
  // earlier one is in the reloaded last data. The other order loses uploads that fall in between.
  const known = (await db.devices.count()) > 0;
  if (known) await live.restore();
  const devices = await rt.sync.loadAll();
  if (known) await live.rewatch();
  else await live.restore();
  rt.outbox.flush().catch(logFailure('sending queued edits after sign-in'));
  // Rows missed while the socket was down: extend the held history to now (the selected device first).
  const selected = live.selectedDevice;
  const ids = devices.map((d) => d._id).filter((id) => id !== selected);
  void eachLimit(selected ? [selected, ...ids] : ids, 2, (id) =>
    rt.history.catchUp(id).catch(logFailure('history catch-up of', id)),
  );
  if (selected) rt.forecasts.load(selected).catch(logFailure('loading the forecast of', selected));
  if (selected) loadRecords(rt.db, rt.conn, selected).catch(logFailure('loading the records of', selected));
}

const createSession =
  (rt: Runtime): CreateSession =>
  (data) =>
    rt.conn.create(SERVICES.sessions, data);

async function logout(rt: Runtime): Promise<void> {
  rt.outbox.stop();
  // While the token is still valid: this browser stops getting the user's pushes. Short and best effort, so
  // signing out never hangs offline.
  await withTimeout(detachSession(rt.db, createSession(rt)), 3000).catch(
    logFailure('detaching the push session'),
  );
  await rt.conn.logout();
  await clearUserData(rt.db);
  await rt.conn.setState({ devices: undefined, deviceTime: null, age: null });
}

export const sessionHandlers = {
  login: async (rt, email, password) => {
    const { user } = await rt.conn.login(email, password);
    // Before the page moves on: the first dashboard is already in the account's units.
    await adoptSignedInUser(rt.db);
    return user;
  },

  /** Creates the account, then signs in (best effort) so the app can send an unverified user to /signup/verify. */
  signup: async (rt, input) => {
    const user = await rt.conn.create(SERVICES.users, input);
    try {
      return (await rt.conn.login(input.email, input.password)).user;
    } catch (e) {
      // The account exists; signing in can wait for the login screen.
      console.warn('[engine] sign-in after sign-up failed', e);
      return user;
    }
  },

  verify: async (rt, email, code) => {
    const answer = await rt.conn.create(SERVICES.verify, { email, code });
    const auth = await getAuth(rt.db);
    if (answer?.verified && auth?.user && auth.user.email === email) {
      await setAuth(rt.db, { ...auth, user: { ...auth.user, verified: true } });
      // The server refused data to the unverified account: load it now.
      rt.conn.resume().catch(logFailure('loading data after verification'));
    }
    return { verified: !!answer?.verified };
  },

  resendCode: async (rt, email) => {
    await rt.conn.create(SERVICES.verify, { email, resend: true });
  },

  logout,

  pushVapidKey: async (rt) => (await rt.conn.find('sessions/vapid', {}))?.publicKey ?? null,

  savePushSubscription: async (rt, subscription) => {
    await saveSubscription(rt.db, createSession(rt), subscription);
  },

  pushFirebaseConfig: async (rt) => {
    const answer = await rt.conn.find('config', {});
    return (answer?.firebase as FirebaseWebConfig | null | undefined) ?? null;
  },

  saveFirebaseToken: async (rt, token) => {
    await savePushTarget(rt.db, createSession(rt), { pushType: 'firebase', pushToken: token });
  },

  loadPublicConfig: async (rt) => {
    const answer = await rt.conn.find('config', {});
    const address = answer?.consoleAddress as { host?: unknown; port?: unknown } | null | undefined;
    await setSetting(rt.db, SETTING.publicConfig, {
      captcha: answer?.captcha ?? null,
      oauth: Array.isArray(answer?.oauth) ? answer.oauth : [],
      version: typeof answer?.version === 'string' ? answer.version : undefined,
      sourceUrl: typeof answer?.sourceUrl === 'string' ? answer.sourceUrl : null,
      mailOutbox: answer?.mailOutbox === true,
      // Help's console set-up: PUBLIC_HOST's address, and every console protocol's rows from the server's
      // descriptors (both were once dropped here, so Help named the page's own address and three hand-written
      // protocols).
      consoleAddress:
        typeof address?.host === 'string' && typeof address.port === 'number'
          ? { host: address.host, port: address.port }
          : null,
      uploadConsoles: Array.isArray(answer?.uploadConsoles) ? answer.uploadConsoles : [],
    });
  },

  loginWithToken: async (rt, accessToken) => {
    await rt.conn.adoptToken(accessToken);
    await adoptSignedInUser(rt.db);
    // As after a password login: load the account's data (devices, settings) through the ready listeners.
    rt.conn.resume().catch(logFailure('loading data after social sign-in'));
    const auth = await getAuth(rt.db);
    if (!auth?.user) throw new Error('Not authenticated');
    return auth.user;
  },
} satisfies Handlers<
  | 'login'
  | 'signup'
  | 'verify'
  | 'resendCode'
  | 'logout'
  | 'pushVapidKey'
  | 'savePushSubscription'
  | 'pushFirebaseConfig'
  | 'saveFirebaseToken'
  | 'loadPublicConfig'
  | 'loginWithToken'
>;
