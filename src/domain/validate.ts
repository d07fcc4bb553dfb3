// Value cleaning and form validation (spec §5). Validators answer an error code (errors.ts), null when valid.
import { METRIC_BY_KEY, PM_CHANNELS } from './catalogue';
import { ERRORS, type ErrorCode } from './errors';
import { findUnit, fromDisplay, toDisplay } from './units';
import { UNIT_TYPES } from './unitTypes';

/** English messages by error code (errors.ts). The validators below answer the code: the server sends the
 * message with the code, the client translates the code. */
export const MESSAGES = ERRORS;

export const PASSWORD_MIN = 8;

/** Strings stations send for "no value" (docs/architecture.md §3 ingest). */
const NO_VALUE_TEXT = new Set(['', '---', '-9999', '--', 'null', 'nan']);

/** A number from an upload or form value; null for "no value" markers and anything not finite. */
export function toNumber(value: unknown): number | null {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string') {
    const t = value.trim();
    if (NO_VALUE_TEXT.has(t.toLowerCase())) return null;
    n = Number(t);
  } else return null;
  return Number.isFinite(n) && n !== -9999 ? n : null;
}

/** A base-unit value of a catalogue key, or null when unknown key, missing, not finite or outside [min, max]. */
export function cleanValue(key: string, value: unknown): number | null {
  const def = METRIC_BY_KEY[key];
  if (!def) return null;
  const n = toNumber(value);
  return n !== null && n >= def.min && n <= def.max ? n : null;
}

/** Cleans every catalogue key of an upload; unknown keys are dropped (callers keep them as "unmapped"). */
export function cleanSample(values: Record<string, unknown>): Record<string, number | null> {
  // Runs for every upload: one catalogue lookup per key, no entry arrays.
  const out: Record<string, number | null> = {};
  for (const k in values) {
    const def = METRIC_BY_KEY[k];
    if (!def) continue;
    const n = toNumber(values[k]);
    out[k] = n !== null && n >= def.min && n <= def.max ? n : null;
  }
  return out;
}

/**
 * cleanSample in place, for parsed uploads (numbers or null already): out-of-range values become null, keys
 * outside the catalogue go. The ingest path owns the object, so no copy is made.
 */
export function cleanInto(values: Record<string, number | null>): Record<string, number | null> {
  for (const k in values) {
    const def = METRIC_BY_KEY[k];
    if (!def) {
      delete values[k];
      continue;
    }
    const n = values[k];
    if (n !== null && !(Number.isFinite(n) && n !== -9999 && n >= def.min && n <= def.max)) values[k] = null;
  }
  return values;
}

// In their own module: the sign-in form needs them without the metric catalogue (issue 21's bundle budget).
export { isValidEmail, validateEmail } from './email';

export function validatePassword(password: string | null | undefined): ErrorCode | null {
  if (!password) return 'required';
  return password.length >= PASSWORD_MIN ? null : 'passwordMin';
}

export function validatePasswordConfirm(
  password: string,
  confirm: string | null | undefined,
): ErrorCode | null {
  if (!confirm) return 'confirmNewPassword';
  return password === confirm ? null : 'passwordDifferent';
}

const MAC_SHAPE = /^[0-9a-f]{2}([:-]?)[0-9a-f]{2}(?:\1[0-9a-f]{2}){4}$/i;

/** 'AA:BB:CC:DD:EE:FF' from any accepted shape (colons, hyphens or none); null when the shape is wrong. */
export function normalizeMac(mac: string): string | null {
  const t = mac.trim();
  if (!MAC_SHAPE.test(t)) return null;
  const hex = t.replace(/[:-]/g, '').toUpperCase();
  return hex.match(/../g)!.join(':');
}

/** null when valid; a wrong shape and an unusable address (zero, broadcast, multicast) get different messages. */
export function validateMac(mac: string | null | undefined): ErrorCode | null {
  const norm = mac ? normalizeMac(mac) : null;
  if (!norm) return 'invalidMacFormat';
  const first = Number.parseInt(norm.slice(0, 2), 16);
  if (norm === '00:00:00:00:00:00' || norm === 'FF:FF:FF:FF:FF:FF' || (first & 1) === 1) return 'invalidMac';
  return null;
}

