// Each station's calibration entries (issue 24), read once and kept until the station's calibration record
// changes (the settings service's events, which reach every process through the sync bus): ingest applies them
// to every upload, the neighbour check reads when they began.

import type { CalibrationEntry } from '../../src/domain/calibration';
import { COLLECTIONS } from '../../src/domain/collections';
import type { Application } from '../declarations';

const { service, settings } = COLLECTIONS.calibration;

export class CalibrationCache {
  private cache = new Map<string, Promise<readonly CalibrationEntry[]>>();
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

  private async read(device: string): Promise<readonly CalibrationEntry[]> {
    const row = await this.app.ctx.storage.knex(settings.sqlTable).where({ weatherDevice: device }).first();
    return row ? (JSON.parse(row.entries) as CalibrationEntry[]) : [];
  }

  /** Registered at first use: the settings service exists by then (app.ts registers services before uploads). */
  private listen(): void {
    if (this.listening) return;
    this.listening = true;
    const forget = (r: { weatherDevice?: string }) => r.weatherDevice && this.cache.delete(r.weatherDevice);
    for (const event of ['created', 'patched']) this.app.service(service).on(event, forget);
  }
}
