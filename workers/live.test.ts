import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { pruneLive } from '../src/db/rows';
import { toRow } from '../src/db/schema';
import { SETTING } from '../src/db/settings';
import type { LiveSample } from '../src/domain/contract';
import { Live } from './live';
import type { Sync } from './sync';
import { fakeConnection, tempDb } from './testing';

const NOW = 1_700_000_000;
const sample = (s: Record<string, unknown>) => s as unknown as LiveSample;

describe('live samples', () => {
  it('prunes samples older than 5 minutes but always keeps the newest per device', async () => {
    const db = tempDb();
    await db.live.bulkPut([
      toRow('a', { time: NOW - 900, tempc0: 1 }),
      toRow('a', { time: NOW - 301, tempc0: 2 }),
      toRow('a', { time: NOW - 299, tempc0: 3 }),
      toRow('a', { time: NOW - 10, tempc0: 4 }),
      toRow('b', { time: NOW - 3600, tempc0: 5 }),
      toRow('b', { time: NOW - 7200, tempc0: 6 }),
    ]);
    expect(await pruneLive(db, 'a', NOW)).toBe(2);
    expect(await pruneLive(db, 'b', NOW)).toBe(1);
    expect((await db.live.toArray()).map((r) => [r.device, r.tempc0])).toEqual([
      ['a', 3],
      ['a', 4],
      ['b', 5], // an hour old, but the newest of b: kept for offline display
    ]);
  });

  it('stores samples without the hash and re-initialises metric definitions when the hash differs', async () => {
    const db = tempDb();
    await db.settings.put({ key: SETTING.metricsHash, value: 'h1' });
    const { conn } = fakeConnection({});
    let reloads = 0;
    const sync = {
      loadMetricDefs: async () => {
        reloads++;
      },
    } as unknown as Sync;
    const live = new Live(db, conn, sync);
    const now = Math.floor(Date.now() / 1000);
    await live.onSample(sample({ device: 'a', time: now, tempc0: 20, hash: 'h1' }));
    expect(reloads).toBe(0);
    await live.onSample(sample({ device: 'a', time: now + 16, tempc0: 21, hash: 'h2' }));
    expect(reloads).toBe(1);
    expect((await db.live.toArray()).map((r) => ({ ...r }))).toEqual([
      { device: 'a', time: now, tempc0: 20 },
      { device: 'a', time: now + 16, tempc0: 21 },
    ]);
  });

  /** A sync that records which stations' newest sample was read. */
  const readingSync = () => {
    const read: string[] = [];
    return { read, sync: { loadLastData: async (id: string) => void read.push(id) } as unknown as Sync };
  };

  it('watches the selected device, or all of them in manage mode', async () => {
    const db = tempDb();
    await db.devices.bulkPut(
      ['a', 'b'].map((id) => ({
        _id: id,
        wsid: id,
        name: id,
        user: 'u',
        shareUsers: [],
        consoletype: 0,
        timezone: 'UTC',
        channelNameMapping: [],
        shareMode: 'private' as const,
      })),
    );
    const { conn, calls } = fakeConnection({
      'create weatherDevices/watch': () => ({}),
      'remove weatherDevices/watch': () => ({}),
    });
    const { read, sync } = readingSync();
    const live = new Live(db, conn, sync);
    await live.select('a');
    await live.select('a', true);
    await live.select('b');
    expect(calls.map((c) => [c.method, c.data ?? c.query])).toEqual([
      ['create', { id: 'a' }],
      ['create', { id: 'b' }],
      ['remove', { id: 'a' }],
    ]);
    // Each station's newest sample is read once it is watched: what was stored before the join reached no one.
    expect(read).toEqual(['a', 'b']);
  });

  it("remembers its own choice, not the page's report of a choice the page has overtaken", async () => {
    const db = tempDb();
    const { conn } = fakeConnection({ 'create weatherDevices/watch': () => ({}) });
    const live = new Live(db, conn, readingSync().sync);
    await live.select('a'); // the worker's choice (public station page): stored
    expect((await db.settings.get(SETTING.lastViewDevice))?.value).toBe('a');
    // The page chose b (stored by the page), then its report that it still showed a arrives late.
    await db.settings.put({ key: SETTING.lastViewDevice, value: 'b' });
    await live.select('a', false, false);
    expect(live.selectedDevice).toBe('a');
    expect((await db.settings.get(SETTING.lastViewDevice))?.value).toBe('b');
  });

  it('watches the stations of the other tabs too, and leaves one no tab shows (issue 32)', async () => {
    const db = tempDb();
    await db.devices.bulkPut(
      ['a', 'b', 'c'].map((id) => ({
        _id: id,
        wsid: id,
        name: id,
        user: 'u',
        shareUsers: [],
        consoletype: 0,
        timezone: 'UTC',
        channelNameMapping: [],
        shareMode: 'private' as const,
      })),
    );
    const { conn, calls } = fakeConnection({
      'create weatherDevices/watch': () => ({}),
      'remove weatherDevices/watch': () => ({}),
    });
    const { read, sync } = readingSync();
    const live = new Live(db, conn, sync);
    // Tab 1 shows a, tab 2 shows b (and a station since removed: not asked for).
    await live.share(['a', 'b', 'gone'], false);
    await live.select('a', false, false);
    // Tab 1 moves to c (the leader sends the new union first, then the selection): b stays watched for tab 2,
    // a is left once nothing shows it.
    await live.share(['b', 'c'], false);
    await live.select('c', false, false);
    // A tab in manage mode: every station.
    await live.share(['c'], true);
    expect(calls.map((c) => [c.method, c.data ?? c.query])).toEqual([
      ['create', { id: ['a', 'b'] }],
      ['create', { id: 'c' }],
      ['remove', { id: 'a' }],
      ['create', { id: 'a' }],
    ]);
    // A new leader's join of another tab's station reads what it missed (e2e/one-socket.spec.ts's takeover).
    expect(read).toEqual(['a', 'b', 'c', 'a']);
  });
});
