// Component tests: a fresh Dexie database wired into the hooks and edits, cleared before each test and seeded
// with one station ('d1', owned by the signed-in user 'u1'). Call at module level of a test file.
import { afterAll, beforeEach } from 'vitest';
import { SETTING } from '../../workers/api';
import type { Device } from '../domain/contract';
import { setEditsDb, setOutboxFlusher } from './edits';
import { setHooksDb } from './hooks';
import { PortalDb } from './schema';

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
    await db.settings.put({
      key: SETTING.auth,
      value: { accessToken: 'jwt', user: { _id: 'u1', email: 'a@b.c', verified: true } },
    });
  });
  return db;
}
