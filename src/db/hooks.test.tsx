// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Device } from '../domain/contract';
import {
  PAINT_FROM_KEPT,
  readLatest,
  readSeenKeys,
  readTodayMinMax,
  setHooksDb,
  useAuth,
  useDevice,
  useDevices,
  useDisplaySettings,
  useLatest,
  useSelectedDeviceId,
  useUnits,
} from './hooks';
import { keptFromBoot } from './kept';
import { PortalDb, toRow } from './schema';
import { SETTING } from './settings';

const db = new PortalDb(`hooks-${Math.random()}`);
setHooksDb(db);
beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});
afterAll(() => db.delete());
// Unmounted, so no hook renders a later store change after this file's DOM is gone (answers render as transitions).
afterEach(() => cleanup());

const device = (id: string, user: string, extra: Partial<Device> = {}): Device => ({
  _id: id,
  wsid: `WS${id}`,
  name: id,
  user,
  shareUsers: [],
  consoletype: 0,
  timezone: 'UTC',
  channelNameMapping: [],
  shareMode: 'private',
  ...extra,
});

describe('useLatest source priority', () => {
  it('the newest reading wins: last data reloaded after a reconnect beats an older live sample', async () => {
    await db.live.put(toRow('d1', { time: 1000, tempc0: 21.1 }));
    await db.syncState.put({ device: 'd1', lastData: { device: 'd1', last: { time: 1600, tempc0: 24.2 } } });
    expect(await readLatest(db, 'd1')).toMatchObject({
      sample: { tempc0: 24.2 },
      time: 1600,
      changes: { tempc0: 'up' },
    });
    // A live sample newer than last data wins again.
    await db.live.put(toRow('d1', { time: 1616, tempc0: 24.4 }));
    expect((await readLatest(db, 'd1')).sample).toEqual({ time: 1616, tempc0: 24.4 });
  });

  it('newest live sample, else newest 5-minute row, else lastData.last', async () => {
    await db.syncState.put({ device: 'd1', lastData: { device: 'd1', last: { time: 100, tempc0: 1 } } });
    expect(await readLatest(db, 'd1')).toMatchObject({ sample: { time: 100, tempc0: 1 }, time: 100 });

    await db.metrics.bulkPut([toRow('d1', { time: 300, tempc0: 2 }), toRow('d1', { time: 600, tempc0: 3 })]);
    expect(await readLatest(db, 'd1')).toMatchObject({ sample: { time: 600, tempc0: 3 }, time: 600 });

    await db.live.bulkPut([toRow('d1', { time: 616, tempc0: 4 }), toRow('d1', { time: 632, tempc0: 5 })]);
    await db.live.put(toRow('d2', { time: 9999, tempc0: 50 })); // other device: ignored
    const latest = await readLatest(db, 'd1');
    expect(latest.sample).toEqual({ time: 632, tempc0: 5 });
    expect(latest.time).toBe(632);
  });

  it('the hook follows writes (live sample arrives after the 5-minute row)', async () => {
    await db.metrics.put(toRow('d1', { time: 600, tempc0: 3 }));
    const { result } = renderHook(() => useLatest('d1'));
    await waitFor(() => expect(result.current?.time).toBe(600));
    await db.live.put(toRow('d1', { time: 616, tempc0: 4 }));
    await waitFor(() => expect(result.current?.sample?.tempc0).toBe(4));
  });

  it('change indicator per key against each metric’s sensitivity', async () => {
    await db.live.bulkPut([
      toRow('d1', { time: 600, tempc0: 20.0, humc0: 50, relbaro: 1013.2, windspd: 3 }),
      toRow('d1', { time: 616, tempc0: 20.1, humc0: 50.4, relbaro: 1012.9, windspd: 3 }),
    ]);
    const { changes } = await readLatest(db, 'd1');
    // 0.1 °C is a step up; 0.4 % is under the 1 % sensitivity; baro down 0.3 hPa; wind unchanged.
    expect(changes).toEqual({ tempc0: 'up', humc0: 'nochange', relbaro: 'down', windspd: 'nochange' });
  });
});

