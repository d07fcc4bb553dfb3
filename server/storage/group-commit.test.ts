import { expect, test } from 'vitest';
import type { Upload, WriteResult } from './buckets';
import { GroupCommit } from './group-commit';

const upload = (time: number): Upload => ({ id: 'd', seq: 1, tz: 'UTC', time, values: {} });
const answer = (u: Upload): WriteResult => ({ stored: true, fiveMinute: { time: u.time, aggs: {} } });

test('uploads of one turn share a batch; those arriving while it is written wait for the next, in order', async () => {
  const batches: number[][] = [];
  let release = () => {};
  const commit = new GroupCommit(async (uploads) => {
    batches.push(uploads.map((u) => u.time));
    if (batches.length === 1) await new Promise<void>((r) => (release = r));
    return uploads.map(answer);
  });
  const first = [commit.write(upload(1)), commit.write(upload(2))];
  await new Promise((r) => setImmediate(r));
  // The first batch is being written: these wait, and go together once it is done.
  const later = [commit.write(upload(3)), commit.write(upload(4))];
  await new Promise((r) => setImmediate(r));
  expect(batches).toEqual([[1, 2]]);
  release();
  const results = await Promise.all([...first, ...later]);
  expect(results.map((r) => r.fiveMinute.time)).toEqual([1, 2, 3, 4]);
  expect(batches).toEqual([
    [1, 2],
    [3, 4],
  ]);
});

test('a failed batch fails its own uploads only; idle() waits for everything queued', async () => {
  let calls = 0;
  const commit = new GroupCommit(async (uploads) => {
    if (++calls === 1) throw new Error('disk full');
    return uploads.map(answer);
  });
  const failed = commit.write(upload(1));
  await expect(failed).rejects.toThrow('disk full');
  const next = commit.write(upload(2));
  let written = false;
  void next.then(() => {
    written = true;
  });
  await commit.idle();
  expect(written).toBe(true);
  await expect(commit.idle()).resolves.toBeUndefined();
});
