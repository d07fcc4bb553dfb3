// Typed access to the Dexie `settings` key/value table (keys: SETTING in workers/api.ts).
import type { PortalDb } from './schema';

export async function getSetting<T>(db: PortalDb, key: string): Promise<T | undefined> {
  return (await db.settings.get(key))?.value as T | undefined;
}

export async function setSetting<T>(db: PortalDb, key: string, value: T): Promise<void> {
  if (value === undefined) await db.settings.delete(key);
  else await db.settings.put({ key, value });
}

/** Shallow-merge into an object setting inside one transaction (no lost updates between writers). */
export async function patchSetting<T extends object>(
  db: PortalDb,
  key: string,
  patch: Partial<T>,
): Promise<T> {
  return db.transaction('rw', db.settings, async () => {
    const current = ((await db.settings.get(key))?.value ?? {}) as T;
    const next = { ...current, ...patch } as T;
    await db.settings.put({ key, value: next });
    return next;
  });
}
