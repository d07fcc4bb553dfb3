// What boot needs from the store before anything is drawn (the language, whether a session exists), read with
// plain IndexedDB: Dexie (~28 KiB compressed) stays off the first paint's path (issue 21's bundle budget). It is
// the same `settings` rows Dexie writes (src/db/schema.ts, src/db/settings.ts): one source of truth, read early.
// Later reads and every write go through Dexie as before.

import type { SettingKey, SettingValues } from './settings';

/** The IndexedDB database Dexie opens (src/db/schema.ts PortalDb). */
export const DB_NAME = 'portal';
/** Its key/value table (PortalDb.settings, keyed by `key`). */
const SETTINGS_STORE = 'settings';

export type Peeked<K extends SettingKey> = { [P in K]?: SettingValues[P] };

/**
 * These `settings` values as the store holds them now; none when there is no store yet (a first visit: nothing is
 * created, Dexie creates it later), no IndexedDB (some private windows) or the read fails.
 */
export function peekSettings<K extends SettingKey>(keys: readonly K[], name = DB_NAME): Promise<Peeked<K>> {
  return new Promise((resolve) => {
    const none = () => resolve({});
    let req: IDBOpenDBRequest;
    try {
      // No version: the current one, whatever Dexie last made it.
      req = indexedDB.open(name);
    } catch {
      none();
      return;
    }
    // No database yet: leave creating it to Dexie (a version-1 database made here would not be Dexie's).
    req.onupgradeneeded = () => req.transaction?.abort();
    req.onerror = (e) => {
      e.preventDefault();
      none();
    };
    req.onblocked = none;
    req.onsuccess = () => {
      const idb = req.result;
      // Dexie upgrading the schema (a new build) must not wait for this connection.
      idb.onversionchange = () => idb.close();
      if (!idb.objectStoreNames.contains(SETTINGS_STORE)) {
        idb.close();
        none();
        return;
      }
      const out: Peeked<K> = {};
      try {
        const tx = idb.transaction(SETTINGS_STORE, 'readonly');
        const store = tx.objectStore(SETTINGS_STORE);
        for (const key of keys) {
          const get = store.get(key);
          get.onsuccess = () => {
            const row = get.result as { value?: unknown } | undefined;
            if (row?.value !== undefined) out[key] = row.value as SettingValues[K];
          };
        }
        tx.oncomplete = () => {
          idb.close();
          resolve(out);
        };
        tx.onerror = tx.onabort = (e) => {
          e.preventDefault();
          idb.close();
          none();
        };
      } catch {
        idb.close();
        none();
      }
    };
  });
}
