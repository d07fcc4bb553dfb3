// Value helpers shared by the parsers: lenient number parsing, unit conversions, the one battery scale,
// and time parsing. Nothing here throws for a bad value: a bad value becomes null.

import { zonedTime } from '../../../src/domain/timeZones';

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A protocol field as a number. `undefined` when the field is absent; `null` for "no value": empty string,
 * `-9999` (any spelling, e.g. `-9999.0`), `---`, anything non-numeric or non-finite.
 */
export function parseNumber(raw: string | null | undefined): number | null | undefined {
  if (raw === null || raw === undefined) return undefined;
  // Almost every field is a plain decimal: checked by its characters, without trimming or the pattern.
  if (plainDecimal(raw)) {
    const value = Number(raw);
    return value === -9999 ? null : value;
  }
  const text = raw.trim();
  if (!NUMBER.test(text)) return null;
  const value = Number(text);
  if (!Number.isFinite(value) || value === -9999) return null;
  return value;
}

/** `-?digits[.digits]` (either side of the dot may be empty, not both): a subset of NUMBER, always finite. */
function plainDecimal(text: string): boolean {
  const length = text.length;
  if (length === 0 || length > 20) return false;
  let i = text.charCodeAt(0) === 45 ? 1 : 0;
  let digits = 0;
  let dot = false;
  for (; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
    else if (c === 46 && !dot) dot = true;
    else return false;
  }
  return digits > 0;
}

/** Rounds a converted value to 3 decimals so unit conversions do not leak float noise (21.2777… → 21.278). */
export function round3(value: number): number {
  const r = Math.round(value * 1000) / 1000;
  return Object.is(r, -0) ? 0 : r;
}

export const fToC = (f: number): number => round3(((f - 32) * 5) / 9);
export const mphToMs = (mph: number): number => round3(mph * 0.44704);
export const kmhToMs = (kmh: number): number => round3(kmh / 3.6);
export const inHgToHpa = (inHg: number): number => round3(inHg * 33.8639);
export const inToMm = (inches: number): number => round3(inches * 25.4);
/** Illuminance to irradiance with the catalogue's own Lux factor (1 W/m² shown as 126.58 lux). */
export const luxToWm2 = (lux: number): number => round3(lux / 126.58);

// ---------------------------------------------------------------------------------------------------------
// Batteries. The catalogue's battery keys (batin, batc0, batc{n}, batleakc{n}, batpmc{n}, batlightning,
// bathcho, batco2, batco) hold ONE scale: a level 0..5, 5 = full, 0 = empty; a level <= 1 means "low".
//  - binary "ok/low" reports: ok → 5, low → 1
//  - levels 0..5 pass through; 6 (Ecowitt: powered by USB/DC) → 5; anything else → null
//  - volts: per cell, 0.1 V per level from 1.0 V: <1.1 → 0, 1.1 → 1, 1.2 → 2, 1.3 → 3, 1.4 → 4, ≥1.5 → 5,
//    so ≥ 1.2 V per cell (the vendors' "ok" threshold) is ≥ 2 (not low) and below it is ≤ 1 (low).
// ---------------------------------------------------------------------------------------------------------

export const BATTERY_OK = 5;
export const BATTERY_LOW = 1;

/** A binary report where `okValue` means ok and `lowValue` means low; any other value → null. */
export function binaryBattery(value: number | null, okValue: number, lowValue: number): number | null {
  if (value === okValue) return BATTERY_OK;
  if (value === lowValue) return BATTERY_LOW;
  return null;
}

/** A 0..5 level report (6 = externally powered → 5); anything else → null. */
export function levelBattery(value: number | null): number | null {
  if (value === null || !Number.isInteger(value)) return null;
  if (value >= 0 && value <= 5) return value;
  if (value === 6) return BATTERY_OK;
  return null;
}

/**
 * A voltage report of a pack of `cells` cells mapped linearly onto 0..5 (see above). 0 V or less → null: a
 * sensor that transmits has some voltage, so 0 means "not measured" (e.g. an old WH40 without a reading).
 */
export function voltBattery(volts: number | null, cells = 1): number | null {
  if (volts === null || volts <= 0) return null;
  // Work in millivolts per cell, rounded, so 2.4 V / 2 cells is exactly 1200 mV and not 1199.999….
  const mvPerCell = Math.round((volts * 1000) / cells);
  const level = Math.floor((mvPerCell - 1000) / 100);
  return Math.min(5, Math.max(0, level));
}

// ---------------------------------------------------------------------------------------------------------
// Time
// ---------------------------------------------------------------------------------------------------------

/** 2001-01-01T00:00:00Z: consoles with an unset clock report 2000-01-01 (or earlier). */
export const EARLIEST_PLAUSIBLE = 978307200;
/** A console clock more than a day ahead of the server is wrong. */
export const MAX_FUTURE_SECONDS = 86400;

export function isPlausibleTime(time: number, now: number): boolean {
  return Number.isFinite(time) && time >= EARLIEST_PLAUSIBLE && time <= now + MAX_FUTURE_SECONDS;
}

const DATE_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{1,2}):(\d{1,2})$/;

/**
 * `YYYY-MM-DD hh:mm:ss` (URLSearchParams already turned `+` into a space; `T` accepted too) read as a wall
 * time in UTC → unix seconds. null when malformed or not a real calendar time (e.g. 2024-02-30).
 */
export function parseWallTimeAsUtc(raw: string | null | undefined): number | null {
  if (!raw) return null;
  const m = DATE_TIME.exec(raw.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return null;
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  // Reject roll-overs such as Feb 30 → Mar 1.
  if (new Date(ms).getUTCDate() !== d) return null;
  return ms / 1000;
}

/**
 * Converts a wall time (expressed as "seconds if that wall time were UTC") in `timeZone` to unix seconds.
 * Returns null when Intl does not know the zone. In a DST gap the result is shifted forward by the gap;
 * in a DST overlap the earlier of the two instants (timeZones.ts).
 */
export function zonedWallTimeToUnix(wallAsUtc: number, timeZone: string): number | null {
  try {
    return zonedTime(wallAsUtc, timeZone);
  } catch {
    return null; // RangeError: not a zone Intl knows
  }
}

/**
 * Upload time: the console's `raw` date-time (UTC wall time, or local wall time in `timeZone` when given and
 * known) when plausible, else `now`. `now` is also accepted literally (Wunderground/Ecowitt `dateutc=now`).
 */
export function uploadTime(raw: string | null | undefined, now: number, timeZone?: string): number {
  if (raw === null || raw === undefined || raw.trim().toLowerCase() === 'now') return now;
  const wall = parseWallTimeAsUtc(raw);
  if (wall === null) return now;
  const time = timeZone ? (zonedWallTimeToUnix(wall, timeZone) ?? wall) : wall;
  return isPlausibleTime(time, now) ? time : now;
}
