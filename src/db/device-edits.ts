// Deleting an owned station as a write-through edit, like src/db/edits.ts: it leaves Dexie at once (the list and
// the dashboard follow) and a `remove` waits in the outbox, so a delete made offline reaches the server later.
// While it waits, server copies of the station (sync, live events) are not put back (applyDevice).
import { SERVICES } from '../domain/contract';
import { clearDevice } from './clear';
import { getEditsDb, requestFlush } from './edits';
import { enqueue } from './outbox';
import { getSetting, SETTING, setSetting } from './settings';

export async function deleteDevice(id: string): Promise<void> {
  const db = await getEditsDb();
  // Every table: clearDevice reaches all that hold per-station rows, and that list grows.
  await db.transaction('rw', db.tables, async () => {
    // Edits of the station still queued would only meet a 404 once it is gone: the delete replaces them.
    await db.outbox
      .filter(
        (r) => r.recordId === id || (r.data as { weatherDevice?: string } | undefined)?.weatherDevice === id,
      )
      .delete();
    await enqueue(db, { service: SERVICES.devices, method: 'remove', recordId: id });
    await clearDevice(db, id);
    const order = (await getSetting(db, SETTING.deviceOrder)) ?? [];
    await setSetting(
      db,
      SETTING.deviceOrder,
      order.filter((x) => x !== id),
    );
    if ((await getSetting(db, SETTING.lastViewDevice)) === id)
      await setSetting(db, SETTING.lastViewDevice, undefined);
  });
  void requestFlush();
}
