// Component tests: a fresh Dexie database wired into the hooks and edits, cleared before each test and seeded
// with one station ('d1', owned by the signed-in user 'u1'). Call at module level of a test file.
import { afterAll, beforeEach } from 'vitest';
import type { Device, User } from '../domain/contract';
import { setEditsDb, setOutboxFlusher } from './edits';
import { setHooksDb } from './hooks';
import { PortalDb } from './schema';
import { SETTING, setSetting } from './settings';

export const TEST_DEVICE: Device = {
  _id: 'd1',
  wsid: 'W1',
  name: 'Garden',
  user: 'u1',
  shareUsers: [],
  consoletype: 0,
  timezone: 'UTC',
  channelNameMapping: [],
  shareMode: 'private',
};

export function signedInDb(name: string): PortalDb {
  const db = new PortalDb(`${name}-${Math.random()}`);
  setHooksDb(db);
  setEditsDb(db);
  setOutboxFlusher(null);
  afterAll(() => db.delete());
  beforeEach(async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
    await db.devices.put(TEST_DEVICE);
    await setSetting(db, SETTING.auth, {
      accessToken: 'jwt',
      user: { _id: 'u1', email: 'a@b.c', verified: true } as User,
    });
  });
  return db;
}

/** The worker's socket is up (useLink reads 'online'): screens then ask the worker for online-only answers. */
export function connected(db: PortalDb): Promise<void> {
  return setSetting(db, SETTING.connection, { online: true, auth: 'authenticated', devices: 'loaded' });
}
