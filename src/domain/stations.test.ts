import { describe, expect, it } from 'vitest';
import { canRead, canWrite, compareStations, relation, type StationAccess, stationRank } from './stations';

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
