// The owner's reset of a station's records (issue #13): empty at once (offline too), one `remove` queued; the
// server's answer to it replaces the local copy.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { emptyRecords } from '../domain/records';
import { applyAnswer } from './apply';
import { resetRecords } from './records';
import { signedInDb } from './testing';

const db = signedInDb('records-edits');

describe('resetRecords', () => {
  it('empties the records locally and queues the reset', async () => {
    await db.records.put({
      device: 'd1',
      resetAt: null,
      computedAt: 1,
      periods: { ...emptyRecords(), allTime: { tempc0: { max: { value: 30, time: 5 } } } },
    });
    await resetRecords('d1');
    const local = await db.records.get('d1');
    expect(local?.periods.allTime).toEqual({});
    expect(local?.resetAt).toBeGreaterThan(1_700_000_000);
    const rows = await db.outbox.toArray();
    expect(rows.map((r) => [r.service, r.method, r.recordId])).toEqual([
      ['weatherDevices/records', 'remove', 'd1'],
    ]);

    const answer = {
      device: 'd1',
      resetAt: 1_800_000_000,
      computedAt: 1_800_000_000,
      periods: emptyRecords(),
    };
    await applyAnswer(db, 'weatherDevices/records', answer, 'remove');
    expect((await db.records.get('d1'))?.resetAt).toBe(1_800_000_000);
  });
});
