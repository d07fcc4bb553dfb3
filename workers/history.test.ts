import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Row } from '../src/db/schema';
import { toCoded } from '../src/domain';
import { History, mergeRows, missingRanges, pruneHistory } from './history';
import { fakeConnection, tempDb } from './testing';

const db = tempDb();
afterEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});

const NOW = 1_700_000_000 - (1_700_000_000 % 300);
const row = (time: number, tempc0: number) => ({ time, tempc0 }) as unknown as Row;

describe('history merge', () => {
  it('stores the same rows once when they arrive twice', async () => {
    const rows = [row(NOW - 600, 20), row(NOW - 300, 21), row(NOW, 22)];
    expect(await mergeRows(db, '5m', 'dev1', rows)).toBe(3);
    expect(await mergeRows(db, '5m', 'dev1', rows)).toBe(0);
    // duplicates inside one answer too
    expect(await mergeRows(db, '5m', 'dev1', [row(NOW + 300, 1), row(NOW + 300, 1)])).toBe(1);
    const stored = await db.metrics.where('device').equals('dev1').toArray();
    expect(stored.map((r) => [r.time, r.tempc0])).toEqual([
      [NOW - 600, 20],
      [NOW - 300, 21],
      [NOW, 22],
      [NOW + 300, 1],
    ]);
  });

  it("keeps the station's seen keys with the rows it stores, from the rows held before on (issue 32)", async () => {
    // Held before the worker kept the keys, and a syncState row of its own.
    await db.metricsDaily.put({ device: 'dev1', time: NOW - 86400, rainday: 2 } as unknown as Row);
    await db.syncState.put({ device: 'dev1', fiveMinTo: NOW - 300 });
    await mergeRows(db, '5m', 'dev1', [row(NOW, 21)]);
    expect(await db.syncState.get('dev1')).toEqual({
      device: 'dev1',
      fiveMinTo: NOW - 300,
      seenKeys: ['rainday', 'tempc0'],
    });
    // Only numbers count; a key seen before stays when a later row lacks it.
    await mergeRows(db, '1d', 'dev1', [
      { time: NOW, humc0: 50, note: 'x', uvi: Number.NaN } as unknown as Row,
    ]);
    expect((await db.syncState.get('dev1'))?.seenKeys).toEqual(['humc0', 'rainday', 'tempc0']);
    expect(await db.syncState.get('dev2')).toBeUndefined();
  });

  it('skips duplicates but overwrites from the possibly partial newest bucket', async () => {
    await mergeRows(db, '5m', 'dev1', [row(NOW - 300, 20), row(NOW, 21)]);
    await mergeRows(db, '5m', 'dev1', [row(NOW - 300, 99), row(NOW, 23)], NOW);
    const stored = await db.metrics.where('device').equals('dev1').toArray();
    expect(stored.map((r) => r.tempc0)).toEqual([20, 23]);
  });

  it('keeps 5-minute rows 2 days and daily rows 366 days back', async () => {
    const DAY = 86400;
    await mergeRows(db, '5m', 'dev1', [
      row(NOW - 2 * DAY - 300, 1),
      row(NOW - 2 * DAY, 2),
      row(NOW - DAY, 3),
    ]);
    await mergeRows(db, '1d', 'dev1', [
      row(NOW - 367 * DAY, 1),
      row(NOW - 366 * DAY, 2),
      row(NOW - 10 * DAY, 3),
    ]);
    await mergeRows(db, '5m', 'dev2', [row(NOW - 3 * DAY, 9)]);
    await db.syncState.put({
      device: 'dev1',
      fiveMinFrom: NOW - 3 * DAY,
      fiveMinTo: NOW,
      dailyFrom: NOW - 400 * DAY,
      dailyTo: NOW,
    });
    await pruneHistory(db, 'dev1', NOW);
    expect((await db.metrics.where('device').equals('dev1').toArray()).map((r) => r.tempc0)).toEqual([2, 3]);
    expect((await db.metricsDaily.where('device').equals('dev1').toArray()).map((r) => r.tempc0)).toEqual([
      2, 3,
    ]);
    // other devices are pruned on their own turn
    expect(await db.metrics.where('device').equals('dev2').count()).toBe(1);
    const st = await db.syncState.get('dev1');
    expect(st?.fiveMinFrom).toBe(NOW - 2 * DAY);
    expect(st?.dailyFrom).toBe(NOW - 366 * DAY);
  });

  it('fetches only what lies outside the held range, keeping it contiguous', () => {
    expect(missingRanges(100, 200)).toEqual([[100, 200]]);
    expect(missingRanges(100, 200, 150, 180)).toEqual([
      [100, 150],
      [180, 200],
    ]);
    expect(missingRanges(150, 180, 100, 200)).toEqual([]);
    // a range wholly earlier than held loads up to the held start (no hole)
    expect(missingRanges(10, 20, 100, 200)).toEqual([[10, 100]]);
  });
});

