// Initial and reload sync after sign-in / reconnect: metric definitions (hash check), the device list (owned,
// shared, public), last data (today's min/max), display and alert settings, active alerts → Dexie.

import { toApiError } from '../src/bridge/errors';
import { applyDevice, applySettings, patchSyncState, replaceAlerts } from '../src/db/apply';
import { pendingFields } from '../src/db/outbox';
import { type PortalDb, toRow } from '../src/db/schema';
import { getSetting, SETTING, setSetting } from '../src/db/settings';
import { replaceInvitations } from '../src/db/shares';
import { COLLECTION_LIST, type CollectionDecl } from '../src/domain/collections';
import { type Device, type LastData, SERVICES } from '../src/domain/contract';
import { errorCodeOf } from '../src/domain/errors';
import type { Connection } from './connection';
import { asList, eachLimit } from './util';

/** The per-station settings collections, loaded with each station. */
const SETTINGS = COLLECTION_LIST.filter((c) => c.onePerStation);

export class Sync {
  private defsLoading: Promise<void> | null = null;

  constructor(
    private db: PortalDb,
    private conn: Connection,
  ) {}

  /** Everything the dashboard needs; per-device failures are logged, not fatal. */
  async loadAll(): Promise<Device[]> {
    await this.loadMetricDefs().catch((e) => console.warn('[sync] metrics', e));
    const devices = await this.loadDevices();
    await this.loadInvitations().catch((e) => console.warn('[sync] invitations', toApiError(e).message));
    const ids = devices.map((d) => d._id);
    await eachLimit(ids, 4, async (id) => {
      // Independent: a failing one (e.g. a service the server does not offer yet) does not stop the others.
      const results = await Promise.allSettled([
        this.loadLastData(id),
        this.loadSettings(id),
        this.loadAlerts(id),
      ]);
      for (const r of results)
        if (r.status === 'rejected') console.warn('[sync]', id, toApiError(r.reason).message);
    });
    return devices;
  }

  /** Metric definitions: the server sends data only when our hash is stale (spec §4 Live data). */
  loadMetricDefs(force = false): Promise<void> {
    this.defsLoading ??= (async () => {
      const hash = force ? undefined : await getSetting(this.db, SETTING.metricsHash);
      const count = await this.db.metricDefs.count();
      const answer = await this.conn.find(SERVICES.metrics, hash && count ? { hash } : {});
      await this.db.transaction('rw', this.db.metricDefs, this.db.settings, async () => {
        if (answer.data) {
          await this.db.metricDefs.clear();
          await this.db.metricDefs.bulkPut(answer.data);
        }
        await setSetting(this.db, SETTING.metricsHash, answer.hash);
      });
    })().finally(() => {
      this.defsLoading = null;
    });
    return this.defsLoading;
  }

  /** The device list in the server's order; devices no longer returned are removed. */
  async loadDevices(): Promise<Device[]> {
    // 'loading' only before the first success: a reload keeps showing the list it has.
    if (this.conn.getState().devices !== 'loaded') await this.conn.setState({ devices: 'loading' });
    const publicIds = (await getSetting(this.db, SETTING.publicDevices)) ?? [];
    let list: Device[];
    try {
      list = asList(
        await this.conn.find(SERVICES.devices, {
          $paginate: false,
          $devices: { owned: true, shared: true, public: publicIds },
        }),
      );
    } catch (e) {
      await this.conn.setState({ devices: 'error', lastError: toApiError(e).message });
      throw e;
    }
    const keep = new Set(list.map((d) => d._id));
    await this.db.transaction('rw', [this.db.devices, this.db.settings, this.db.outbox], async () => {
      const gone = (await this.db.devices.toCollection().primaryKeys()).filter((id) => !keep.has(id));
      await this.db.devices.bulkDelete(gone);
      for (const d of list) await applyDevice(this.db, d);
      await setSetting(
        this.db,
        SETTING.deviceOrder,
        list.map((d) => d._id),
      );
    });
    await this.conn.setState({ devices: 'loaded' });
    return list;
  }

  /** Share invitations sent and received (issue #10). */
  async loadInvitations(): Promise<void> {
    await replaceInvitations(this.db, asList(await this.conn.find(SERVICES.shareInvitations, {})));
  }

  /**
   * After an invitation was accepted, left or revoked: the invitations and the device list again, and for a
   * station newly shared with the user what the dashboard needs of it (last data, display settings).
   */
  async loadShares(): Promise<void> {
    await this.loadInvitations();
    const devices = await this.loadDevices();
    const accepted = await this.db.shareInvitations.where('role').equals('received').toArray();
    const fresh = [];
    for (const inv of accepted)
      if (inv.status === 'accepted' && devices.some((d) => d._id === inv.device))
        if (!(await this.db.syncState.get(inv.device))?.lastData) fresh.push(inv.device);
    await eachLimit(fresh, 2, (id) =>
      Promise.allSettled([this.loadLastData(id), this.loadSettings(id)]).then(() => undefined),
    );
  }

  /** Newest sample + today's min/max → syncState.lastData, and the sample into `live`. */
  async loadLastData(device: string): Promise<LastData> {
    let answer: LastData;
    try {
      answer = await this.conn.find(SERVICES.lastData, { device, range: true });
    } catch (e) {
      // A paid device type without a plan: the dashboard says what is missing instead of showing stale data.
      if (errorCodeOf(e) === 'planRequired') await patchSyncState(this.db, device, { locked: true });
      throw e;
    }
    await this.db.transaction('rw', this.db.syncState, this.db.live, async () => {
      await patchSyncState(this.db, device, { lastData: answer, locked: false, updatedAt: Date.now() });
      if (answer.last && typeof answer.last.time === 'number')
        await this.db.live.put(toRow(device, answer.last));
    });
    return answer;
  }

  /** Every per-station settings record of a device (display settings, calibration, alert rules…). */
  async loadSettings(device: string): Promise<void> {
    const results = await Promise.allSettled(SETTINGS.map((c) => this.loadSettingsOf(c, device)));
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  }

  async loadSettingsOf(c: CollectionDecl, device: string): Promise<void> {
    const service = c.service as typeof SERVICES.displaySettings;
    const list = asList(await this.conn.find(service, { weatherDevice: device, $paginate: false }));
    if (list[0]) await applySettings(this.db, c, list[0]);
    else await this.dropIfNotPending(c, device);
  }

  async loadAlerts(device: string): Promise<void> {
    await replaceAlerts(this.db, device, asList(await this.conn.find(SERVICES.alerts, { device })));
  }

  /** The server has no record: forget a stale local copy unless a local edit is still queued for it. */
  private async dropIfNotPending(c: CollectionDecl, device: string): Promise<void> {
    if ((await pendingFields(this.db, c.service, { device })).size > 0) return;
    const table = this.db.table(c.table);
    const local = await table.get(device);
    if (local?._id) await table.delete(device);
  }
}
