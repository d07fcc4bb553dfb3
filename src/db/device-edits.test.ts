// Deleting a station as an outbox edit (issue #12): gone locally at once with its data and queued edits, one
// `remove` queued; a server copy arriving meanwhile does not bring it back; the server's answer clears it.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { applyAnswer, applyDevice } from './apply';
import { deleteDevice } from './device-edits';
import { patchDevice } from './edits';
import { getSetting, SETTING, setSetting } from './settings';
import { signedInDb, TEST_DEVICE } from './testing';

const db = signedInDb('device-edits');

describe('deleteDevice', () => {
  it('removes the station locally, replaces its queued edits by one remove, and keeps it removed', async () => {
    await setSetting(db, SETTING.deviceOrder, ['d1', 'd2']);
    await setSetting(db, SETTING.lastViewDevice, 'd1');
    await db.displaySettings.put({
      weatherDevice: 'd1',
      metricsList: [],
      detailList: [],
      graphList: [],
    } as never);
    await patchDevice('d1', { name: 'Roof' });
    await deleteDevice('d1');

    expect(await db.devices.get('d1')).toBeUndefined();
    expect(await db.displaySettings.get('d1')).toBeUndefined();
    expect(await getSetting(db, SETTING.deviceOrder)).toEqual(['d2']);
    expect(await getSetting(db, SETTING.lastViewDevice)).toBeUndefined();
    const rows = await db.outbox.toArray();
    expect(rows).toEqual([
      expect.objectContaining({ service: 'weatherDevices', method: 'remove', recordId: 'd1' }),
    ]);

    // A sync or live event before the remove is sent: the server still has it, the user deleted it.
    await applyDevice(db, TEST_DEVICE);
    expect(await db.devices.get('d1')).toBeUndefined();
  });

  it("the server's answer to a remove clears the station instead of storing it again", async () => {
    await applyAnswer(db, 'weatherDevices', TEST_DEVICE, 'remove');
    expect(await db.devices.get('d1')).toBeUndefined();
    await applyAnswer(db, 'weatherDevices', { ...TEST_DEVICE, name: 'Roof' }, 'patch');
    expect((await db.devices.get('d1'))?.name).toBe('Roof');
  });
});
