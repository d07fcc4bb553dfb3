// Live data: watch the selected device (manage mode: all), store each `weatherMetrics created` sample in
// `live` (last 5 minutes, always the newest per device), `weatherMetrics/5m created` rows in `metrics`, and
// apply the other live events. A 1 s tick publishes the age of the selected device's data (spec §4 Live data).

import { applyAlert, applyDevice, applySettings, applyUser, patchSyncState } from '../src/db/apply';
import { getAuth } from '../src/db/authStorage';
import { clearDevice } from '../src/db/clear';
import { newestTime, pruneLive } from '../src/db/rows';
import type { AlertRow, PortalDb, Row } from '../src/db/schema';
import { noteSeenKeys } from '../src/db/seen-keys';
import { getSetting, SETTING, setSetting } from '../src/db/settings';
import { applyInvitation } from '../src/db/shares';
import { COLLECTION_LIST, type SettingsRecord } from '../src/domain/collections';
import {
  type Device,
  type FiveMinuteRow,
  type LiveSample,
  SERVICES,
  type ShareInvitation,
  type User,
} from '../src/domain/contract';
import type { ServicePath } from '../src/domain/services';
import type { Connection } from './connection';
import type { Sync } from './sync';

export class Live {
  private watching = new Set<string>();
  private selected: string | null = null;
  private manage = false;
  /** What the browser's other tabs show (watchTabs): watched too, so one socket serves them all. */
  private shared: string[] = [];
  private sharedManage = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  private lastTick = '';

  constructor(
    private db: PortalDb,
    private conn: Connection,
    private sync: Sync,
  ) {}

  /** Register the live event handlers on the socket (once per client). */
  attach(): void {
    const s = (path: ServicePath) => this.conn.app.service(path);
    s(SERVICES.samples).on('created', (x: LiveSample) => void this.onSample(x).catch(warn));
    s(SERVICES.fiveMinutes).on('created', (x: FiveMinuteRow) => void this.onFiveMinutes(x).catch(warn));
    s(SERVICES.devices).on('created', (d: Device) => void this.onDeviceCreated(d).catch(warn));
    s(SERVICES.devices).on('patched', (d: Device) => void applyDevice(this.db, d).catch(warn));
    s(SERVICES.devices).on('removed', (d: Device) => void clearDevice(this.db, d._id).catch(warn));
    for (const c of COLLECTION_LIST.filter((c) => c.onePerStation))
      for (const event of ['created', 'patched'] as const)
        s(c.service as ServicePath).on(
          event,
          (r: SettingsRecord) => void applySettings(this.db, c, r).catch(warn),
        );
    s(SERVICES.alerts).on('created', (a: AlertRow) => void applyAlert(this.db, a).catch(warn));
    s(SERVICES.alerts).on('patched', (a: AlertRow) => void applyAlert(this.db, a).catch(warn));
    s(SERVICES.users).on('patched', (u: User) => void applyUser(this.db, u).catch(warn));
    for (const event of ['created', 'patched', 'removed'] as const)
      s(SERVICES.shareInvitations).on(event, (i: ShareInvitation) => void this.onShare(event, i).catch(warn));
  }

  startTick(intervalMs = 1000): void {
    this.stopTick();
    this.timer = setInterval(() => void this.tick().catch(warn), intervalMs);
  }

