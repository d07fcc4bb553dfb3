// Hooks over the share invitations in Dexie (issue #10): what the Shares page, the Devices page's share panel and
// the menu badge show. undefined while the first query runs.
import type { ShareInvitation } from '../domain/contract';
import { useStoreQuery } from './store';

const byNewest = (a: ShareInvitation, b: ShareInvitation) => b.createdAt - a.createdAt;

/** Invitations the user received (pending and accepted), newest first. */
export function useReceivedInvitations(): ShareInvitation[] | undefined {
  return useStoreQuery(
    async (db) => (await db.shareInvitations.where('role').equals('received').toArray()).sort(byNewest),
    [],
  );
}

/** What the owner sent for one station, newest first. */
export function useSentInvitations(device: string): ShareInvitation[] | undefined {
  return useStoreQuery(
    async (db) =>
      (await db.shareInvitations.where('device').equals(device).toArray())
        .filter((i) => i.role === 'sent')
        .sort(byNewest),
    [device],
  );
}

/** How many invitations wait for the user's answer (menu badge). */
export function usePendingInvitationCount(): number {
  return (
    useStoreQuery(
      (db) =>
        db.shareInvitations
          .where('role')
          .equals('received')
          .filter((i) => i.status === 'pending')
          .count(),
      [],
    ) ?? 0
  );
}