/** Both empty is valid (no location); one alone, non-numbers and out-of-range degrees are not. */
export function validateLatLng(lat: unknown, lng: unknown): ErrorCode | null {
  const empty = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
  if (empty(lat) && empty(lng)) return null;
  const la = toNumber(lat);
  const lo = toNumber(lng);
  if (la === null || lo === null || Math.abs(la) > 90 || Math.abs(lo) > 180) return 'invalidLatLng';
  return null;
}

/** A time period must have a start before its end. */
export function validateTimePeriod(from: number, to: number): ErrorCode | null {
  return Number.isFinite(from) && Number.isFinite(to) && from < to ? null : 'invalidTimePeriod';
}

export interface AlertBound {
  min: number;
  max: number;
  /** The only condition that makes sense, when the spec fixes one. */
  condition?: 'above' | 'below';
}

const pmBounds = (): Record<string, AlertBound> => {
  const out: Record<string, AlertBound> = {};
  for (let n = 1; n <= PM_CHANNELS; n++) {
    out[`pm25c${n}`] = { min: 1, max: 500 };
    out[`pm25aqic${n}`] = { min: 1, max: 500 };
    out[`pm10c${n}`] = { min: 1, max: 500 };
    out[`pm10aqic${n}`] = { min: 1, max: 604 };
  }
  return out;
};

/** Spec §5 alert threshold bounds, in base units. The dew point's lower bound (unstated) is the temperature one. */
export const ALERT_BOUNDS: Record<string, AlertBound> = {
  feelslike: { min: -65, max: 50 },
  dewpoint: { min: -40, max: 80 },
  heatindex: { min: 26, max: 50, condition: 'above' },
  windchill: { min: -65, max: 18, condition: 'below' },
  ...pmBounds(),
  lightning1h: { min: 1, max: 1000 },
  lightningdist: { min: 1, max: 40 },
  co2: { min: 401, max: 5000, condition: 'above' },
  hcho: { min: 1, max: 1000, condition: 'above' },
  wbgt: { min: 10, max: 50, condition: 'above' },
};

/** Bounds for an alert item: its own, else its unit type's input range, else the metric's valid range. */
export function alertBounds(item: string): AlertBound | null {
  const own = ALERT_BOUNDS[item];
  if (own) return own;
  const def = METRIC_BY_KEY[item];
  if (!def) return null;
  return UNIT_TYPES[def.unitType].inputRange ?? { min: def.min, max: def.max };
}

/**
 * Checks an alert value typed in a display unit (default: base). A converted value is accepted within half a
 * display step of a bound, so a bound typed at the unit's precision passes (50 m/s is 111.85 mph).
 */
export function validateAlertValue(
  item: string,
  value: unknown,
  unit?: string,
): 'wrongInput' | 'wrongInputRange' | null {
  const bounds = alertBounds(item);
  const n = toNumber(value);
  if (!bounds || n === null) return 'wrongInput';
  const def = METRIC_BY_KEY[item];
  const u = findUnit(def, unit);
  const base = fromDisplay(item, n, u);
  if (base === null) return 'wrongInput';
  const converted = u.ratio !== 1 || u.offset !== 0;
  const slack = converted ? (0.5 * 10 ** -u.dp) / u.ratio : 1e-9;
  return base < bounds.min - slack || base > bounds.max + slack ? 'wrongInputRange' : null;
}

/** The allowed range of an alert value in the unit it is typed in, for the 'Wrong input range' message. */
export function alertRange(item: string, unit?: string): { min: string; max: string; unit: string } | null {
  const bounds = alertBounds(item);
  const def = METRIC_BY_KEY[item];
  if (!bounds || !def) return null;
  const u = findUnit(def, unit);
  const show = (base: number) => (toDisplay(item, base, u) ?? base).toFixed(u.dp);
  return { min: show(bounds.min), max: show(bounds.max), unit: u.displayName || u.unit };
}
