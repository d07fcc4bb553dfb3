// React hooks over the store (db/store.ts useStoreQuery, Dexie's live queries): the UI's only source of persisted
// data (docs/architecture.md §1). Each hook returns undefined while its first query runs, then re-renders when the
// worker (or service worker) writes. A screen that paints a return visit from the last one's answers (the
// dashboard) passes PAINT_FROM_KEPT to the hooks it paints with: they answer the kept value until the store answers
// (db/kept.ts). A form never does: a kept answer may be older than the store (an edit made just before a reload).
// Dexie itself is not imported here: it loads with the store (issue 21's bundle budget).
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
import { type Device, SERVICES, type User } from '../domain/contract';
import type { CorrectionRequest } from '../domain/corrections';
import { sortDevices } from './devices';
import { byDevice } from './rows';
import type { AlertRow, AlertSettingsRow, PortalDb, Row } from './schema';
import { addRowKeys, scanHeldKeys } from './seen-keys';
import { getSetting, SETTING, type SettingKey, type SettingValues } from './settings';
import { loadStore, setStoreDb, useStoreQuery } from './store';
import type { ConnectionState } from './views';

/** Tests point the hooks at their own database. */
export const setHooksDb = setStoreDb;

type Id = string | null | undefined;

/** A screen's hooks that paint from the answers kept from the last visit (db/kept.ts). */
export interface FromKept {
  kept?: boolean;
}
export const PAINT_FROM_KEPT: FromKept = { kept: true };

/** The name an answer is kept under for the next start (a station's with its id; none without one). */
const keepAs = (from: FromKept | undefined, kind: string, id?: Id) =>
  from?.kept && id !== null && id !== '' ? (id === undefined ? kind : `${kind}:${id}`) : undefined;

/** A settings value; `fallback` when the key is not set (undefined only while loading). */
export function useSetting<K extends SettingKey, F extends SettingValues[K] | null = SettingValues[K]>(
  key: K,
  fallback?: F,
): SettingValues[K] | F | undefined {
  return useStoreQuery(async (db) => (await getSetting(db, key)) ?? fallback, [key]);
}

export function useConnection(): ConnectionState | undefined {
  return useStoreQuery((db) => getSetting(db, SETTING.connection), []);
}

/** One field of the connection state: the screen renders when it changes, not on every 1 s tick of the rest. */
export function useConnectionField<K extends keyof ConnectionState>(key: K): ConnectionState[K] | undefined {
  return useStoreQuery(async (db) => (await getSetting(db, SETTING.connection))?.[key], [key]);
}

/** The session: undefined = still loading, null = known signed out, else token and user. */
export function useAuth(): { accessToken: string; user: User } | undefined | null {
  return useStoreQuery(async (db) => {
    const a = await getSetting(db, SETTING.auth);
    return a?.accessToken && a.user ? { accessToken: a.accessToken, user: a.user } : null;
  }, []);
}

