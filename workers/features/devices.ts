// Devices feature: the selected (watched) device, adding, removing and forgetting devices, looking up a public
// station, and keeping the device list order and the public devices in Dexie settings.

import { ApiError } from '../../src/bridge/errors';
import { applyDevice } from '../../src/db/apply';
import { getAuth } from '../../src/db/authStorage';
import { clearDevice } from '../../src/db/clear';
import { relationOf } from '../../src/db/devices';
import { devicePlanKey, getSetting, SETTING, setSetting } from '../../src/db/settings';
import { type Device, SERVICES } from '../../src/domain/contract';
import { coded, ERRORS } from '../../src/domain/errors';
import type { DevicePlanView } from '../api';
import { reachable } from '../connection';
import { loadRecords } from '../records';
import type { Runtime } from '../runtime';
import { asList, logFailure } from '../util';
import type { Handlers } from './handlers';

/** Keep a device in Dexie and the list order; a device the user neither owns nor shares becomes public. */
async function remember(rt: Runtime, device: Device): Promise<void> {
  const { db } = rt;
  const userId = (await getAuth(db))?.user?._id;
  await applyDevice(db, device);
  const order = (await getSetting(db, SETTING.deviceOrder)) ?? [];
  if (!order.includes(device._id)) await setSetting(db, SETTING.deviceOrder, [...order, device._id]);
  if (relationOf(device, userId) === 'public') {
    const ids = (await getSetting(db, SETTING.publicDevices)) ?? [];
    if (!ids.includes(device._id)) await setSetting(db, SETTING.publicDevices, [...ids, device._id]);
  }
  await rt.live.rewatch();
}

async function forget(rt: Runtime, id: string): Promise<void> {
  const { db } = rt;
  const ids = (await getSetting(db, SETTING.publicDevices)) ?? [];
  await setSetting(
    db,
    SETTING.publicDevices,
    ids.filter((x) => x !== id),
  );
  const order = (await getSetting(db, SETTING.deviceOrder)) ?? [];
  await setSetting(
    db,
    SETTING.deviceOrder,
    order.filter((x) => x !== id),
  );
  await clearDevice(db, id);
  // Spec §4: if the forgotten device was selected, the first device is selected.
  if (rt.live.selectedDevice === id || (await getSetting(db, SETTING.lastViewDevice)) === id) {
    const first = order.find((x) => x !== id) ?? null;
    await setSetting(db, SETTING.lastViewDevice, first ?? undefined);
    await rt.live.select(first, false);
  } else await rt.live.rewatch();
}

/** The newest plan of the station's MAC as the edit screen shows it. */
async function loadPlan(rt: Runtime, id: string): Promise<DevicePlanView | null> {
  const key = devicePlanKey(id);
  if (!(await reachable(rt.conn))) return (await getSetting(rt.db, key)) ?? null;
  const mac = (await rt.db.devices.get(id))?.mac;
  const [plan] = mac
    ? asList(
        await rt.conn.find(SERVICES.deviceSubscriptionPlan, {
          mac,
          $populate: 'subscriptionPlan',
          $limit: 1,
        }),
      )
    : [];
  const now = Date.now();
  const view: DevicePlanView = plan
    ? {
        state: plan.active ? 'active' : plan.start > now ? 'upcoming' : 'expired',
        name: typeof plan.subscriptionPlan === 'object' ? (plan.subscriptionPlan?.name ?? null) : null,
        start: plan.start,
        end: plan.end,
        fetchedAt: now,
      }
    : { state: 'none', name: null, start: null, end: null, fetchedAt: now };
  await setSetting(rt.db, key, view);
  return view;
}

/**
 * A socket without a stored session (re)connected: watch the selected station again (a new socket has no
 * channels) and catch up on its last data. Signed-in sockets do this after authenticating (onSignedIn).
 */
export async function onAnonymousConnect(rt: Runtime): Promise<void> {
  if ((await getAuth(rt.db))?.accessToken) return;
  await rt.live.rewatch(true);
  const id = rt.live.selectedDevice;
  if (id) await rt.sync.loadLastData(id);
}

