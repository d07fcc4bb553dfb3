// Write-through edits for the UI: each writes Dexie at once (the screen shows it immediately) and appends an
// outbox mutation in the same transaction, then asks the data worker to flush and registers Background Sync
// (`outbox`) so the service worker sends it later if the page closes or is offline.

import type { UnitPrefs } from '../domain';
import { COLLECTIONS, type SettingsName, type SettingsOf } from '../domain/collections';
import { type ChannelName, type Device, type DisplaySettings, SERVICES } from '../domain/contract';
import type { CorrectionRequest } from '../domain/corrections';
import { getAuth, setAuth } from './authStorage';
import { enqueue } from './outbox';
import type { AlertRule, PortalDb } from './schema';
import { getSetting, SETTING, setSetting } from './settings';
import { loadStore, setStoreDb } from './store';

let flusher: (() => Promise<unknown>) | null = null;
/** A flush asked for while no flusher was registered yet. */
let flushWanted = false;

/** Tests point the edits at their own database (the store's: db/store.ts). */
export const setEditsDb = setStoreDb;

/** The database the edits write, the store's (an edit loads it at once, first paint or not). */
export const getEditsDb = async (): Promise<PortalDb> => (await loadStore(true)).db;

/** src/bridge/worker.ts registers the worker's flushOutbox here (keeps src/db free of the Worker). */
export function setOutboxFlusher(fn: (() => Promise<unknown>) | null): void {
  flusher = fn;
  // An edit saved before the bridge loaded (it loads after the first paint) is sent now, not at the next start.
  if (fn && flushWanted) {
    flushWanted = false;
    void fn().catch((e) => console.warn('[outbox] flush failed', e));
  }
}

/** Ask for delivery: the worker now, and the service worker's Background Sync as the fallback. */
export async function requestFlush(): Promise<void> {
  try {
    const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
    const reg = sw ? await sw.getRegistration() : undefined;
    await (
      reg as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
    )?.sync?.register('outbox');
  } catch {
    // No Background Sync (Firefox, Safari): the worker retries with backoff while a page is open.
  }
  if (flusher) await flusher().catch((e) => console.warn('[outbox] flush failed', e));
  else flushWanted = true;
}

/**
 * A per-station settings record of the collections registry (display settings, calibration…): the merged record
 * is stored at once and queued; the outbox resolves create vs patch.
 */
export async function saveSettings<K extends SettingsName>(
  name: K,
  deviceId: string,
  patch: Partial<Omit<SettingsOf<K>, '_id' | 'weatherDevice'>>,
): Promise<SettingsOf<K>> {
  const db = await getEditsDb();
  const c = COLLECTIONS[name];
  const table = db.table(c.table);
  const saved = await db.transaction('rw', [table, db.devices, db.outbox], async () => {
    const current =
      (await table.get(deviceId)) ??
      c.settings.defaults((await db.devices.get(deviceId)) ?? { _id: deviceId });
    const next = { ...current, ...patch, weatherDevice: deviceId } as SettingsOf<K>;
    await table.put(next);
    const { _id, ...data } = next;
    await enqueue(db, {
      service: c.service,
      method: 'patch',
      recordId: _id ?? null,
      data: _id ? { ...patch, weatherDevice: deviceId } : data,
    });
    return next;
  });
  void requestFlush();
  return saved;
}

/** The cards, details and graphs a user shows for a station. */
export const saveDisplaySettings = (
  deviceId: string,
  patch: Partial<Omit<DisplaySettings, '_id' | 'weatherDevice'>>,
): Promise<DisplaySettings> => saveSettings('displaySettings', deviceId, patch);

export async function saveAlertSettings(
  deviceId: string,
  settings: AlertRule[],
  disableAll: boolean,
): Promise<void> {
  const db = await getEditsDb();
  await db.transaction('rw', [db.alertSettings, db.outbox], async () => {
    const current = await db.alertSettings.get(deviceId);
    await db.alertSettings.put({ ...current, weatherDevice: deviceId, settings, disableAll });
    await enqueue(db, {
      service: SERVICES.alertSettings,
      method: 'patch',
      recordId: current?._id ?? null,
      data: { weatherDevice: deviceId, settings, disableAll },
    });
  });
  void requestFlush();
}

/** Name a sensor channel (1..7); an empty name removes the mapping. */
export async function renameChannel(deviceId: string, channel: number, name: string): Promise<void> {
  const db = await getEditsDb();
  await db.transaction('rw', [db.devices, db.outbox], async () => {
    const device = await db.devices.get(deviceId);
    if (!device) throw new Error('Device not found');
    const others = (device.channelNameMapping ?? []).filter((c) => c.channel !== channel);
    const trimmed = name.trim();
    const channelNameMapping: ChannelName[] = (
      trimmed ? [...others, { channel, name: trimmed }] : others
    ).sort((a, b) => a.channel - b.channel);
    await db.devices.update(deviceId, { channelNameMapping });
    await enqueue(db, {
      service: SERVICES.devices,
      method: 'patch',
      recordId: deviceId,
      data: { channelNameMapping },
    });
  });
  void requestFlush();
}

