import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { loadClimate } from './climate';
import { fakeConnection, tempDb } from './testing';

describe('climate summaries (issue 26)', () => {
  it('asks for a month or a year, keeps the answer, and gives the kept one offline', async () => {
    const db = tempDb();
    const { conn, calls } = fakeConnection({
      'weatherDevices/climate': (q) => (q.format === 'noaa' ? 'NOAA TEXT' : { period: q.month ?? q.year }),
    });
    expect(await loadClimate(db, conn, 'd1', '2025-01', 'json')).toEqual({ period: '2025-01' });
    expect(await loadClimate(db, conn, 'd1', '2025', 'noaa')).toBe('NOAA TEXT');
    expect(calls.map((c) => c.query)).toEqual([
      { device: 'd1', month: '2025-01', format: 'json' },
      { device: 'd1', year: '2025', format: 'noaa' },
    ]);
    (conn as { connected: boolean }).connected = false;
    expect(await loadClimate(db, conn, 'd1', '2025-01', 'json')).toEqual({ period: '2025-01' });
    expect(await loadClimate(db, conn, 'd1', '2024', 'json')).toBeNull();
    expect(calls).toHaveLength(2);
    // Connected but not yet authenticated (a fresh socket): no guest call, the kept copy.
    (conn as { connected: boolean }).connected = true;
    const { conn: fresh, calls: none } = fakeConnection({}, { auth: 'authenticating' });
    expect(await loadClimate(db, fresh, 'd1', '2025', 'noaa')).toBe('NOAA TEXT');
    expect(none).toHaveLength(0);
    // Normals and a comparison year go into the query and the kept copy's key.
    await loadClimate(db, conn, 'd1', '2025-01', 'json', { normals: true, compare: '2024' });
    expect(calls.at(-1)?.query).toEqual({
      device: 'd1',
      month: '2025-01',
      format: 'json',
      normals: '1',
      compare: '2024',
    });
  });
});