/**
 * The public station page (issue #12): the station with this station ID, watched live, for anyone (no
 * account needed). Public and unlisted stations are found; a private one answers 'Device not found' like an
 * unknown ID. Offline (or the server failing), the copy kept from an earlier visit is shown.
 */
async function openStation(rt: Runtime, wsid: string): Promise<Device> {
  const id = wsid.trim();
  const kept = await rt.db.devices.where('wsid').equals(id).first();
  let found: Device | undefined;
  try {
    [found] = asList(await rt.conn.find(SERVICES.devices, { wsid: id, $limit: 1, $paginate: false }));
  } catch (e) {
    if (!kept) throw e;
    await rt.live.select(kept._id, false);
    return kept;
  }
  if (!found) {
    // A station kept from an earlier visit that is no longer shared goes from this device too.
    if (kept && relationOf(kept, (await getAuth(rt.db))?.user?._id) === 'public') await forget(rt, kept._id);
    throw new ApiError(ERRORS.deviceNotFound, 404, 'NotFound', coded('deviceNotFound'));
  }
  await remember(rt, found);
  await rt.live.select(found._id, false);
  const signedIn = !!(await getAuth(rt.db))?.accessToken;
  const results = await Promise.allSettled([
    rt.sync.loadMetricDefs(),
    rt.sync.loadLastData(found._id),
    // Settings are per account: a visitor sees the station type's default cards.
    signedIn ? rt.sync.loadSettings(found._id) : Promise.resolve(),
  ]);
  for (const r of results)
    if (r.status === 'rejected') logFailure('loading the public station', found._id)(r.reason);
  rt.forecasts.load(found._id).catch(logFailure('loading the forecast of', found._id));
  return found;
}

export const deviceHandlers = {
  openStation,

  loadDevicePlan: (rt, id) => loadPlan(rt, id),

  reload: async (rt) => {
    await rt.sync.loadAll();
    await rt.live.restore();
  },

  selectDevice: async (rt, id, manage = false) => {
    // The page remembers its choice itself (openDevice); the dashboard also reports what it shows, which may
    // be a choice already overtaken.
    await rt.live.select(id, manage, false);
    if (id) rt.forecasts.load(id).catch(logFailure('loading the forecast of', id));
    if (id) loadRecords(rt.db, rt.conn, id).catch(logFailure('loading the records of', id));
  },

  watchTabs: (rt, devices, manage) => rt.live.share(devices, manage),

  addDevice: async (rt, input) => {
    const device = await rt.conn.create(SERVICES.devices, input);
    await remember(rt, device);
    rt.sync.loadLastData(device._id).catch(logFailure('loading the last data of the new device', device._id));
    return device;
  },

  removeDevice: async (rt, id) => {
    await rt.conn.remove(SERVICES.devices, id);
    await forget(rt, id);
  },

  forgetDevice: async (rt, id) => {
    const device = await rt.db.devices.get(id);
    const userId = (await getAuth(rt.db))?.user?._id;
    if (device && relationOf(device, userId) !== 'public')
      throw new ApiError('Only public devices can be forgotten', 400, 'BadRequest');
    await forget(rt, id);
  },

  lookupStation: async (rt, wsid) => {
    const [found] = asList(
      await rt.conn.find(SERVICES.devices, { wsid: wsid.trim(), $limit: 1, $paginate: false }),
    );
    if (!found) throw new ApiError(ERRORS.deviceNotFound, 404, 'NotFound', coded('deviceNotFound'));
    await remember(rt, found);
    // The station is found and kept; its readings and card settings also arrive with the next sync.
    await Promise.all([rt.sync.loadLastData(found._id), rt.sync.loadSettings(found._id)]).catch(
      logFailure('loading the data of the looked-up station', found._id),
    );
    return found;
  },
} satisfies Handlers<
  | 'reload'
  | 'selectDevice'
  | 'watchTabs'
  | 'addDevice'
  | 'removeDevice'
  | 'forgetDevice'
  | 'lookupStation'
  | 'openStation'
  | 'loadDevicePlan'
>;
