// Server records → Dexie, shared by sync (initial load), live (patched/created events) and the outbox (answers).
// Locally queued fields win over a server copy until they are sent (conflict rule in src/db/outbox.ts).

import { DEFAULT_UNIT_PREFS } from '../domain';
import { type CollectionDecl, onePerStation, type SettingsRecord } from '../domain/collections';
import { type Alert, type Device, SERVICES, type User } from '../domain/contract';
import type { StationRecords } from '../domain/records';
import { getAuth, setAuth } from './authStorage';
import { clearDevice } from './clear';
import { keepPending, pendingFields } from './outbox';
import type { AlertRow, AlertSettingsRow, OutboxRow, PortalDb, SyncStateRow } from './schema';
import { SETTING, setSetting } from './settings';

/** A `remove` of this station is queued (src/db/device-edits.ts): server copies must not bring it back. */
export async function removalQueued(db: PortalDb, id: string): Promise<boolean> {
  const rows = await db.outbox
    .filter((r) => r.service === SERVICES.devices && r.method === 'remove' && r.recordId === id)
    .count();
  return rows > 0;
}

export async function applyDevice(db: PortalDb, device: Device): Promise<void> {
  if (await removalQueued(db, device._id)) return;
  const pending = await pendingFields(db, SERVICES.devices, { id: device._id });
  await db.devices.put(keepPending(device, await db.devices.get(device._id), pending));
}

/** A per-station settings record of any collection (src/domain/collections.ts), keyed by its station. */
export async function applySettings(db: PortalDb, c: CollectionDecl, rec: SettingsRecord): Promise<void> {
  const pending = await pendingFields(db, c.service, { id: rec._id, device: rec.weatherDevice });
  // Alert rules: a record stored before the lists had defaults reads as none.
  const row =
    c.service === SERVICES.alertSettings
      ? {
          ...rec,
          disableAll: !!(rec as AlertSettingsRow).disableAll,
          settings: (rec as AlertSettingsRow).settings ?? [],
        }
      : rec;
  const table = db.table(c.table);
  await table.put(keepPending(row, await table.get(rec.weatherDevice), pending));
}

/** Spec §4 Alert list: only alerts with status active and a lastTrigger are kept. */
export function isShownAlert(a: Partial<AlertRow> | Alert | null | undefined): a is AlertRow {
  return !!a && a.status === 'active' && !!a.lastTrigger && !!a._id && !!a.device;
}

export async function applyAlert(db: PortalDb, alert: AlertRow): Promise<void> {
  const id = alert?._id;
  if (isShownAlert(alert)) await db.alerts.put(alert);
  else if (id) await db.alerts.delete(id);
}

/** Replace the stored alerts of a device with the server's list (only the active ones are kept). */
export async function replaceAlerts(db: PortalDb, device: string, list: (AlertRow | Alert)[]): Promise<void> {
  await db.transaction('rw', db.alerts, async () => {
    await db.alerts.where('device').equals(device).delete();
    await db.alerts.bulkPut(list.filter(isShownAlert));
  });
}

/** A user record for the signed-in user replaces the stored one (spec §4); unit prefs follow it. */
export async function applyUser(db: PortalDb, user: User): Promise<void> {
  await db.transaction('rw', db.settings, db.outbox, async () => {
    const auth = await getAuth(db);
    if (!auth?.accessToken || (auth.user && auth.user._id !== user._id)) return;
    const pending = await pendingFields(db, SERVICES.users, { id: user._id });
    const merged = keepPending(user, auth.user, pending);
    await setAuth(db, { ...auth, user: merged });
    const prefs = merged.displaySetting;
    if (prefs && typeof prefs === 'object' && Object.keys(prefs).length > 0 && !pending.has('displaySetting'))
      await setSetting(db, SETTING.units, { ...DEFAULT_UNIT_PREFS, ...prefs });
  });
}

/** Merge into a device's syncState row. */
export async function patchSyncState(
  db: PortalDb,
  device: string,
  patch: Partial<SyncStateRow>,
): Promise<void> {
  await db.transaction('rw', db.syncState, async () => {
    const cur = await db.syncState.get(device);
    await db.syncState.put({ ...cur, ...patch, device });
  });
}

/** Apply the server's answer to a sent outbox mutation (a removed station's answer is the station: gone). */
export async function applyAnswer(
  db: PortalDb,
  service: string,
  result: unknown,
  method?: OutboxRow['method'],
): Promise<void> {
  if (method === 'remove' && service === SERVICES.records) {
    // The owner's reset answers the emptied records.
    const rec = result as StationRecords | null;
    if (rec?.device && rec.periods) await db.records.put(rec);
    return;
  }
  if (method === 'remove') {
    const id = (result as { _id?: unknown } | null)?._id;
    if (service === SERVICES.devices && typeof id === 'string') await clearDevice(db, id);
    return;
  }
  if (!result || typeof result !== 'object' || Array.isArray(result)) return;
  const rec = result as Record<string, unknown>;
  if (service === SERVICES.devices && rec._id && rec.wsid) await applyDevice(db, rec as unknown as Device);
  else if (onePerStation(service) && typeof rec.weatherDevice === 'string')
    await applySettings(db, onePerStation(service) as CollectionDecl, rec as unknown as SettingsRecord);
  else if (service === SERVICES.users && rec._id && rec.email) await applyUser(db, rec as unknown as User);
}
