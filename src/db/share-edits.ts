// Share actions (issue #10) as write-through edits, like src/db/edits.ts: Dexie at once (the screen shows it),
// an outbox mutation in the same transaction, then a flush request. Offline they wait in the outbox.
import { SERVICES, type ShareInvitation } from '../domain/contract';
import { getEditsDb, requestFlush } from './edits';
import { enqueue } from './outbox';
import { isLocal } from './shares';

const uuid = (): string =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}`;

/** The owner invites an address to a station; shown as pending until the server's record replaces it. */
export async function inviteToStation(device: { _id: string; name: string }, email: string): Promise<void> {
  const db = await getEditsDb();
  const address = email.trim().toLowerCase();
  await db.transaction('rw', [db.shareInvitations, db.outbox], async () => {
    const already = await db.shareInvitations
      .where('device')
      .equals(device._id)
      .filter((r) => r.role === 'sent' && r.email === address)
      .count();
    if (already) return;
    const id = uuid();
    await db.shareInvitations.put({
      _id: `local:${id}`,
      device: device._id,
      deviceName: device.name,
      email: address,
      status: 'pending',
      role: 'sent',
      recipient: null,
      createdAt: Date.now(),
    });
    await enqueue(db, {
      id,
      service: SERVICES.shareInvitations,
      method: 'create',
      data: { device: device._id, email: address },
    });
  });
  void requestFlush();
}

/** The invited person accepts or declines. */
export async function answerInvitation(inv: ShareInvitation, status: 'accepted' | 'declined'): Promise<void> {
  const db = await getEditsDb();
  await db.transaction('rw', [db.shareInvitations, db.outbox], async () => {
    if (status === 'accepted') await db.shareInvitations.update(inv._id, { status });
    else await db.shareInvitations.delete(inv._id);
    await enqueue(db, {
      service: SERVICES.shareInvitations,
      method: 'patch',
      recordId: inv._id,
      data: { status },
    });
  });
  void requestFlush();
}

/** The owner revokes an invitation or a share; the recipient leaves a share. */
export async function removeInvitation(inv: ShareInvitation): Promise<void> {
  const db = await getEditsDb();
  await db.transaction('rw', [db.shareInvitations, db.outbox], async () => {
    await db.shareInvitations.delete(inv._id);
    // Not sent yet: dropping the queued invite is the whole revocation.
    if (isLocal(inv._id)) {
      await db.outbox.where('id').equals(inv._id.slice('local:'.length)).delete();
      return;
    }
    await enqueue(db, { service: SERVICES.shareInvitations, method: 'remove', recordId: inv._id });
  });
  void requestFlush();
}
