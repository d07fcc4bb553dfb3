// The browser's storage for this site (issue 32): held history and unsent edits must not be evicted under
// storage pressure, so the app asks for persistent storage after sign-in, and the Account page says what is
// held and how much. Both calls are missing in some browsers (and in insecure contexts): null then.

export interface StorageFacts {
  /** Bytes used by this site (IndexedDB, caches, the service worker's precache). */
  usage: number;
  /** Bytes the browser would let it use. */
  quota: number;
  /** true: the browser will not clear it to make room. */
  persisted: boolean;
}

/** Asks once for persistent storage; true when granted (or already), null where the browser cannot. */
export async function askPersistentStorage(): Promise<boolean | null> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.persist) return null;
  try {
    if (await storage.persisted?.()) return true;
    return await storage.persist();
  } catch (e) {
    console.warn('[storage] persist failed', e);
    return null;
  }
}

/** How much this site holds and whether it is kept; null where the browser does not say. */
export async function storageFacts(): Promise<StorageFacts | null> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.estimate) return null;
  try {
    const { usage = 0, quota = 0 } = await storage.estimate();
    const persisted = (await storage.persisted?.()) ?? false;
    return { usage, quota, persisted };
  } catch (e) {
    console.warn('[storage] estimate failed', e);
    return null;
  }
}
