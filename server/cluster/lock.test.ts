// The cluster lock: on PostgreSQL (TEST_DATABASE_URL) one holder among processes, taken over when released; on
// SQLite the one process that owns the file always holds it.
import { afterAll, describe, expect, test } from 'vitest';
import { openStorage, type Storage } from '../storage/db';
import { testDatabase } from '../testing/server';
import { clusterLock } from './lock';

const opened: Storage[] = [];
const url = testDatabase();
afterAll(async () => {
  const schema = url.startsWith('postgres') ? new URL(url).searchParams.get('schema') : null;
  if (schema) await opened[0].knex.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [schema]);
  for (const s of opened) await s.close();
});

describe('cluster lock', () => {
  test('one holder at a time across two connections pools ("processes")', async () => {
    const a = await openStorage(url);
    const b = url === ':memory:' ? a : await openStorage(url);
    opened.push(...new Set([a, b]));
    const name = `forwarder:lock-test-${process.pid}-${Date.now()}`;
    const first = clusterLock(a, name);
    const second = clusterLock(b, name);
    expect(await first.acquire()).toBe(true);
    expect(await first.acquire()).toBe(true);
    if (a.engine === 'pg') {
      expect(await second.acquire()).toBe(false);
      await first.release();
      expect(await second.acquire()).toBe(true);
      expect(await first.acquire()).toBe(false);
      await second.release();
    } else {
      // SQLite: one process owns the database file; its lock is always held.
      expect(await second.acquire()).toBe(true);
    }
  });
});
