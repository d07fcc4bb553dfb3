import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { enqueue } from '../src/db/outbox';
import { emptyRecords, type StationRecords } from '../src/domain/records';
import { loadRecords } from './records';
import { fakeConnection, tempDb } from './testing';

const answer = (device: string): StationRecords => ({
  device,
  resetAt: null,
  computedAt: 1_700_000_000,
  periods: { ...emptyRecords(), allTime: { tempc0: { max: { value: 35.2, time: 1_690_000_000 } } } },
});

describe('station records in Dexie', () => {
  it("keeps the server's answer per station, for the records view offline", async () => {
    const db = tempDb();
    const { conn, calls } = fakeConnection({ 'weatherDevices/records': (q) => answer(String(q.device)) });
    await loadRecords(db, conn, 'd1');
    expect(calls.map((c) => c.query)).toEqual([{ device: 'd1' }]);
    expect((await db.records.get('d1'))?.periods.allTime.tempc0.max).toEqual({
      value: 35.2,
      time: 1_690_000_000,
    });
  });

  it('a reset waiting in the outbox is not undone by an older answer', async () => {
    const db = tempDb();
    await db.records.put({
      device: 'd1',
      resetAt: 1_700_000_100,
      computedAt: 1_700_000_100,
      periods: emptyRecords(),
    });
    await enqueue(db, { service: 'weatherDevices/records', method: 'remove', recordId: 'd1' });
    const { conn } = fakeConnection({ 'weatherDevices/records': () => answer('d1') });
    await loadRecords(db, conn, 'd1');
    expect((await db.records.get('d1'))?.periods.allTime).toEqual({});
  });

  it('asks nothing while signed out', async () => {
    const db = tempDb();
    const { conn, calls } = fakeConnection({}, { auth: 'unauthenticated' });
    await loadRecords(db, conn, 'd1');
    expect(calls).toHaveLength(0);
  });
});