/** Devices in the list order of spec §3: owned, shared, public (server order within each group). */
export function useDevices(from?: FromKept): Device[] | undefined {
  return useStoreQuery(readDevices, [], { keep: keepAs(from, 'devices') });
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
export function useSelectedDeviceId(from?: FromKept): string | undefined {
  return useStoreQuery(readSelectedDeviceId, [], { keep: keepAs(from, 'selectedDevice') });
}

export async function readSelectedDeviceId(db: PortalDb): Promise<string | undefined> {
  const id = await getSetting(db, SETTING.lastViewDevice);
  if (id && (await db.devices.get(id))) return id;
  return (await readDevices(db))[0]?._id;
}

/** The kept station with this station ID (public station page), null when none is kept, undefined while loading. */
export function useDeviceByWsid(wsid?: string): Device | null | undefined {
  return useStoreQuery(
    async (db) => (wsid ? ((await db.devices.where('wsid').equals(wsid).first()) ?? null) : null),
    [wsid],
  );
}

export function useDevice(id?: Id, from?: FromKept): Device | undefined {
  return useStoreQuery(async (db) => (id ? db.devices.get(id) : undefined), [id], {
    keep: keepAs(from, 'device', id),
  });
}

export interface Latest {
  sample: Sample | null;
  /** unix s of the sample. */
  time: number | null;
  /** Per key: the move since the previous sample (spec §4 change indicator). */
  changes: Record<string, Change>;
}

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

export function useLatest(deviceId?: Id, from?: FromKept): Latest | undefined {
  return useStoreQuery(async (db) => (deviceId ? readLatest(db, deviceId) : undefined), [deviceId], {
    keep: keepAs(from, 'latest', deviceId),
  });
}

/** The newest reading of each of these devices (the all-stations overview), keyed by device id. */
export function useLatestOf(ids: string[]): Record<string, Latest> | undefined {
  const key = ids.join(',');
  return useStoreQuery(
    async (db) => {
      const list = key ? key.split(',') : [];
      const rows = await Promise.all(list.map((id) => readLatest(db, id)));
      return Object.fromEntries(list.map((id, i) => [id, rows[i]]));
    },
    [key],
  );
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

export function useTodayMinMax(deviceId?: Id, from?: FromKept): MinMax | undefined {
  return useStoreQuery(async (db) => (deviceId ? readTodayMinMax(db, deviceId) : undefined), [deviceId], {
    keep: keepAs(from, 'minMax', deviceId),
  });
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
export async function readSeenKeysNow(device: string): Promise<string[]> {
  return seenKeysOf((await loadStore(true)).db, device);
}

async function seenKeysOf(db: PortalDb, device: string): Promise<string[]> {
  const seen = new Set<string>();
  const [latest, state, forecast, record] = await Promise.all([
    readLatest(db, device),
    db.syncState.get(device),
    db.forecasts.get([device, 'current']),
    db.devices.get(device),
  ]);
  // Issue 28: a station with a camera image offers the camera card.
  if (record?.cameraAt) seen.add('camera');
  if (latest.sample) addRowKeys(seen, latest.sample);
  for (const k of Object.keys(state?.lastData?.min ?? {})) seen.add(k);
  for (const k of Object.keys(state?.lastData?.max ?? {})) seen.add(k);
  // The held history's keys as the worker keeps them; a store it has not written since it began keeping them: a scan.
  if (state?.seenKeys) for (const k of state.seenKeys) seen.add(k);
  else await scanHeldKeys(db, device, seen);
  // A forecast that says something (not "not enough pressure history yet").
  const summary = forecast?.columns.indexOf('summary') ?? -1;
  if (summary >= 0 && forecast?.rows[0]?.[summary]) seen.add('forecast');
  return [...seen].sort();
}

/**
 * The corrections (create) and undos (patch) of a station's readings still waiting in the outbox (issue 24):
 * the Data quality page lists them until they are sent.
 */
export function usePendingCorrections(
  deviceId?: Id,
):
  | { id: string; method: string; recordId?: string | null; data: CorrectionRequest | { undone: true } }[]
  | undefined {
  return useStoreQuery(
    async (db) =>
      (await db.outbox.toArray())
        .filter(
          (r) =>
            r.service === SERVICES.sampleCorrections &&
            (r.method === 'patch' || (r.data as CorrectionRequest | undefined)?.device === deviceId),
        )
        .map((r) => ({
          id: r.id,
          method: r.method,
          recordId: r.recordId,
          data: r.data as CorrectionRequest | { undone: true },
        })),
    [deviceId],
  );
}

export function useSeenKeys(deviceId?: Id, from?: FromKept): string[] | undefined {
  return useStoreQuery(async (db) => (deviceId ? readSeenKeys(db, deviceId) : undefined), [deviceId], {
    keep: keepAs(from, 'seenKeys', deviceId),
  });
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

export function useSettings<K extends SettingsName>(
  name: K,
  deviceId?: Id,
  from?: FromKept,
): SettingsOf<K> | undefined {
  return useStoreQuery(
    async (db) => (deviceId ? readSettings(db, name, deviceId) : undefined),
    [name, deviceId],
    {
      keep: keepAs(from, `settings:${name}`, deviceId),
    },
  );
}

export const readDisplaySettings = (db: PortalDb, device: string) =>
  readSettings(db, 'displaySettings', device);
export const useDisplaySettings = (deviceId?: Id, from?: FromKept) =>
  useSettings('displaySettings', deviceId, from);

/** The user's unit preferences over the defaults (the defaults while loading). */
export function useUnits(from?: FromKept): UnitPrefs {
  const stored = useStoreQuery((db) => getSetting(db, SETTING.units), [], { keep: keepAs(from, 'units') });
  // One object per stored value: a new one each render would re-render every card that gets the units.
  return useMemo(() => (stored ? { ...DEFAULT_UNIT_PREFS, ...stored } : DEFAULT_UNIT_PREFS), [stored]);
}

/** Active alerts of a device (or all devices), newest first. */
export function useAlerts(deviceId?: Id, from?: FromKept): AlertRow[] | undefined {
  return useStoreQuery(
    async (db) => {
      const rows = deviceId
        ? await db.alerts.where('device').equals(deviceId).toArray()
        : await db.alerts.toArray();
      return rows
        .filter((a) => a.status === 'active' && a.lastTrigger)
        .sort((a, b) => b.lastTrigger - a.lastTrigger);
    },
    [deviceId],
    { keep: keepAs(from, 'alerts', deviceId ?? 'all') },
  );
}

/** Edits not yet sent (the UI can show "N changes waiting"). */
export function useOutboxCount(): number {
  return useStoreQuery((db) => db.outbox.count(), [], { initial: 0 }) ?? 0;
}

/** What this browser holds (the Account page, issue 32): stations, stored readings, cached graphs, unsent edits. */
export function useLocalHoldings():
  | { stations: number; readings: number; graphs: number; edits: number }
  | undefined {
  return useStoreQuery(async (db) => {
    const [stations, rows, daily, live, graphs, edits] = await Promise.all([
      db.devices.count(),
      db.metrics.count(),
      db.metricsDaily.count(),
      db.live.count(),
      db.series.count(),
      db.outbox.count(),
    ]);
    return { stations, readings: rows + daily + live, graphs, edits };
  }, []);
}

/** Metric definitions from the server (hash-checked), else the built-in catalogue. */
export function useMetricDefs(): MetricDef[] | undefined {
  return useStoreQuery(async (db) => {
    const defs = await db.metricDefs.toArray();
    return defs.length ? defs : METRICS;
  }, []);
}

/** The user's alert rules of a device (null when none are stored yet; undefined while loading). */
export function useAlertSettings(deviceId?: Id): AlertSettingsRow | null | undefined {
  return useStoreQuery(
    async (db) => (deviceId ? ((await db.alertSettings.get(deviceId)) ?? null) : null),
    [deviceId],
  );
}
