// The day-so-far climate metrics of an upload (issue 26: et0day, hddday, cddday, gddday), added before it is stored.
// Computed here, at ingest, and not in the data worker: like the WBGT estimate they must be in the stored upload,
// because alerts (server/alerts), MQTT, forwarding and the export read stored uploads and never the browser's
// Dexie, and the worker holds only the history a page has asked for. Unlike daily rain, which the console sends
// as a running total, they need the day so far: the station's 5-minute buckets of its local day (the open one
// included, storage overlays it), at most 288 rows of seven keys, read only when the upload has a temperature.
import { CLIMATE_KEYS, localDays } from '../../src/domain/climate/summary';
import { climateToday } from '../../src/domain/climate/today';
import { cleanValue } from '../../src/domain/validate';
import type { Application } from '../declarations';
import { climateSettings } from '../services/climate/climate';
import type { DeviceRow } from '../services/devices/device-record';

const KEYS = [...CLIMATE_KEYS];

export async function addClimateToday(
  app: Application,
  device: DeviceRow,
  time: number,
  values: Record<string, number | null>,
): Promise<void> {
  if (typeof values.tempc0 !== 'number') return;
  const s = { ...climateSettings(device), longitude: device.longitude ?? null };
  const [day] = localDays(time, time + 1, s.timeZone);
  const stored = await app.ctx.samples.buckets('buckets5m', device._id, day.start, time + 1, KEYS);
  const buckets = stored.map((b) => ({ time: b.time, span: 300, aggs: b.aggs }));
  // This upload, not stored yet, as a bucket of one reading.
  const own: Record<string, [number, number, number, number, number]> = {};
  for (const k of KEYS) {
    const v = values[k];
    if (typeof v === 'number') own[k] = [1, v, v, v, v];
  }
  buckets.push({ time, span: 0, aggs: own });
  const today = climateToday(buckets, time, s);
  for (const [k, v] of Object.entries(today)) {
    const clean = v === null ? null : cleanValue(k, v);
    if (clean !== null) values[k] = clean;
  }
}
