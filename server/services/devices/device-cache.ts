// Devices by id, station ID, station key and Ecowitt passkey, cached in memory: ingest authenticates every upload and the
// realtime layer checks access for every event, so neither may hit the database each time.
// Writers call `forget()`; with several processes the `weatherDevices patched` event (shared through Redis)
// does the same on the others.
import type { Knex } from 'knex';
import { type DeviceRow, fromDb } from './device-record';

export class DeviceCache {
  private byId = new Map<string, DeviceRow | null>();
  private byWsid = new Map<string, string | null>();
  private byPasskey = new Map<string, string | null>();
  private byKey = new Map<string, string | null>();

  constructor(private knex: Knex) {}

  async get(id: string): Promise<DeviceRow | null> {
    if (this.byId.has(id)) return this.byId.get(id) ?? null;
    const row = await this.knex('weatherDevices').where({ _id: id }).first();
    return this.remember(row ? fromDb(row) : null, id);
  }

  async byStationId(wsid: string): Promise<DeviceRow | null> {
    const hit = this.byWsid.get(wsid);
    if (hit !== undefined) return hit === null ? null : this.get(hit);
    const row = await this.knex('weatherDevices').where({ wsid }).first();
    const device = row ? this.remember(fromDb(row)) : null;
    this.byWsid.set(wsid, device?._id ?? null);
    return device;
  }

  /** The station that claimed this MAC for identification (macAuth on); others are never found by MAC. */
  async byEcowittKey(passkey: string): Promise<DeviceRow | null> {
    const key = passkey.toUpperCase();
    const hit = this.byPasskey.get(key);
    if (hit !== undefined) return hit === null ? null : this.get(hit);
    const row = await this.knex('weatherDevices').where({ passkey: key, macAuth: true }).first();
    const device = row ? this.remember(fromDb(row)) : null;
    remember(this.byPasskey, key, device);
    return device;
  }

  /** The station with this station key (the Ecowitt path /data/report/<key>); two with one key: neither. */
  async byStationKey(stationKey: string): Promise<DeviceRow | null> {
    const hit = this.byKey.get(stationKey);
    if (hit !== undefined) return hit === null ? null : this.get(hit);
    const rows = await this.knex('weatherDevices').where({ stationKey }).limit(2);
    const device = rows.length === 1 ? this.remember(fromDb(rows[0])) : null;
    remember(this.byKey, stationKey, device);
    return device;
  }

  /** Keeps the newest upload time without a reload (ingest updates it in the database itself). */
  touch(id: string, time: number): void {
    const d = this.byId.get(id);
    if (d && (d.lastUpload ?? 0) < time) d.lastUpload = time;
  }

  forget(id?: string): void {
    if (!id) {
      this.byId.clear();
      this.byWsid.clear();
      this.byPasskey.clear();
      this.byKey.clear();
      return;
    }
    const d = this.byId.get(id);
    this.byId.delete(id);
    // Negative entries may now be wrong too (a new wsid or passkey): drop them.
    for (const [k, v] of this.byWsid) if (v === id || v === null || d?.wsid === k) this.byWsid.delete(k);
    for (const [k, v] of this.byPasskey) if (v === id || v === null) this.byPasskey.delete(k);
    for (const [k, v] of this.byKey) if (v === id || v === null) this.byKey.delete(k);
  }

  private remember(device: DeviceRow | null, id?: string): DeviceRow | null {
    if (device) this.byId.set(device._id, device);
    else if (id) this.byId.set(id, null);
    return device;
  }
}

/** Misses are remembered too (bad keys repeat), but never more than 10,000 of them: random keys fill no memory. */
function remember(map: Map<string, string | null>, key: string, device: DeviceRow | null): void {
  if (device) map.set(key, device._id);
  else if (map.size < 10_000) map.set(key, null);
}
