// Once-per-cluster jobs (leader.ts): of two processes on one PostgreSQL database (TEST_DATABASE_URL, else the
// local default, as pg-writer.test.ts does) only the leader runs them; when it stops, the other takes over.
import { afterAll, expect, test } from 'vitest';
import { openStorage, type Storage } from '../storage/db';
import { leader, onceInCluster } from './leader';

const PG = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const opened: Storage[] = [];
afterAll(async () => {
  for (const s of opened) await s.close();
});

test('only the leader runs a job; another process takes over when it lets go; concurrent asks share one check', async () => {
  const a = await openStorage(PG.toString());
  const b = await openStorage(PG.toString());
  opened.push(a, b);
  const deployment = `leader_test_${process.pid}_${Date.now()}`;
  const first = leader(a, deployment);
  const second = leader(b, deployment);
  const ran: string[] = [];
  const log = (e: unknown) => ran.push(`error: ${e}`);
  // Two jobs of one process asking at once both run (they must not find the lock taken by each other).
  await Promise.all([
    onceInCluster(first, async () => ran.push('a: retention'), log),
    onceInCluster(first, async () => ran.push('a: forecast'), log),
  ]);
  await onceInCluster(second, async () => ran.push('b: retention'), log);
  expect(ran.sort()).toEqual(['a: forecast', 'a: retention']);

  await first.release();
  await onceInCluster(second, async () => ran.push('b: retention'), log);
  await onceInCluster(first, async () => ran.push('a: retention again'), log);
  expect(ran).toContain('b: retention');
  expect(ran).not.toContain('a: retention again');
  // A failing job is logged, not thrown.
  await onceInCluster(second, async () => Promise.reject(new Error('disk full')), log);
  expect(ran).toContain('error: Error: disk full');
  await second.release();
});