describe('other hooks', () => {
  it('useAuth: undefined while loading, null when signed out, the session when stored', async () => {
    const { result } = renderHook(() => useAuth());
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current).toBeNull());
    const user = { _id: 'u1', email: 'a@b.c', verified: true };
    await db.settings.put({ key: SETTING.auth, value: { accessToken: 'jwt', user } });
    await waitFor(() => expect(result.current).toEqual({ accessToken: 'jwt', user }));
  });

  it('useDevices: owned, shared, public; server order within a group; selected falls back to the first', async () => {
    await db.settings.put({
      key: SETTING.auth,
      value: { accessToken: 'jwt', user: { _id: 'me', email: 'x', verified: true } },
    });
    await db.devices.bulkPut([
      device('pub', 'other'),
      device('shared', 'other', { shareUsers: ['me'] }),
      device('own2', 'me'),
      device('own1', 'me'),
    ]);
    await db.settings.put({ key: SETTING.deviceOrder, value: ['own1', 'own2', 'shared', 'pub'] });
    const { result } = renderHook(() => ({ list: useDevices(), selected: useSelectedDeviceId() }));
    await waitFor(() =>
      expect(result.current.list?.map((d) => d._id)).toEqual(['own1', 'own2', 'shared', 'pub']),
    );
    await waitFor(() => expect(result.current.selected).toBe('own1'));
    await db.settings.put({ key: SETTING.lastViewDevice, value: 'shared' });
    await waitFor(() => expect(result.current.selected).toBe('shared'));
  });

  it('useDisplaySettings: the domain default until one is stored', async () => {
    await db.devices.put(device('d1', 'me'));
    const { result } = renderHook(() => useDisplaySettings('d1'));
    await waitFor(() => expect(result.current?.weatherDevice).toBe('d1'));
    expect(result.current?.graphList).toEqual([]);
    expect(result.current?.detailList).toEqual(['pmChannel1', 'pmChannel2', 'pmChannel3', 'pmChannel4']);
    expect(result.current?.metricsList.length).toBeGreaterThan(3);
    await db.displaySettings.put({
      _id: 'x',
      weatherDevice: 'd1',
      metricsList: ['outdoor'],
      detailList: [],
      graphList: ['tempc0'],
      graphRange: 'week',
    });
    await waitFor(() => expect(result.current?.metricsList).toEqual(['outdoor']));
  });

  it('useUnits: stored preferences over the defaults', async () => {
    const { result } = renderHook(() => useUnits());
    expect(result.current.temperature).toBe('C');
    await db.settings.put({ key: SETTING.units, value: { temperature: 'F' } });
    await waitFor(() => expect(result.current.temperature).toBe('F'));
    expect(result.current.pressure).toBe('hPa');
  });

  it("seen keys: the newest reading, today's range, and the held history's keys as the worker keeps them", async () => {
    await db.devices.put(device('d1', 'me'));
    await db.live.put(toRow('d1', { time: 1_700_000_000, tempc0: 12 }));
    await db.metricsDaily.put(toRow('d1', { time: 1_699_920_000, rainday: 2 }));
    // A store the worker has not written since it began keeping the keys: the held rows are read.
    expect(await readSeenKeys(db, 'd1')).toEqual(['rainday', 'tempc0']);
    // Kept: the keys are read from there, not from the rows.
    await db.syncState.put({
      device: 'd1',
      seenKeys: ['humc0', 'rainday'],
      lastData: { device: 'd1', last: null, min: { baromrelin: [29, 1] }, max: {} },
    });
    expect(await readSeenKeys(db, 'd1')).toEqual(['baromrelin', 'humc0', 'rainday', 'tempc0']);
  });

  it('today’s min/max: lastData range merged with newer live samples', async () => {
    const now = 1_700_050_000; // 2023-11-15 12:06 UTC
    await db.devices.put(device('d1', 'me'));
    await db.syncState.put({
      device: 'd1',
      lastData: {
        device: 'd1',
        last: { time: now - 600, tempc0: 12 },
        min: { tempc0: [8, now - 20000] },
        max: { tempc0: [14, now - 7200] },
      },
    });
    await db.live.bulkPut([
      toRow('d1', { time: now - 60, tempc0: 15.5 }),
      toRow('d1', { time: now - 30, tempc0: 7 }),
    ]);
    expect(await readTodayMinMax(db, 'd1', now)).toEqual({
      min: { tempc0: [7, now - 30] },
      max: { tempc0: [15.5, now - 60] },
    });
  });
});

describe('answers kept from the last visit', () => {
  it('the dashboard paints with them before the store answers; a form waits for the store', async () => {
    await db.devices.put(device('d1', 'me', { name: 'Shed' }));
    // Kept when the station was still called Garden (an edit came just before the reload).
    keptFromBoot({ user: 'me', answers: { 'device:d1': device('d1', 'me', { name: 'Garden' }) } }, 'me');
    const painted = renderHook(() => useDevice('d1', PAINT_FROM_KEPT));
    expect(painted.result.current?.name).toBe('Garden');
    await waitFor(() => expect(painted.result.current?.name).toBe('Shed'));
    keptFromBoot({ user: 'me', answers: { 'device:d1': device('d1', 'me', { name: 'Garden' }) } }, 'me');
    const form = renderHook(() => useDevice('d1'));
    expect(form.result.current).toBeUndefined();
    await waitFor(() => expect(form.result.current?.name).toBe('Shed'));
    keptFromBoot(undefined, undefined);
  });
});
