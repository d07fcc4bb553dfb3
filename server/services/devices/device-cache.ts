// Devices by id, station ID and Ecowitt passkey, cached in memory: ingest authenticates every upload and the
// realtime layer checks access for every event, so neither may hit the database each time.
// Writers call `forget()`; with several processes the `weatherDevices patched` event (shared through Redis)
// does the same on the others.
import type { Knex } from 'knex';
import { type DeviceRow, fromDb } from './device-record';

export class DeviceCache {
  private byId = new Map<string, DeviceRow | null>();
  private byWsid = new Map<string, string | null>();
  private byPasskey = new Map<string, string | null>();

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

  async byEcowittKey(passkey: string): Promise<DeviceRow | null> {
    const key = passkey.toUpperCase();
    const hit = this.byPasskey.get(key);
    if (hit !== undefined) return hit === null ? null : this.get(hit);
    const row = await this.knex('weatherDevices').where({ passkey: key }).first();
    const device = row ? this.remember(fromDb(row)) : null;
    this.byPasskey.set(key, device?._id ?? null);
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
      return;
    }
    const d = this.byId.get(id);
    this.byId.delete(id);
    // Negative entries may now be wrong too (a new wsid or passkey): drop them.
    for (const [k, v] of this.byWsid) if (v === id || v === null || d?.wsid === k) this.byWsid.delete(k);
    for (const [k, v] of this.byPasskey) if (v === id || v === null) this.byPasskey.delete(k);
  }

  private remember(device: DeviceRow | null, id?: string): DeviceRow | null {
    if (device) this.byId.set(device._id, device);
    else if (id) this.byId.set(id, null);
    return device;
  }
}
