// Derived temperatures (spec §9 feels-like). All temperatures °C, wind m/s, humidity %.
import { CHANNELS } from './catalogue';
import { estimatedWbgt, pmAqi, type UploadPlace } from './derivedIndices';
import { cleanValue } from './validate';

const cToF = (c: number) => c * 1.8 + 32;
const fToC = (f: number) => (f - 32) / 1.8;

/** Dew point by the Magnus formula (Sonntag 1990 constants); null for humidity <= 0. */
export function dewPoint(tC: number, rh: number): number | null {
  if (!(rh > 0)) return null;
  const a = 17.62;
  const b = 243.12;
  const g = Math.log(Math.min(rh, 100) / 100) + (a * tC) / (b + tC);
  return (b * g) / (a - g);
}

/**
 * NOAA heat index: the simple formula averaged with the temperature; from 80 °F the Rothfusz regression with
 * its low/high humidity adjustments. Below 40 °F the air temperature (the formula means nothing there).
 */
export function heatIndex(tC: number, rh: number): number {
  const t = cToF(tC);
  if (t < 40) return tC;
  const simple = 0.5 * (t + 61 + (t - 68) * 1.2 + rh * 0.094);
  if ((simple + t) / 2 < 80) return fToC(simple);
  let hi =
    -42.379 +
    2.04901523 * t +
    10.14333127 * rh -
    0.22475541 * t * rh -
    0.00683783 * t * t -
    0.05481717 * rh * rh +
    0.00122874 * t * t * rh +
    0.00085282 * t * rh * rh -
    0.00000199 * t * t * rh * rh;
  if (rh < 13 && t > 80 && t < 112) hi -= ((13 - rh) / 4) * Math.sqrt((17 - Math.abs(t - 95)) / 17);
  else if (rh > 85 && t > 80 && t < 87) hi += ((rh - 85) / 10) * ((87 - t) / 5);
  return fToC(hi);
}

/** Spec §9: wind chill applies from -50 to 18 °C with 4.8..100 km/h of wind. */
export function windChillApplies(tC: number, windMs: number): boolean {
  // Rounded so a wind given as 4.8 km/h / 3.6 is not lost to floating point.
  const v = Math.round(windMs * 3.6 * 1e6) / 1e6;
  return tC >= -50 && tC <= 18 && v >= 4.8 && v <= 100;
}

/**
 * North American (Environment Canada) wind chill index, wind in km/h. Outside its range it is the air
 * temperature, as consoles report it.
 */
export function windChill(tC: number, windMs: number): number {
  if (!windChillApplies(tC, windMs)) return tC;
  const v16 = (windMs * 3.6) ** 0.16;
  return 13.12 + 0.6215 * tC - 11.37 * v16 + 0.3965 * tC * v16;
}

/**
 * Spec §9 feels-like: wind chill where it applies, else the air temperature up to 26 °C, above it the heat
 * index. Missing wind counts as calm (stations without an anemometer); missing humidity above 26 °C → null.
 */
export function feelsLike(tC: number, rh: number | null, windMs: number | null): number | null {
  if (windMs !== null && windChillApplies(tC, windMs)) return windChill(tC, windMs);
  if (tC <= 26) return tC;
  return rh === null ? null : heatIndex(tC, rh);
}

/** Heat index is shown from this air temperature up (°C, as feels-like switches to it; NWS: 80 °F). */
export const HEAT_INDEX_FROM_C = 26;

/**
 * Whether a reading means something for this sample: heat index only in the heat, wind chill only in cold
 * and wind (a value outside that is just the air temperature repeated). Every other key applies.
 */
export function appliesNow(key: string, sample: Record<string, number | null | undefined>): boolean {
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const heat = /^heatindex(?:c(\d))?$/.exec(key);
  if (heat) {
    const t = n(sample[heat[1] ? `tempc${heat[1]}` : 'tempc0']);
    return t !== null && t > HEAT_INDEX_FROM_C;
  }
  if (key === 'windchill') {
    const t = n(sample.tempc0);
    const wind = n(sample.windspd) ?? n(sample.windavg10m);
    return t !== null && wind !== null && windChillApplies(t, wind);
  }
  return true;
}

