// Pool figures from Knex's public query events: a running query counts as a connection in use until it answers
// (PostgreSQL, TEST_DATABASE_URL); SQLite has one connection and reports no pool.
import { afterAll, expect, test } from 'vitest';
import { testDatabase } from '../testing/server';
import { openStorage, type Storage } from './db';

const url = testDatabase();
let storage: Storage;
afterAll(async () => {
  const schema = url.startsWith('postgres') ? new URL(url).searchParams.get('schema') : null;
  if (schema) await storage.knex.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [schema]);
  await storage.close();
});

test('queries in flight are the pool connections in use, and free again once answered', async () => {
  storage = await openStorage(url);
  if (storage.engine === 'sqlite') {
    expect(storage.pool).toBeNull();
    return;
  }
  const pool = storage.pool!;
  await storage.knex.raw('SELECT 1');
  expect(pool()).toEqual({ used: 0, free: 10, pending: 0 });
  // A Knex builder runs only once awaited: .then() starts it.
  // Each takes a connection of its own: new connections may take a while on a loaded machine, so the sleep is
  // long and the figures are waited for (not sampled after a fixed delay).
  const slow = Array.from({ length: 3 }, () => storage.knex.raw('SELECT pg_sleep(2)').then());
  for (let i = 0; i < 150 && pool().used < 3; i++) await new Promise((r) => setTimeout(r, 10));
  expect(pool()).toMatchObject({ used: 3, free: 7, pending: 0 });
  await Promise.all(slow);
  expect(pool()).toEqual({ used: 0, free: 10, pending: 0 });
  const failing = storage.knex.raw('SELECT no_such_column FROM no_such_table').catch(() => 'failed');
  expect(await failing).toBe('failed');
  expect(pool().used).toBe(0);
});
