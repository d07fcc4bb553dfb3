// React hooks over Dexie (useLiveQuery): the UI's only source of persisted data (docs/architecture.md §1). Each hook
// returns undefined while its first query runs, then re-renders when the worker (or service worker) writes.
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import type { MetricDef, Sample } from '../domain';
import {
  type Change,
  changeFor,
  DEFAULT_UNIT_PREFS,
  localDayStart,
  METRICS,
  type UnitPrefs,
} from '../domain';
import { COLLECTIONS, type SettingsName, type SettingsOf } from '../domain/collections';
import type { Device, User } from '../domain/contract';
import { sortDevices } from './devices';
import { type AlertRow, type AlertSettingsRow, db as defaultDb, type PortalDb, type Row } from './schema';
import { getSetting, SETTING, type SettingKey, type SettingValues } from './settings';
import type { ConnectionState } from './views';

let hookDb: PortalDb = defaultDb;
/** Tests point the hooks at their own database. */
export function setHooksDb(db: PortalDb): void {
  hookDb = db;
}
/** The database the hooks read (db/later.ts reads the same one after the first paint). */
export function hooksDb(): PortalDb {
  return hookDb;
}

type Id = string | null | undefined;

/** A settings value; `fallback` when the key is not set (undefined only while loading). */
export function useSetting<K extends SettingKey, F extends SettingValues[K] | null = SettingValues[K]>(
  key: K,
  fallback?: F,
): SettingValues[K] | F | undefined {
  return useLiveQuery(async () => (await getSetting(hookDb, key)) ?? fallback, [key], undefined);
}

export function useConnection(): ConnectionState | undefined {
  return useLiveQuery(() => getSetting(hookDb, SETTING.connection), []);
}

/** The session: undefined = still loading, null = known signed out, else token and user. */
export function useAuth(): { accessToken: string; user: User } | undefined | null {
  return useLiveQuery(async () => {
    const a = await getSetting(hookDb, SETTING.auth);
    return a?.accessToken && a.user ? { accessToken: a.accessToken, user: a.user } : null;
  }, []);
}

/** Devices in the list order of spec §3: owned, shared, public (server order within each group). */
export function useDevices(): Device[] | undefined {
  return useLiveQuery(() => readDevices(hookDb), []);
}

export async function readDevices(db: PortalDb): Promise<Device[]> {
  const [devices, auth, order] = await Promise.all([
    db.devices.toArray(),
    getSetting(db, SETTING.auth),
    getSetting(db, SETTING.deviceOrder),
  ]);
  return sortDevices(devices, auth?.user?._id, order ?? []);
}

/** settings.lastViewDevice when it is still in the list, else the first device. */
export function useSelectedDeviceId(): string | undefined {
  return useLiveQuery(() => readSelectedDeviceId(hookDb), []);
}

export async function readSelectedDeviceId(db: PortalDb): Promise<string | undefined> {
  const id = await getSetting(db, SETTING.lastViewDevice);
  if (id && (await db.devices.get(id))) return id;
  return (await readDevices(db))[0]?._id;
}

/** The kept station with this station ID (public station page), null when none is kept, undefined while loading. */
export function useDeviceByWsid(wsid?: string): Device | null | undefined {
  return useLiveQuery(
    async () => (wsid ? ((await hookDb.devices.where('wsid').equals(wsid).first()) ?? null) : null),
    [wsid],
  );
}

export function useDevice(id?: Id): Device | undefined {
  return useLiveQuery(async () => (id ? hookDb.devices.get(id) : undefined), [id]);
}

export interface Latest {
  sample: Sample | null;
  /** unix s of the sample. */
  time: number | null;
  /** Per key: the move since the previous sample (spec §4 change indicator). */
  changes: Record<string, Change>;
}

const byDevice = (table: PortalDb['live'], device: string) =>
  table.where('[device+time]').between([device, -Infinity], [device, Infinity]);

const strip = (row: Row): Sample => {
  const { device: _d, ...sample } = row as Row & Record<string, unknown>;
  return sample as Sample;
};

/** Compare two samples key by key with each metric's sensitivity. */
export function changesBetween(prev: Sample | null | undefined, next: Sample | null | undefined) {
  const changes: Record<string, Change> = {};
  if (!next) return changes;
  for (const key of Object.keys(next))
    if (key !== 'time') changes[key] = changeFor(key, prev?.[key], next[key]);
  return changes;
}

