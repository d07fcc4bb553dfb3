// Indices the ingest derives when the console sent none (issue #13), called by deriveInto (formulas.ts):
// - the US EPA AQI of each PM channel, from the reading of this upload (see pmAqi below for why not NowCast);
// - an estimated WBGT (wbgt.ts) where no black-globe WBGT came, flagged by `wbgtestimated` = 1.
import { PM_CHANNELS } from './catalogue';
import { aqiFromPm10, aqiFromPm25 } from './levels';
import { cleanValue } from './validate';
import { estimateWbgt, solarCosZenith } from './wbgt';

type Values = Record<string, number | null | undefined>;

/** Where and when an upload was measured: the sun's position for the WBGT estimate. */
export interface UploadPlace {
  time: number;
  latitude?: number | null;
  longitude?: number | null;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function set(out: Values, key: string, value: number | null): void {
  if (value === null) return;
  const clean = cleanValue(key, value);
  if (clean !== null) out[key] = clean;
}

const PM_KEYS = Array.from({ length: PM_CHANNELS }, (_, i) => ({
  pm25: `pm25c${i + 1}`,
  pm10: `pm10c${i + 1}`,
  aqi25: `pm25aqic${i + 1}`,
  aqi10: `pm10aqic${i + 1}`,
}));

/**
 * EPA AQI from the instantaneous concentration, as consoles compute the AQI they send (and as a station's own
 * display shows it). NowCast or a 24-hour mean would need the station's history at every upload; the console's
 * 24-hour means (pm25avg24hc{n}) are stored beside it, and the UK index, which wants them, uses them.
 */
export function pmAqi(out: Values): void {
  for (const k of PM_KEYS) {
    if (num(out[k.aqi25]) === null) set(out, k.aqi25, aqiFromPm25(num(out[k.pm25])));
    if (num(out[k.aqi10]) === null) set(out, k.aqi10, aqiFromPm10(num(out[k.pm10])));
  }
}

/** Estimated WBGT when the console sent none: needs temperature, humidity, wind, solar radiation and place. */
export function estimatedWbgt(out: Values, place?: UploadPlace): void {
  if (num(out.wbgt) !== null) return;
  const tC = num(out.tempc0);
  const rh = num(out.humc0);
  const windMs = num(out.windspd) ?? num(out.windavg10m);
  const solar = num(out.solarrad);
  if (tC === null || rh === null || windMs === null || solar === null) return;
  // Without the station's place there is no sun position: no estimate, rather than one only at night.
  const lat = num(place?.latitude);
  const lon = num(place?.longitude);
  if (!place || lat === null || lon === null) return;
  const cosZenith = solarCosZenith(place.time, lat, lon);
  const wbgt = estimateWbgt({ tC, rh, windMs, solar, cosZenith, globeC: num(out.bgt) });
  if (wbgt === null) return;
  set(out, 'wbgt', Math.round(wbgt * 10) / 10);
  if (num(out.wbgt) !== null) out.wbgtestimated = 1;
}
