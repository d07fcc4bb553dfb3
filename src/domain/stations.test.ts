import { describe, expect, it } from 'vitest';
import {
  canDelete,
  canRead,
  canWrite,
  compareStations,
  relation,
  type StationAccess,
  stationRank,
} from './stations';

const owner = { _id: 'u1' };
const friend = { _id: 'u2' };
const admin = { _id: 'a', isAdmin: true };
const station = (s: Partial<StationAccess> = {}): StationAccess => ({
  user: 'u1',
  shareUsers: ['u2'],
  shareMode: 'private',
  ...s,
});

describe('relation', () => {
  it('is owner, shared, admin, then what the share mode allows anyone', () => {
    expect(relation(station(), owner)).toBe('owner');
    expect(relation(station(), friend)).toBe('shared');
    expect(relation(station(), admin)).toBe('admin');
    expect(relation(station(), { _id: 'x' })).toBeNull();
    expect(relation(station({ shareMode: 'public' }), null)).toBe('public');
    expect(relation(station({ shareMode: 'unlist' }), { _id: 'x' })).toBe('unlist');
  });

  it('lets owners and admins write, anyone with a relation read', () => {
    expect(canWrite(station(), owner) && canWrite(station(), admin)).toBe(true);
    expect(canWrite(station(), friend)).toBe(false);
    expect(canRead(station(), friend)).toBe(true);
    expect(canRead(station(), null)).toBe(false);
  });
});

describe('station order', () => {
  it('groups own, shared, then public and unlisted; then order, then oldest first', () => {
    const list = [
      station({ user: 'z', shareMode: 'public', createdAt: 1 }),
      station({ user: 'z', shareUsers: ['u1'], createdAt: 2 }),
      station({ order: 2, createdAt: 3 }),
      station({ order: 1, createdAt: 5 }),
      station({ order: 1, createdAt: 4 }),
    ];
    expect([...list].sort((a, b) => compareStations(a, b, owner)).map((s) => s.createdAt)).toEqual([
      4, 5, 3, 2, 1,
    ]);
    expect(stationRank(station(), { _id: 'x' })).toBe(3);
    expect(stationRank(station(), admin)).toBe(0);
  });
});

describe('deleting and ordering (mutation survivors, issue 30)', () => {
  const st: StationAccess = { user: 'u1', shareUsers: ['u2'], shareMode: 'public' };
  it('the owner or an admin who is not an editor may delete', () => {
    expect(canDelete(st, { _id: 'u1' })).toBe(true);
    expect(canDelete(st, { _id: 'a', isAdmin: true })).toBe(true);
    expect(canDelete(st, { _id: 'a', isAdmin: true, adminType: 'admin' })).toBe(true);
    expect(canDelete(st, { _id: 'a', isAdmin: true, adminType: 'editor' })).toBe(false);
    expect(canDelete(st, { _id: 'u2' })).toBe(false);
    expect(canDelete(st, { _id: 'u3' })).toBe(false);
    expect(canDelete(st, null)).toBe(false);
  });
  it('a station shared with nobody: another user’s relation is its share mode', () => {
    expect(relation({ user: 'u1' }, { _id: 'u3' })).toBeNull();
    expect(relation({ user: 'u1', shareMode: 'unlist' }, { _id: 'u3' })).toBe('unlist');
  });
  it('a missing order or creation time counts as 0', () => {
    const own = (v: Partial<StationAccess>): StationAccess => ({ user: 'u1', ...v });
    expect(compareStations(own({ createdAt: 9 }), own({ order: 1, createdAt: 1 }), { _id: 'u1' })).toBe(-1);
    expect(compareStations(own({ order: 1, createdAt: 1 }), own({ createdAt: 9 }), { _id: 'u1' })).toBe(1);
    expect(compareStations(own({}), own({ createdAt: 5 }), { _id: 'u1' })).toBe(-5);
    expect(compareStations(own({ createdAt: '7' }), own({}), { _id: 'u1' })).toBe(7);
  });
});
