// Share invitations in Dexie (issue #10): written by the worker (sync, live events, outbox answers), read by the
// Shares page and the Devices page's share panel. A queued invite lives as `local:<outbox id>` until the server's
// record replaces it.
import type { ShareInvitation } from '../domain/contract';
import type { PortalDb } from './schema';

export const isLocal = (id: string) => id.startsWith('local:');

/** A server record (event or answer): declined ones are gone for the recipient; it replaces a queued copy. */
export async function applyInvitation(db: PortalDb, inv: ShareInvitation): Promise<void> {
  await db.transaction('rw', db.shareInvitations, async () => {
    await db.shareInvitations
      .filter(
        (r) => isLocal(r._id) && r.device === inv.device && r.email === inv.email && r.role === inv.role,
      )
      .delete();
    if (inv.status === 'declined') await db.shareInvitations.delete(inv._id);
    else await db.shareInvitations.put(inv);
  });
}

/** The server's whole list; invites still queued in the outbox stay. */
export async function replaceInvitations(db: PortalDb, list: ShareInvitation[]): Promise<void> {
  await db.transaction('rw', db.shareInvitations, db.outbox, async () => {
    const queued = new Set((await db.outbox.toArray()).map((m) => `local:${m.id}`));
    await db.shareInvitations.filter((r) => !isLocal(r._id) || !queued.has(r._id)).delete();
    await db.shareInvitations.bulkPut(list.filter((i) => i.status !== 'declined'));
  });
}
