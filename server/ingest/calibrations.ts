// Each station's calibration entries (issue 24), read once and kept until the station's calibration record
// changes (the settings service's events, which reach every process through the sync bus): ingest applies them
// to every upload, the neighbour check reads when they began.

import type { CalibrationEntry } from '../../src/domain/calibration';
import { COLLECTIONS } from '../../src/domain/collections';
import { type AppliedRange, effectiveEntries } from '../../src/domain/recalibration';
import type { Application } from '../declarations';

const { service, settings } = COLLECTIONS.calibration;

export class CalibrationCache {
  private cache = new Map<string, Promise<readonly CalibrationEntry[]>>();
  private applied = new Map<string, Promise<readonly CalibrationEntry[]>>();
  private listening = false;

  constructor(private app: Application) {}

  entries(device: string): Promise<readonly CalibrationEntry[]> {
    this.listen();
    let found = this.cache.get(device);
    if (!found) {
      found = this.read(device);
      this.cache.set(device, found);
      found.catch(() => this.cache.delete(device));
    }
    return found;
  }

  /**
   * What ingest applies: the entries with the re-applications to history laid over them
   * (src/domain/recalibration.ts effectiveEntries).
   */
  effective(device: string): Promise<readonly CalibrationEntry[]> {
    this.listen();
    let found = this.applied.get(device);
    if (!found) {
      found = Promise.all([this.entries(device), this.ledger(device)]).then(([entries, ledger]) =>
        ledger.size === 0 ? entries : effectiveEntries(entries, ledger),
      );
      this.applied.set(device, found);
      found.catch(() => this.applied.delete(device));
    }
    return found;
  }

  /** After a re-application (or a change of what the stored values carry) in this process. */
  forget(device: string): void {
    this.cache.delete(device);
    this.applied.delete(device);
  }

  private async ledger(device: string): Promise<Map<string, AppliedRange[]>> {
    const rows = await this.app.ctx.storage.knex('calibrationApplied').where({ device }).orderBy('id');
    const out = new Map<string, AppliedRange[]>();
    for (const r of rows) {
      const list = out.get(r.metric) ?? [];
      list.push({
        from: Number(r.from),
        to: Number(r.to),
        offset: Number(r.offset),
        multiplier: Number(r.multiplier),
        quadratic: Number(r.quadratic),
      });
      out.set(r.metric, list);
    }
    return out;
  }

  private async read(device: string): Promise<readonly CalibrationEntry[]> {
    const row = await this.app.ctx.storage.knex(settings.sqlTable).where({ weatherDevice: device }).first();
    return row ? (JSON.parse(row.entries) as CalibrationEntry[]) : [];
  }

  /** Registered at first use: the settings service exists by then (app.ts registers services before uploads). */
  private listen(): void {
    if (this.listening) return;
    this.listening = true;
    const forget = (r: { weatherDevice?: string }) => r.weatherDevice && this.forget(r.weatherDevice);
    for (const event of ['created', 'patched']) this.app.service(service).on(event, forget);
  }
}