  stopTick(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  get selectedDevice(): string | null {
    return this.selected;
  }

  /**
   * Select a device; manage mode watches every device in the list. `remember`: store it as the one to show
   * (not when the page asks: the page stored its choice already, and storing a request that a newer choice has
   * overtaken would select the older station again).
   */
  async select(id: string | null, manage = false, remember = true): Promise<void> {
    this.selected = id;
    this.manage = manage;
    if (id && remember) await setSetting(this.db, SETTING.lastViewDevice, id);
    await setSetting(this.db, SETTING.manageMode, manage);
    await this.rewatch();
  }

  /** Restore the selection after start/reconnect: the stored one, else the first device. */
  async restore(): Promise<void> {
    const stored = await getSetting(this.db, SETTING.lastViewDevice);
    const order = (await getSetting(this.db, SETTING.deviceOrder)) ?? [];
    this.selected = stored && (await this.db.devices.get(stored)) ? stored : (order[0] ?? null);
    this.manage = !!(await getSetting(this.db, SETTING.manageMode));
    await this.rewatch(true);
  }

  /** The stations every tab shows, and whether one is in manage mode (the leader tab sends the union). */
  async share(devices: string[], manage: boolean): Promise<void> {
    this.shared = [...devices];
    this.sharedManage = manage;
    await this.rewatch();
  }

  /** Join the channels we want and leave the others. `fresh`: the socket is new (reconnect), join all again. */
  async rewatch(fresh = false): Promise<void> {
    if (fresh) this.watching.clear();
    const known = await this.db.devices.toCollection().primaryKeys();
    const want = new Set(this.manage || this.sharedManage ? known : this.selected ? [this.selected] : []);
    // Another tab's station that is no longer kept (removed, forgotten) is not asked for: the server would refuse.
    const held = new Set(known);
    for (const id of this.shared) if (held.has(id)) want.add(id);
    if (!this.conn.connected) return;
    // Signed in: once authenticated. Without a stored session (a visitor of a public station page) the socket
    // watches anonymously; the server lets it join only public and unlisted stations.
    if (this.conn.getState().auth !== 'authenticated' && (await getAuth(this.db))?.accessToken) return;
    for (const id of this.watching) {
      if (want.has(id)) continue;
      await this.conn.remove(SERVICES.watch, id).catch(warn);
      this.watching.delete(id);
    }
    const join = [...want].filter((id) => !this.watching.has(id));
    if (join.length === 0) return;
    await this.conn.create(SERVICES.watch, { id: join.length === 1 ? join[0] : join });
    for (const id of join) this.watching.add(id);
    // What was stored before the join reached no one here (a new leader taking over, a tab's watch replayed
    // later): read each newly watched station's newest sample once; from the join on, its events come live.
    await Promise.all(join.map((id) => this.sync.loadLastData(id).catch(warn)));
  }

  async onSample(sample: LiveSample): Promise<void> {
    const { hash, ...rest } = sample;
    const row = rest as Row;
    if (!row.device || typeof row.time !== 'number') return;
    await this.db.live.put(row);
    await pruneLive(this.db, row.device);
    // Spec §4: a different catalogue hash re-initialises all metric definitions.
    if (hash && hash !== (await getSetting(this.db, SETTING.metricsHash)))
      await this.sync.loadMetricDefs().catch(warn);
  }

  /**
   * An invitation sent or received, answered or removed (issue #10). An accepted or ended share changes what
   * the user may see: the device list is reloaded (the accepted station also arrives as `weatherDevices patched`).
   */
  async onShare(event: 'created' | 'patched' | 'removed', inv: ShareInvitation): Promise<void> {
    if (event === 'removed') await this.db.shareInvitations.delete(inv._id);
    else await applyInvitation(this.db, inv);
    if (inv.role === 'received' && (inv.status === 'accepted' || event === 'removed')) {
      await this.sync.loadShares();
      if (this.manage || this.sharedManage) await this.rewatch();
    }
  }

  /** A device created elsewhere (another tab, the owner's phone): keep it; manage mode watches it too. */
  async onDeviceCreated(device: Device): Promise<void> {
    await applyDevice(this.db, device);
    if (this.manage || this.sharedManage) await this.rewatch();
  }

  async onFiveMinutes(row: FiveMinuteRow): Promise<void> {
    if (!row.device || typeof row.time !== 'number') return;
    await this.db.transaction('rw', [this.db.metrics, this.db.metricsDaily, this.db.syncState], async () => {
      await noteSeenKeys(this.db, row.device, [row as Row]);
      await this.db.metrics.put(row as Row);
    });
    const st = await this.db.syncState.get(row.device);
    // Extend the held 5-minute range only when it is contiguous with what we hold.
    if (st?.fiveMinTo !== undefined && row.time >= st.fiveMinTo && row.time - st.fiveMinTo <= 600)
      await patchSyncState(this.db, row.device, { fiveMinTo: row.time });
  }

  /** 1 s tick: publish lastMessageAt and the selected device's data time/age (written only when changed). */
  async tick(now = Date.now()): Promise<void> {
    const deviceTime = this.selected ? await newestTime(this.db, this.selected) : null;
    const age = deviceTime !== null ? Math.max(0, Math.floor(now / 1000) - deviceTime) : null;
    const lastMessageAt = this.conn.lastMessageAt || undefined;
    const key = `${lastMessageAt}|${deviceTime}|${age}`;
    if (key === this.lastTick) return;
    this.lastTick = key;
    await this.conn.setState({ lastMessageAt, deviceTime, age });
  }
}

function warn(e: unknown): void {
  // A page closing (worker terminated) or a test closing the database mid-event is not worth a warning.
  if ((e as { name?: string })?.name === 'DatabaseClosedError') return;
  console.warn('[live]', e);
}
