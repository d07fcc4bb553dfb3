// The day-so-far climate metrics of an upload (issue 26: et0day, hddday, cddday, gddday), added before it is stored.
// Computed here, at ingest, and not in the data worker: like the WBGT estimate they must be in the stored upload,
// because alerts (server/alerts), MQTT, forwarding and the export read stored uploads and never the browser's
// Dexie, and the worker holds only the history a page has asked for. Unlike daily rain, which the console sends
// as a running total, they need the day so far: the station's 5-minute buckets of its local day (the open one
// included, storage overlays it). Reading and folding those at every upload cost five times the rest of ingest
// (`npm run bench ingest`), so they are computed once per 5-minute slot of a station and the slot's later uploads
// carry the same values: a day's total is at most one slot behind, as a 5-minute bucket is.
import { CLIMATE_KEYS, localDays } from '../../src/domain/climate/summary';
import { type ClimateToday, climateToday, type LocalDay } from '../../src/domain/climate/today';
import { cleanValue } from '../../src/domain/validate';
import type { Application } from '../declarations';
import { climateSettings } from '../services/climate/climate';
import type { DeviceRow } from '../services/devices/device-record';

const KEYS = [...CLIMATE_KEYS];
const SLOT = 300;

export class ClimateTodayDeriver {
  /** Per station: the slot last computed, its values and its local day. */
  private last = new Map<string, { slot: number; today: ClimateToday; day: LocalDay; timeZone: string }>();

  constructor(private app: Application) {}

  async addTo(device: DeviceRow, time: number, values: Record<string, number | null>): Promise<void> {
    if (typeof values.tempc0 !== 'number') return;
    const slot = time - (time % SLOT);
    const kept = this.last.get(device._id);
    let today = kept?.today;
    if (!kept || kept.slot !== slot) {
      const timeZone = climateSettings(device).timeZone;
      // The local day is kept while the upload falls in it (and the station keeps its zone).
      const day =
        kept && kept.timeZone === timeZone && time >= kept.day.start && time < kept.day.end
          ? kept.day
          : localDays(time, time + 1, timeZone)[0];
      today = await this.compute(device, time, values, day);
      this.last.set(device._id, { slot, today, day, timeZone });
    }
    for (const [k, v] of Object.entries(today ?? {})) {
      const clean = v === null ? null : cleanValue(k, v);
      if (clean !== null) values[k] = clean;
    }
  }

  private async compute(
    device: DeviceRow,
    time: number,
    values: Record<string, number | null>,
    day: LocalDay,
  ): Promise<ClimateToday> {
    const s = { ...climateSettings(device), longitude: device.longitude ?? null };
    const stored = await this.app.ctx.samples.buckets('buckets5m', device._id, day.start, time + 1, KEYS);
    const buckets = stored.map((b) => ({ time: b.time, span: SLOT, aggs: b.aggs }));
    // This upload, not stored yet, as a bucket of one reading.
    const own: Record<string, [number, number, number, number, number]> = {};
    for (const k of KEYS) {
      const v = values[k];
      if (typeof v === 'number') own[k] = [1, v, v, v, v];
    }
    buckets.push({ time, span: 0, aggs: own });
    return climateToday(buckets, time, s, day);
  }
}