/** The newest reading: newest live sample, else newest 5-minute row, else lastData.last. */
export async function readLatest(db: PortalDb, device: string): Promise<Latest> {
  // The newest reading wins, whichever store holds it: a live sample, the server's last data (reloaded after
  // a reconnect, when live events were missed), or a 5-minute row (newer only if both others are older).
  const [live, five, state] = await Promise.all([
    byDevice(db.live, device).reverse().limit(2).toArray(),
    byDevice(db.metrics, device).reverse().limit(2).toArray(),
    db.syncState.get(device),
  ]);
  const last = state?.lastData?.last ?? null;
  const [liveNext, livePrev] = live.map(strip);
  let next: Sample | null = liveNext ?? null;
  let prev: Sample | null = livePrev ?? null;
  if (last && (!next || last.time > next.time)) {
    prev = next;
    next = last;
  }
  const [fiveNext, fivePrev] = five.map(strip);
  if (fiveNext && (!next || fiveNext.time > next.time)) {
    prev = fivePrev ?? next;
    next = fiveNext;
  }
  return { sample: next, time: next?.time ?? null, changes: changesBetween(prev, next) };
}

export function useLatest(deviceId?: Id): Latest | undefined {
  return useLiveQuery(async () => (deviceId ? readLatest(hookDb, deviceId) : undefined), [deviceId]);
}

/** The newest reading of each of these devices (the all-stations overview), keyed by device id. */
export function useLatestOf(ids: string[]): Record<string, Latest> | undefined {
  const key = ids.join(',');
  return useLiveQuery(async () => {
    const list = key ? key.split(',') : [];
    const rows = await Promise.all(list.map((id) => readLatest(hookDb, id)));
    return Object.fromEntries(list.map((id, i) => [id, rows[i]]));
  }, [key]);
}

export interface MinMax {
  /** key → [value, unix s] in base units. */
  min: Record<string, [number, number]>;
  max: Record<string, [number, number]>;
}

/** Today's (device-local) min/max: lastData's range merged with live samples that came after it. */
export async function readTodayMinMax(
  db: PortalDb,
  device: string,
  now = Date.now() / 1000,
): Promise<MinMax> {
  const d = await db.devices.get(device);
  // A reset (spec §3 lastMinMaxReset, unix s) starts today's range again, also before the server has it.
  const dayStart = Math.max(localDayStart(now, d?.timezone), d?.lastMinMaxReset ?? 0);
  const last = (await db.syncState.get(device))?.lastData;
  const fresh = (last?.last?.time ?? 0) >= dayStart;
  const since = (range: MinMax['min'] | undefined) =>
    Object.fromEntries(Object.entries(range ?? {}).filter(([, [, t]]) => t >= dayStart));
  const min: MinMax['min'] = fresh ? since(last?.min) : {};
  const max: MinMax['max'] = fresh ? since(last?.max) : {};
  const rows = await db.live.where('[device+time]').between([device, dayStart], [device, Infinity]).toArray();
  for (const row of rows) {
    for (const [key, v] of Object.entries(row)) {
      if (key === 'time' || key === 'device' || typeof v !== 'number' || !Number.isFinite(v)) continue;
      if (!min[key] || v < min[key][0]) min[key] = [v, row.time];
      if (!max[key] || v > max[key][0]) max[key] = [v, row.time];
    }
  }
  return { min, max };
}

export function useTodayMinMax(deviceId?: Id): MinMax | undefined {
  return useLiveQuery(async () => (deviceId ? readTodayMinMax(hookDb, deviceId) : undefined), [deviceId]);
}

/**
 * Keys that ever had a value for a device, as far as this browser holds its data (issue 22: cards follow the
 * sensors): the newest reading, the server's min/max, held daily and 5-minute rows, 'forecast' when a
 * forecast with a summary is held, and 'camera' when the station has a camera image (issue 28). Sorted, so an
 * unchanged set compares equal.
 */
export async function readSeenKeys(db: PortalDb, device: string): Promise<string[]> {
  return seenKeysOf(db, device);
}

/** readSeenKeys on the hooks' database, read now (a live query hears of a worker's write a little later). */
export function readSeenKeysNow(device: string): Promise<string[]> {
  return seenKeysOf(hookDb, device);
}

