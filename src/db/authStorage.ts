// The Feathers authentication client's token storage, kept in Dexie `settings.auth` ({ accessToken, user }) so
// the worker, the service worker and the page (useAuth) all see one session.
import type { Storage } from '@feathersjs/authentication-client';
import type { User } from '../domain/contract';
import type { PortalDb } from './schema';

export interface AuthRecord {
  accessToken: string;
  user?: User;
}

const KEY = 'auth';

export function dexieAuthStorage(db: PortalDb): Storage {
  return {
    async getItem() {
      return ((await db.settings.get(KEY))?.value as AuthRecord | undefined)?.accessToken ?? null;
    },
    async setItem(_key: string, accessToken: string) {
      await db.transaction('rw', db.settings, async () => {
        const cur = (await db.settings.get(KEY))?.value as AuthRecord | undefined;
        await db.settings.put({ key: KEY, value: { ...cur, accessToken } });
      });
      return accessToken;
    },
    async removeItem() {
      await db.settings.delete(KEY);
      return null;
    },
  };
}

export async function getAuth(db: PortalDb): Promise<AuthRecord | undefined> {
  return (await db.settings.get(KEY))?.value as AuthRecord | undefined;
}

export async function setAuth(db: PortalDb, auth: AuthRecord | undefined): Promise<void> {
  if (auth) await db.settings.put({ key: KEY, value: auth });
  else await db.settings.delete(KEY);
}
