// Backfill from the vendors' clouds (issue 27; server/services/backfill): the station's stored keys (masked) and
// backfills, starting one, its progress, cancelling it and forgetting the keys. Service calls only, online only;
// nothing of it is kept in Dexie (the keys never reach the device's storage).
import type { BackfillJob, BackfillRequest, BackfillState } from '../src/domain/backfill';
import type { Connection } from './connection';

export async function backfillState(conn: Connection, device: string): Promise<BackfillState> {
  return conn.find('backfill', { device });
}

export async function startBackfill(conn: Connection, req: BackfillRequest): Promise<BackfillJob> {
  return conn.create('backfill', req);
}

export async function cancelBackfill(conn: Connection, job: string): Promise<BackfillJob> {
  return conn.patch('backfill', job, { action: 'cancel' });
}

export async function forgetBackfillKeys(conn: Connection, device: string): Promise<void> {
  await conn.remove('backfill', device);
}
