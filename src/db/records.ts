// Station records in Dexie (issue 13): the records view reads them (offline too); the owner's reset is an
// outbox edit, shown at once as empty records counting from now.
import { SERVICES } from '../domain/contract';
import { emptyRecords, type StationRecords } from '../domain/records';
import { getEditsDb, requestFlush } from './edits';
import { enqueue } from './outbox';
import { useStoreQuery } from './store';

/** The stored records of a station; null when none are held yet, undefined while the query runs. */
export function useRecords(device?: string): StationRecords | null | undefined {
  return useStoreQuery(async (db) => (device ? ((await db.records.get(device)) ?? null) : null), [device]);
}

export async function resetRecords(device: string): Promise<void> {
  const db = await getEditsDb();
  const now = Math.floor(Date.now() / 1000);
  await db.transaction('rw', [db.records, db.outbox], async () => {
    await db.records.put({ device, resetAt: now, computedAt: now, periods: emptyRecords() });
    await enqueue(db, { service: SERVICES.records, method: 'remove', recordId: device });
  });
  void requestFlush();
}