export type DevicePatch = Partial<
  Pick<
    Device,
    | 'name'
    | 'consoletype'
    | 'timezone'
    | 'mac'
    | 'latitude'
    | 'longitude'
    | 'exactPosition'
    | 'elevation'
    | 'anemometerHeight'
    | 'rainSeasonStart'
    | 'degreeDayBase'
    | 'gddBase'
    | 'shareMode'
    | 'order'
    | 'channelNameMapping'
    | 'consoleSettings'
    | 'sortGroup'
  >
> & { lastMinMaxReset?: number | null };

export async function patchDevice(id: string, patch: DevicePatch): Promise<void> {
  const db = await getEditsDb();
  await db.transaction('rw', [db.devices, db.outbox], async () => {
    await db.devices.update(id, patch);
    await enqueue(db, { service: SERVICES.devices, method: 'patch', recordId: id, data: patch });
  });
  void requestFlush();
}

/** Unit & display preferences: local at once, and the user's profile (displaySetting) when signed in. */
export async function saveUnits(prefs: Partial<UnitPrefs>): Promise<void> {
  const db = await getEditsDb();
  await db.transaction('rw', [db.settings, db.outbox], async () => {
    const next = { ...(await getSetting(db, SETTING.units)), ...prefs };
    await setSetting(db, SETTING.units, next);
    const auth = await getAuth(db);
    if (!auth?.user) return;
    const displaySetting = next as Record<string, string | number>;
    await setAuth(db, { ...auth, user: { ...auth.user, displaySetting, temperatureUnit: next.temperature } });
    await enqueue(db, {
      service: SERVICES.users,
      method: 'patch',
      recordId: auth.user._id,
      data: { displaySetting, ...(next.temperature ? { temperatureUnit: next.temperature } : {}) },
    });
  });
  void requestFlush();
}

/** First and last name: the stored user at once, and users patch when signed in (write-through). */
export async function saveProfile(profile: {
  firstName: string;
  lastName: string;
  country?: string | null;
}): Promise<void> {
  const db = await getEditsDb();
  await db.transaction('rw', [db.settings, db.outbox], async () => {
    const auth = await getAuth(db);
    if (!auth?.user) throw new Error('Not authenticated');
    await setAuth(db, { ...auth, user: { ...auth.user, ...profile } });
    await enqueue(db, { service: SERVICES.users, method: 'patch', recordId: auth.user._id, data: profile });
  });
  void requestFlush();
}

/**
 * The language the app speaks now, kept on the account so e-mails and pushes are written in it (write-through
 * like the profile; nothing to do when signed out or when the account already has it).
 */
export async function saveLocale(locale: string): Promise<void> {
  const db = await getEditsDb();
  const queued = await db.transaction('rw', [db.settings, db.outbox], async () => {
    const auth = await getAuth(db);
    if (!auth?.user || auth.user.locale === locale) return false;
    await setAuth(db, { ...auth, user: { ...auth.user, locale } });
    await enqueue(db, {
      service: SERVICES.users,
      method: 'patch',
      recordId: auth.user._id,
      data: { locale },
    });
    return true;
  });
  if (queued) void requestFlush();
}

/** Hide an active alert (spec §4: hiding removes it). */
export async function hideAlert(deviceId: string, alertId: string): Promise<void> {
  const db = await getEditsDb();
  await db.transaction('rw', [db.alerts, db.outbox], async () => {
    await db.alerts.delete(alertId);
    await enqueue(db, {
      service: SERVICES.alertsHide,
      method: 'find',
      params: { device: deviceId, id: alertId },
    });
  });
  void requestFlush();
}

/**
 * A correction of stored readings (issue 24): queued in the outbox like any edit and sent when the connection
 * allows; the page lists what waits (usePendingCorrections) until the server's edit log has it.
 */
export async function queueCorrection(req: CorrectionRequest): Promise<void> {
  const db = await getEditsDb();
  await db.transaction('rw', [db.outbox], async () => {
    await enqueue(db, { service: SERVICES.sampleCorrections, method: 'create', recordId: null, data: req });
  });
  void requestFlush();
}

/** Undo a correction (issue 24), through the outbox as well. */
export async function queueUndoCorrection(id: string): Promise<void> {
  const db = await getEditsDb();
  await db.transaction('rw', [db.outbox], async () => {
    await enqueue(db, {
      service: SERVICES.sampleCorrections,
      method: 'patch',
      recordId: id,
      data: { undone: true },
    });
  });
  void requestFlush();
}

/**
 * Open a device on the dashboard: remembered locally at once (useSelectedDeviceId follows). The caller also
 * tells the worker (dataWorker.selectDevice) so it watches the device live.
 */
export async function selectDevice(id: string): Promise<void> {
  await setSetting(await getEditsDb(), SETTING.lastViewDevice, id);
}