describe('History.ensure', () => {
  it('loads on demand when the range goes earlier than held, and not again', async () => {
    const answers = (q: Record<string, unknown>) => {
      const from = q.from as number;
      const to = q.to as number;
      const rows = [];
      for (let t = Math.ceil(from / 300) * 300; t < to; t += 300) rows.push({ time: t, tempc0: t % 7 });
      return toCoded(rows);
    };
    const { conn, calls } = fakeConnection({ 'weatherMetrics/query': answers });
    const history = new History(db, conn);
    await history.ensureKind('dev1', '5m', NOW - 3600, NOW, NOW);
    expect(calls.map((c) => [c.query?.from, c.query?.to, c.query?.type])).toEqual([[NOW - 3600, NOW, '5m']]);
    expect(await db.metrics.count()).toBe(12);
    // same range again: nothing to fetch but the newest bucket after what is held
    await history.ensureKind('dev1', '5m', NOW - 3600, NOW, NOW);
    expect(calls).toHaveLength(1);
    // earlier: only the missing part is asked for
    await history.ensureKind('dev1', '5m', NOW - 7200, NOW - 3600, NOW);
    expect(calls[1].query).toMatchObject({ from: NOW - 7200, to: NOW - 3600 });
    expect(await db.metrics.count()).toBe(24);
    expect(await db.syncState.get('dev1')).toMatchObject({ fiveMinFrom: NOW - 7200, fiveMinTo: NOW });
    // beyond the 2-day retention nothing is asked at 5 minutes
    await history.ensureKind('dev1', '5m', NOW - 10 * 86400, NOW - 9 * 86400, NOW);
    expect(calls).toHaveLength(2);
    // a range reaching into the future is held up to now only (the rest is asked for again later)
    await history.ensureKind('dev2', '5m', NOW - 600, NOW + 3600, NOW);
    expect((await db.syncState.get('dev2'))?.fiveMinTo).toBe(NOW);
  });

  it('catches up after a reconnect: from the held end to now, for what is held only', async () => {
    const answers = (q: Record<string, unknown>) => {
      const rows = [];
      for (let t = Math.ceil((q.from as number) / 300) * 300; t < (q.to as number); t += 300)
        rows.push({ time: t, tempc0: 1 });
      return toCoded(rows);
    };
    const { conn, calls } = fakeConnection({ 'weatherMetrics/query': answers });
    const history = new History(db, conn);
    // Nothing held: nothing is loaded.
    await history.catchUp('dev1', NOW);
    expect(calls).toHaveLength(0);
    await history.ensureKind('dev1', '5m', NOW - 3600, NOW, NOW);
    // 20 minutes later (the socket was down): the missed rows from the held end (and its possibly partial
    // bucket) to now are loaded, and the held range reaches now.
    await history.catchUp('dev1', NOW + 1200);
    expect(calls[1].query).toMatchObject({ from: NOW - 300, to: NOW + 1200, type: '5m' });
    expect(calls).toHaveLength(2); // no daily range held
    expect(
      await db.metrics
        .where('[device+time]')
        .between(['dev1', NOW], ['dev1', NOW + 1200])
        .count(),
    ).toBe(4);
    expect((await db.syncState.get('dev1'))?.fiveMinTo).toBe(NOW + 1200);
  });

  it('reloads what is held from a corrected time on, replacing the stale rows (issue 24)', async () => {
    let value = 1;
    const answers = (q: Record<string, unknown>) => {
      const rows = [];
      for (let t = Math.ceil((q.from as number) / 300) * 300; t < (q.to as number); t += 300)
        rows.push({ time: t, tempc0: value });
      return toCoded(rows);
    };
    const { conn, calls } = fakeConnection({ 'weatherMetrics/query': answers });
    const history = new History(db, conn);
    // Nothing held: nothing is loaded.
    await history.reload('dev1', NOW - 1800, NOW);
    expect(calls).toHaveLength(0);
    await history.ensureKind('dev1', '5m', NOW - 3600, NOW, NOW);
    // The owner corrected the last half hour: those rows are read again and replace the held ones; older stay.
    value = 2;
    await history.reload('dev1', NOW - 1800 + 10, NOW);
    expect(calls[1].query).toMatchObject({ from: NOW - 1800, to: NOW, type: '5m' });
    expect(calls).toHaveLength(2); // no daily range held
    const held = await db.metrics.where('device').equals('dev1').sortBy('time');
    expect(held.map((r) => r.tempc0)).toEqual([1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2]);
  });
});
