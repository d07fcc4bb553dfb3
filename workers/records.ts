// Station records (issue 13): the server's answer kept in Dexie `records`, so the records view works offline.
// Loaded when a station is opened and when the records view asks; a queued reset is not undone by a load.
import type { PortalDb } from '../src/db/schema';
import { SERVICES } from '../src/domain/contract';
import type { StationRecords } from '../src/domain/records';
import type { Connection } from './connection';

/** A reset of this station's records is waiting in the outbox: the server's older answer must not return. */
async function resetQueued(db: PortalDb, device: string): Promise<boolean> {
  const n = await db.outbox
    .filter((r) => r.service === SERVICES.records && r.method === 'remove' && r.recordId === device)
    .count();
  return n > 0;
}

export async function storeRecords(db: PortalDb, answer: StationRecords | null | undefined): Promise<void> {
  if (!answer?.device || !answer.periods) return;
  if (await resetQueued(db, answer.device)) return;
  await db.records.put(answer);
}

export async function loadRecords(db: PortalDb, conn: Connection, device: string): Promise<void> {
  if (conn.getState().auth !== 'authenticated') return;
  await storeRecords(db, await conn.find(SERVICES.records, { device }));
}
