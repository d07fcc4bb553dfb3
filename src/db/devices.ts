// Device order and ownership (spec §3): owned if device.user is the current user, shared if the user is in
// shareUsers, otherwise public. The list is sorted owned, shared, public (src/domain/stations.ts); within a group,
// the server's order.
import type { Device } from '../domain/contract';
import { relation, stationRank } from '../domain/stations';

export type Relation = 'owned' | 'shared' | 'public';

export function relationOf(device: Device, userId?: string | null): Relation {
  const r = relation(device, userId ? { _id: userId } : null);
  return r === 'owner' ? 'owned' : r === 'shared' ? 'shared' : 'public';
}

export function sortDevices(devices: Device[], userId?: string | null, serverOrder: string[] = []): Device[] {
  const pos = new Map(serverOrder.map((id, i) => [id, i]));
  const me = userId ? { _id: userId } : null;
  // Stations the client holds are all visible to it: a private one it does not own ranks with the public ones.
  const rank = (d: Device) => Math.min(stationRank(d, me), 2);
  return [...devices].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (pos.get(a._id) ?? Number.MAX_SAFE_INTEGER) - (pos.get(b._id) ?? Number.MAX_SAFE_INTEGER) ||
      (a.order ?? 0) - (b.order ?? 0) ||
      a.name.localeCompare(b.name),
  );
}