const round1 = (v: number) => Math.round(v * 10) / 10;
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

type Values = Record<string, number | null | undefined>;

/** Sets `key` when it is absent (null/undefined) and the formula gives a valid value. */
function fill(out: Values, key: string, value: number | null): void {
  if (num(out[key]) !== null || value === null) return;
  const clean = cleanValue(key, round1(value));
  if (clean !== null) out[key] = clean;
}

/** Key names of each channel's inputs and outputs, built once (derivation runs for every upload). */
const CHANNEL_KEYS = Array.from({ length: CHANNELS }, (_, i) => ({
  temp: `tempc${i + 1}`,
  hum: `humc${i + 1}`,
  type: `typec${i + 1}`,
  dew: `dewpointc${i + 1}`,
  heat: `heatindexc${i + 1}`,
}));

const absent = (out: Values, key: string) => num(out[key]) === null;

/**
 * The readings each value deriveInto fills is computed from. A calibrated input (issue 24) makes the console's own
 * derived value stale: ingest drops it, and deriveInto computes it again from the calibrated inputs.
 */
export const DERIVED_FROM: Readonly<Record<string, readonly string[]>> = {
  dewpoint: ['tempc0', 'humc0'],
  heatindex: ['tempc0', 'humc0'],
  windchill: ['tempc0', 'windspd', 'windavg10m'],
  feelslike: ['tempc0', 'humc0', 'windspd', 'windavg10m'],
  ...Object.fromEntries(
    CHANNEL_KEYS.flatMap((k) => [
      [k.dew, [k.temp, k.hum]],
      [k.heat, [k.temp, k.hum]],
    ]),
  ),
};

/**
 * Fills dew point, heat index, wind chill and feels-like (outdoor and channels), the EPA AQI of PM channels
 * and an estimated WBGT (needs `place` while the sun is up) the console did not send.
 */
export function deriveMissing<T extends Values>(sample: T, place?: UploadPlace): T & Values {
  return deriveInto({ ...sample }, place);
}

/** deriveMissing in place: for a values object the caller owns (the ingest path's cleaned copy). */
export function deriveInto<T extends Values>(out: T, place?: UploadPlace): T {
  const t = num(out.tempc0);
  const rh = num(out.humc0);
  const wind = num(out.windspd) ?? num(out.windavg10m);
  if (t !== null) {
    if (rh !== null) {
      if (absent(out, 'dewpoint')) fill(out, 'dewpoint', dewPoint(t, rh));
      if (absent(out, 'heatindex')) fill(out, 'heatindex', heatIndex(t, rh));
    }
    if (wind !== null && absent(out, 'windchill')) fill(out, 'windchill', windChill(t, wind));
    if (absent(out, 'feelslike')) fill(out, 'feelslike', feelsLike(t, rh, wind));
  }
  for (const keys of CHANNEL_KEYS) {
    const tc = num(out[keys.temp]);
    const hc = num(out[keys.hum]);
    // Pool (3) and soil (4) sensors: "humidity" is not air humidity there.
    const type = num(out[keys.type]);
    if (tc === null || hc === null || type === 3 || type === 4) continue;
    if (absent(out, keys.dew)) fill(out, keys.dew, dewPoint(tc, hc));
    if (absent(out, keys.heat)) fill(out, keys.heat, heatIndex(tc, hc));
  }
  pmAqi(out);
  estimatedWbgt(out, place);
  return out;
}

/**
 * Height of the base of cumulus clouds above the station (m), Espy's rule: the air cools ~125 m per °C of the
 * spread between temperature and dew point until it saturates. Null when the spread is unknown or negative.
 */
export function cloudBaseEspy(
  tempC: number | null | undefined,
  dewPointC: number | null | undefined,
): number | null {
  if (typeof tempC !== 'number' || typeof dewPointC !== 'number') return null;
  const spread = tempC - dewPointC;
  return Number.isFinite(spread) && spread >= 0 ? Math.round(spread * 125) : null;
}
