// Sign-out / user switch: drop everything that belongs to the signed-in user. The catalogue (metricDefs +
// hash), the locale and the connection state stay: they are not the user's.
import type { PortalDb } from './schema';
import { SETTING } from './settings';

// pushSession: the browser's push session outlives a sign-out (detached, it is re-associated at the next one).
const KEEP_SETTINGS = new Set<string>([
  SETTING.locale,
  SETTING.metricsHash,
  SETTING.connection,
  SETTING.pushSession,
  SETTING.publicConfig,
]);

export async function clearUserData(db: PortalDb, opts: { keepAuth?: boolean } = {}): Promise<void> {
  const tables = [
    db.devices,
    db.metrics,
    db.metricsDaily,
    db.live,
    db.displaySettings,
    db.alertSettings,
    db.alerts,
    db.forecasts,
    db.series,
    db.outbox,
    db.syncState,
    db.shareInvitations,
    db.uploadTargets,
    db.records,
  ];
  await db.transaction('rw', [...tables, db.settings], async () => {
    for (const t of tables) await t.clear();
    const keys = await db.settings.toCollection().primaryKeys();
    const drop = keys.filter((k) => !KEEP_SETTINGS.has(k) && !(opts.keepAuth && k === SETTING.auth));
    await db.settings.bulkDelete(drop);
  });
}

/** Remove one device and everything stored for it (forgotten or deleted device). */
export async function clearDevice(db: PortalDb, id: string): Promise<void> {
  await db.transaction(
    'rw',
    [
      db.devices,
      db.metrics,
      db.metricsDaily,
      db.live,
      db.displaySettings,
      db.alertSettings,
      db.alerts,
      db.forecasts,
      db.series,
      db.syncState,
      db.shareInvitations,
      db.uploadTargets,
      db.records,
    ],
    async () => {
      await db.devices.delete(id);
      await db.shareInvitations.where('device').equals(id).delete();
      await db.uploadTargets.where('device').equals(id).delete();
      for (const t of [db.metrics, db.metricsDaily, db.live, db.alerts, db.forecasts, db.series])
        await t.where('device').equals(id).delete();
      await db.displaySettings.delete(id);
      await db.alertSettings.delete(id);
      await db.syncState.delete(id);
      await db.records.delete(id);
    },
  );
}
