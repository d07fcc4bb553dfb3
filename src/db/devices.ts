// Device order and ownership (spec §3): owned if device.user is the current user, shared if the user is in
// shareUsers, otherwise public. The list is sorted owned, shared, public; within a group, the server's order.
import type { Device } from '../api/contract';

export type Relation = 'owned' | 'shared' | 'public';

const RANK: Record<Relation, number> = { owned: 0, shared: 1, public: 2 };

export function relationOf(device: Device, userId?: string | null): Relation {
  if (userId && device.user === userId) return 'owned';
  if (userId && device.shareUsers?.includes(userId)) return 'shared';
  return 'public';
}

export function sortDevices(devices: Device[], userId?: string | null, serverOrder: string[] = []): Device[] {
  const pos = new Map(serverOrder.map((id, i) => [id, i]));
  return [...devices].sort(
    (a, b) =>
      RANK[relationOf(a, userId)] - RANK[relationOf(b, userId)] ||
      (pos.get(a._id) ?? Number.MAX_SAFE_INTEGER) - (pos.get(b._id) ?? Number.MAX_SAFE_INTEGER) ||
      (a.order ?? 0) - (b.order ?? 0) ||
      a.name.localeCompare(b.name),
  );
}