async function seenKeysOf(db: PortalDb, device: string): Promise<string[]> {
  const seen = new Set<string>();
  const add = (row: Record<string, unknown> | null | undefined) => {
    for (const [k, v] of Object.entries(row ?? {}))
      if (k !== 'time' && k !== 'device' && typeof v === 'number' && Number.isFinite(v)) seen.add(k);
  };
  const [latest, state, daily, five, forecast, record] = await Promise.all([
    readLatest(db, device),
    db.syncState.get(device),
    byDevice(db.metricsDaily, device).reverse().limit(400).toArray(),
    byDevice(db.metrics, device).reverse().limit(300).toArray(),
    db.forecasts.get([device, 'current']),
    db.devices.get(device),
  ]);
  // Issue 28: a station with a camera image offers the camera card.
  if (record?.cameraAt) seen.add('camera');
  add(latest.sample);
  for (const k of Object.keys(state?.lastData?.min ?? {})) seen.add(k);
  for (const k of Object.keys(state?.lastData?.max ?? {})) seen.add(k);
  for (const row of [...daily, ...five]) add(row);
  // A forecast that says something (not "not enough pressure history yet").
  const summary = forecast?.columns.indexOf('summary') ?? -1;
  if (summary >= 0 && forecast?.rows[0]?.[summary]) seen.add('forecast');
  return [...seen].sort();
}

export function useSeenKeys(deviceId?: Id): string[] | undefined {
  return useLiveQuery(async () => (deviceId ? readSeenKeys(hookDb, deviceId) : undefined), [deviceId]);
}

/** A station's stored settings record of a collection, else its declared default (undefined: no such station). */
export async function readSettings<K extends SettingsName>(
  db: PortalDb,
  name: K,
  device: string,
): Promise<SettingsOf<K> | undefined> {
  const c = COLLECTIONS[name];
  const stored = await db.table(c.table).get(device);
  if (stored) return stored;
  const d = await db.devices.get(device);
  return d ? (c.settings.defaults(d) as unknown as SettingsOf<K>) : undefined;
}

export function useSettings<K extends SettingsName>(name: K, deviceId?: Id): SettingsOf<K> | undefined {
  return useLiveQuery(
    async () => (deviceId ? readSettings(hookDb, name, deviceId) : undefined),
    [name, deviceId],
  );
}

export const readDisplaySettings = (db: PortalDb, device: string) =>
  readSettings(db, 'displaySettings', device);
export const useDisplaySettings = (deviceId?: Id) => useSettings('displaySettings', deviceId);

/** The user's unit preferences over the defaults (the defaults while loading). */
export function useUnits(): UnitPrefs {
  const stored = useLiveQuery(() => getSetting(hookDb, SETTING.units), []);
  // One object per stored value: a new one each render would re-render every card that gets the units.
  return useMemo(() => (stored ? { ...DEFAULT_UNIT_PREFS, ...stored } : DEFAULT_UNIT_PREFS), [stored]);
}

/** Active alerts of a device (or all devices), newest first. */
export function useAlerts(deviceId?: Id): AlertRow[] | undefined {
  return useLiveQuery(async () => {
    const rows = deviceId
      ? await hookDb.alerts.where('device').equals(deviceId).toArray()
      : await hookDb.alerts.toArray();
    return rows
      .filter((a) => a.status === 'active' && a.lastTrigger)
      .sort((a, b) => b.lastTrigger - a.lastTrigger);
  }, [deviceId]);
}

/** Edits not yet sent (the UI can show "N changes waiting"). */
export function useOutboxCount(): number {
  return useLiveQuery(() => hookDb.outbox.count(), [], 0);
}

/** What this browser holds (the Account page, issue 32): stations, stored readings, cached graphs, unsent edits. */
export function useLocalHoldings():
  | { stations: number; readings: number; graphs: number; edits: number }
  | undefined {
  return useLiveQuery(async () => {
    const [stations, rows, daily, live, graphs, edits] = await Promise.all([
      hookDb.devices.count(),
      hookDb.metrics.count(),
      hookDb.metricsDaily.count(),
      hookDb.live.count(),
      hookDb.series.count(),
      hookDb.outbox.count(),
    ]);
    return { stations, readings: rows + daily + live, graphs, edits };
  }, []);
}

/** Metric definitions from the server (hash-checked), else the built-in catalogue. */
export function useMetricDefs(): MetricDef[] | undefined {
  return useLiveQuery(async () => {
    const defs = await hookDb.metricDefs.toArray();
    return defs.length ? defs : METRICS;
  }, []);
}

/** The user's alert rules of a device (null when none are stored yet; undefined while loading). */
export function useAlertSettings(deviceId?: Id): AlertSettingsRow | null | undefined {
  return useLiveQuery(
    async () => (deviceId ? ((await hookDb.alertSettings.get(deviceId)) ?? null) : null),
    [deviceId],
  );
}
