// The Feathers authentication client's token storage, kept in Dexie `settings.auth` ({ accessToken, user }) so
// the worker, the service worker and the page (useAuth) all see one session.
import type { Storage } from '@feathersjs/authentication-client';
import type { PortalDb } from './schema';
import { getSetting, SETTING, setSetting } from './settings';
import type { AuthRecord } from './views';

export type { AuthRecord };

export function dexieAuthStorage(db: PortalDb): Storage {
  return {
    async getItem() {
      return (await getSetting(db, SETTING.auth))?.accessToken ?? null;
    },
    async setItem(_key: string, accessToken: string) {
      await db.transaction('rw', db.settings, async () => {
        const cur = await getSetting(db, SETTING.auth);
        await setSetting(db, SETTING.auth, { ...cur, accessToken });
      });
      return accessToken;
    },
    async removeItem() {
      await setSetting(db, SETTING.auth, undefined);
      return null;
    },
  };
}

export async function getAuth(db: PortalDb): Promise<AuthRecord | undefined> {
  return getSetting(db, SETTING.auth);
}

export async function setAuth(db: PortalDb, auth: AuthRecord | undefined): Promise<void> {
  await setSetting(db, SETTING.auth, auth);
}
