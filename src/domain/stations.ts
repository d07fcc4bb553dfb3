// How a caller relates to a station, and the order station lists come in (docs/architecture.md §3 Permissions, spec §3):
// the server, the mocks and the client's sorted list all decide it here.
import type { ShareMode } from './deviceFields';

/** The fields of a station the relation depends on. */
export interface StationAccess {
  user: string;
  shareUsers?: readonly string[];
  shareMode?: ShareMode;
  order?: number;
  createdAt?: number | string;
}

export interface Caller {
  _id: string;
  isAdmin?: boolean;
  /** Admins' role: an 'editor' may do everything an admin does but delete (issue #15, #20). */
  adminType?: 'admin' | 'editor';
}

/** null: the caller may not see the station at all. */
export type Relation = 'owner' | 'shared' | 'admin' | 'public' | 'unlist' | null;

export function relation(station: StationAccess, caller: Caller | null | undefined): Relation {
  if (caller && station.user === caller._id) return 'owner';
  if (caller && station.shareUsers?.includes(caller._id)) return 'shared';
  if (caller?.isAdmin) return 'admin';
  if (station.shareMode === 'public') return 'public';
  if (station.shareMode === 'unlist') return 'unlist';
  return null;
}

export const canRead = (s: StationAccess, c: Caller | null | undefined) => relation(s, c) !== null;

export function canWrite(s: StationAccess, c: Caller | null | undefined): boolean {
  const r = relation(s, c);
  return r === 'owner' || r === 'admin';
}

/** Deleting a station or its records: its owner, or an admin who is not an editor. */
export function canDelete(s: StationAccess, c: Caller | null | undefined): boolean {
  const r = relation(s, c);
  return r === 'owner' || (r === 'admin' && c?.adminType !== 'editor');
}

/** List groups: own stations (an admin's view of any), then shared with the caller, then public ones. */
export const RELATION_RANK: Record<NonNullable<Relation>, number> = {
  owner: 0,
  admin: 0,
  shared: 1,
  public: 2,
  unlist: 2,
};

export function stationRank(s: StationAccess, c: Caller | null | undefined): number {
  const r = relation(s, c);
  return r ? RELATION_RANK[r] : 3;
}

/** The order of a station list: group (stationRank), then the owner's `order`, then oldest first. */
export function compareStations(a: StationAccess, b: StationAccess, c: Caller | null | undefined): number {
  return (
    stationRank(a, c) - stationRank(b, c) ||
    (a.order ?? 0) - (b.order ?? 0) ||
    Number(a.createdAt ?? 0) - Number(b.createdAt ?? 0)
  );
}
