// The edit screen's form: its text values from a station, the checks of spec §5 (the same bounds the server's
// deviceFields applies, so an edit queued offline is not refused later) and the patch of what changed.

import type { DevicePatch } from '../../db/edits';
import { toNumber, validateLatLng } from '../../domain';
import type { ConsoleSettings, Device, ShareMode } from '../../domain/contract';
import type { ErrorCode } from '../../domain/errors';

export interface EditValues {
  name: string;
  consoletype: string;
  timezone: string;
  latitude: string;
  longitude: string;
  elevation: string;
  /** Visitors see the exact position (else rounded to about 1 km). */
  exactPosition: boolean;
  /** Climate (issue 26): empty means the default. */
  anemometerHeight: string;
  rainSeasonStart: string;
  degreeDayBase: string;
  gddBase: string;
  shareMode: ShareMode;
  backlight: 'ambient' | 'period';
  highFrom: string;
  lowFrom: string;
  riseSet: 'sun' | 'moon';
  forecastMode: 'highLow' | 'avgRain';
}

export type EditErrors = Partial<
  Record<
    'name' | 'position' | 'elevation' | 'backlight' | 'anemometerHeight' | 'degreeDayBase' | 'gddBase',
    ErrorCode
  >
>;

/** The bounds the server's deviceFields applies to the climate settings. */
export const CLIMATE_RANGES = {
  anemometerHeight: [0.5, 100],
  degreeDayBase: [-10, 40],
  gddBase: [-10, 30],
} as const;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const ELEVATION_RANGE = [-500, 9000] as const;
export const NAME_MAX = 100;

const text = (n: number | null | undefined) => (typeof n === 'number' ? String(n) : '');

export function editValues(d: Device): EditValues {
  const c = d.consoleSettings ?? {};
  const period = c.backlight?.control === 'period' ? c.backlight : null;
  return {
    name: d.name,
    consoletype: String(d.consoletype ?? 0),
    timezone: d.timezone,
    latitude: text(d.latitude),
    longitude: text(d.longitude),
    elevation: text(d.elevation),
    exactPosition: d.exactPosition ?? false,
    anemometerHeight: text(d.anemometerHeight),
    rainSeasonStart: text(d.rainSeasonStart),
    degreeDayBase: text(d.degreeDayBase),
    gddBase: text(d.gddBase),
    shareMode: d.shareMode ?? 'private',
    backlight: period ? 'period' : 'ambient',
    highFrom: period?.highFrom ?? '07:00',
    lowFrom: period?.lowFrom ?? '22:00',
    riseSet: c.riseSet ?? 'sun',
    forecastMode: c.forecastMode ?? 'highLow',
  };
}

export function validateEdit(v: EditValues): EditErrors {
  const errors: EditErrors = {};
  if (!v.name.trim()) errors.name = 'required';
  else if (v.name.trim().length > NAME_MAX) errors.name = 'wrongInput';
  const position = validateLatLng(v.latitude, v.longitude);
  if (position) errors.position = position;
  if (v.elevation.trim()) {
    const e = toNumber(v.elevation);
    if (e === null) errors.elevation = 'wrongInput';
    else if (e < ELEVATION_RANGE[0] || e > ELEVATION_RANGE[1]) errors.elevation = 'wrongInputRange';
  }
  for (const key of ['anemometerHeight', 'degreeDayBase', 'gddBase'] as const) {
    if (!v[key].trim()) continue;
    const n = toNumber(v[key]);
    const [min, max] = CLIMATE_RANGES[key];
    if (n === null) errors[key] = 'wrongInput';
    else if (n < min || n > max) errors[key] = 'wrongInputRange';
  }
  if (
    v.backlight === 'period' &&
    (!HHMM.test(v.highFrom) || !HHMM.test(v.lowFrom) || v.highFrom === v.lowFrom)
  )
    errors.backlight = 'invalidTimePeriod';
  return errors;
}

function consoleSettings(v: EditValues): ConsoleSettings {
  return {
    backlight:
      v.backlight === 'period'
        ? { control: 'period', highFrom: v.highFrom, lowFrom: v.lowFrom }
        : { control: 'ambient' },
    riseSet: v.riseSet,
    forecastMode: v.forecastMode,
  };
}

/** The fields that differ from the station (only those go into the outbox: last writer per field wins). */
export function editPatch(d: Device, v: EditValues): DevicePatch {
  const next: Record<string, unknown> = {
    name: v.name.trim(),
    consoletype: Number(v.consoletype),
    timezone: v.timezone,
    latitude: toNumber(v.latitude),
    longitude: toNumber(v.longitude),
    elevation: toNumber(v.elevation),
    exactPosition: v.exactPosition,
    anemometerHeight: toNumber(v.anemometerHeight),
    rainSeasonStart: toNumber(v.rainSeasonStart),
    degreeDayBase: toNumber(v.degreeDayBase),
    gddBase: toNumber(v.gddBase),
    shareMode: v.shareMode,
    consoleSettings: consoleSettings(v),
  };
  const before = editValues(d);
  const was: Record<string, unknown> = {
    name: d.name,
    consoletype: d.consoletype ?? 0,
    timezone: d.timezone,
    latitude: d.latitude ?? null,
    longitude: d.longitude ?? null,
    elevation: d.elevation ?? null,
    exactPosition: d.exactPosition ?? false,
    anemometerHeight: d.anemometerHeight ?? null,
    rainSeasonStart: d.rainSeasonStart ?? null,
    degreeDayBase: d.degreeDayBase ?? null,
    gddBase: d.gddBase ?? null,
    shareMode: d.shareMode ?? 'private',
    consoleSettings: consoleSettings(before),
  };
  const patch: Record<string, unknown> = {};
  for (const [k, value] of Object.entries(next))
    if (JSON.stringify(value) !== JSON.stringify(was[k])) patch[k] = value;
  return patch as DevicePatch;
}
