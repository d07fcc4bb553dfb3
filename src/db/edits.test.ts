import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Device } from '../domain/contract';
import {
  hideAlert,
  renameChannel,
  saveDisplaySettings,
  saveLocale,
  saveUnits,
  setEditsDb,
  setOutboxFlusher,
} from './edits';
import { PortalDb } from './schema';
import { SETTING } from './settings';

const db = new PortalDb(`edits-${Math.random()}`);
setEditsDb(db);
let flushes = 0;
setOutboxFlusher(async () => {
  flushes++;
});

const device: Device = {
  _id: 'd1',
  wsid: 'W1',
  name: 'Garden',
  user: 'u1',
  shareUsers: [],
  consoletype: 0,
  timezone: 'UTC',
  channelNameMapping: [{ channel: 2, name: 'Cellar' }],
  shareMode: 'private',
};

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
  await db.devices.put(device);
  await db.settings.put({
    key: SETTING.auth,
    value: { accessToken: 'jwt', user: { _id: 'u1', email: 'a@b.c', verified: true } },
  });
  flushes = 0;
});

const outbox = () => db.outbox.orderBy('seq').toArray();

describe('write-through edits', () => {
  it('an edit saved before the data worker’s bridge loaded is sent when it registers (not at the next start)', async () => {
    setOutboxFlusher(null);
    await saveUnits({ temperature: 'F' });
    expect(flushes).toBe(0);
    setOutboxFlusher(async () => {
      flushes++;
    });
    expect(flushes).toBe(1);
    // Asked once: registering again sends nothing more.
    setOutboxFlusher(async () => {
      flushes++;
    });
    expect(flushes).toBe(1);
  });

  it('display settings: local at once (from the domain default), one outbox row, a flush request', async () => {
    const saved = await saveDisplaySettings('d1', { graphRange: 'week' });
    expect(saved.graphRange).toBe('week');
    expect(saved.detailList).toEqual(['pmChannel1', 'pmChannel2', 'pmChannel3', 'pmChannel4']);
    expect((await db.displaySettings.get('d1'))?.graphRange).toBe('week');
    const [row] = await outbox();
    expect(row).toMatchObject({
      service: 'deviceDisplaySettings',
      method: 'patch',
      recordId: null,
      attempts: 0,
    });
    expect(row.data).toMatchObject({ weatherDevice: 'd1', graphRange: 'week', graphList: [] });
    expect(typeof row.id).toBe('string');
    await new Promise((r) => setTimeout(r, 10));
    expect(flushes).toBe(1);
    // With a server record, only the changed fields are sent (per-field last writer wins).
    await db.displaySettings.update('d1', { _id: 'ds1' });
    await saveDisplaySettings('d1', { graphList: ['tempc0'] });
    expect((await outbox())[1]).toMatchObject({
      recordId: 'ds1',
      data: { graphList: ['tempc0'], weatherDevice: 'd1' },
    });
  });

  it('renaming a channel replaces its mapping and keeps the others sorted', async () => {
    await renameChannel('d1', 1, ' Greenhouse ');
    expect((await db.devices.get('d1'))?.channelNameMapping).toEqual([
      { channel: 1, name: 'Greenhouse' },
      { channel: 2, name: 'Cellar' },
    ]);
    await renameChannel('d1', 2, '');
    const rows = await outbox();
    expect(rows.map((r) => [r.service, r.recordId, r.data])).toEqual([
      [
        'weatherDevices',
        'd1',
        {
          channelNameMapping: [
            { channel: 1, name: 'Greenhouse' },
            { channel: 2, name: 'Cellar' },
          ],
        },
      ],
      ['weatherDevices', 'd1', { channelNameMapping: [{ channel: 1, name: 'Greenhouse' }] }],
    ]);
  });

  it('units go to settings and to the user profile', async () => {
    await saveUnits({ temperature: 'F', windSpeed: 'knot' });
    expect((await db.settings.get(SETTING.units))?.value).toEqual({ temperature: 'F', windSpeed: 'knot' });
    const [row] = await outbox();
    expect(row).toMatchObject({
      service: 'users',
      method: 'patch',
      recordId: 'u1',
      data: { displaySetting: { temperature: 'F', windSpeed: 'knot' }, temperatureUnit: 'F' },
    });
  });

  it('hiding an alert removes it at once and queues alerts/hide', async () => {
    await db.alerts.put({ _id: 'a1', device: 'd1', status: 'active', item: 'tempc0', lastTrigger: 1 });
    await hideAlert('d1', 'a1');
    expect(await db.alerts.count()).toBe(0);
    expect((await outbox())[0]).toMatchObject({
      service: 'alerts/hide',
      method: 'find',
      params: { device: 'd1', id: 'a1' },
    });
  });

  it('the language: kept on the account once (users patch), nothing when it already has it or when signed out', async () => {
    await saveLocale('de');
    const rows = await outbox();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      service: 'users',
      method: 'patch',
      recordId: 'u1',
      data: { locale: 'de' },
    });
    expect(flushes).toBe(1);
    await saveLocale('de');
    expect(await outbox()).toHaveLength(1);
    await db.settings.delete(SETTING.auth);
    await saveLocale('fr');
    expect(await outbox()).toHaveLength(1);
  });
});
