// Display units: user preferences, conversion base <-> display, and value formatting (spec §9).
import { METRIC_BY_KEY } from './catalogue';
import type { MetricDef, UnitDef, UnitType } from './types';
import { DEFAULT_UNIT_PREFS, type UnitPrefs } from './unitPrefs';
import { UNIT_TYPES } from './unitTypes';

/** The unit name a preference asks for, per unit type; undefined = base unit. */
function preferred(type: UnitType, prefs: Partial<UnitPrefs>): string | undefined {
  const pref = UNIT_TYPES[type].preference;
  if (!pref) return undefined;
  const value = prefs[pref.key];
  return typeof value === 'string' ? value + (pref.suffix ?? '') : undefined;
}

/** A unit of a definition by name (case-insensitive, so the spec's 'hpa' works); base unit when unknown. */
export function findUnit(def: MetricDef, unit?: string | UnitDef | null): UnitDef {
  if (unit && typeof unit === 'object') return unit;
  if (unit) {
    const name = unit.toLowerCase();
    const found = def.units.find((u) => u.unit.toLowerCase() === name);
    if (found) return found;
  }
  return def.units[0];
}

/** The display unit of a metric for the user's preferences. */
export function unitFor(def: MetricDef, prefs: Partial<UnitPrefs> = DEFAULT_UNIT_PREFS): UnitDef {
  return findUnit(def, preferred(def.unitType, prefs));
}

/** Base value to display unit (not rounded); null for unknown keys or non-finite values. */
export function toDisplay(
  key: string,
  baseValue: number | null | undefined,
  unit?: string | UnitDef,
): number | null {
  const def = METRIC_BY_KEY[key];
  if (!def || typeof baseValue !== 'number' || !Number.isFinite(baseValue)) return null;
  const u = findUnit(def, unit);
  return baseValue * u.ratio + u.offset;
}

/** Display value back to the base unit; null for unknown keys or non-finite values. */
export function fromDisplay(
  key: string,
  value: number | null | undefined,
  unit?: string | UnitDef,
): number | null {
  const def = METRIC_BY_KEY[key];
  if (!def || typeof value !== 'number' || !Number.isFinite(value)) return null;
  const u = findUnit(def, unit);
  return (value - u.offset) / u.ratio;
}

/** Decimals for a unit: the user's decimals replace the default of 1. */
export function decimalsFor(unit: UnitDef, prefs: Partial<UnitPrefs> = DEFAULT_UNIT_PREFS): number {
  return unit.dp === 1 && typeof prefs.decimals === 'number' ? prefs.decimals : unit.dp;
}

const POINTS = [
  'N',
  'NNE',
  'NE',
  'ENE',
  'E',
  'ESE',
  'SE',
  'SSE',
  'S',
  'SSW',
  'SW',
  'WSW',
  'W',
  'WNW',
  'NW',
  'NNW',
];

/** Compass point (16) of a direction in degrees. */
export function compassPoint(deg: number): string {
  const d = ((deg % 360) + 360) % 360;
  return POINTS[Math.round(d / 22.5) % 16];
}

export const NO_VALUE = '---';

/** Fixed-point text without '-0.0'. */
export function fixed(value: number, dp: number): string {
  const text = value.toFixed(dp);
  return Number(text) === 0 ? (0).toFixed(dp) : text;
}

/** A base value as display text in the user's unit (number only); '---' when missing or invalid. */
export function formatValue(
  key: string,
  baseValue: number | null | undefined,
  prefs: Partial<UnitPrefs> = DEFAULT_UNIT_PREFS,
): string {
  const def = METRIC_BY_KEY[key];
  if (!def || typeof baseValue !== 'number' || !Number.isFinite(baseValue)) return NO_VALUE;
  if (baseValue < def.min || baseValue > def.max) return NO_VALUE;
  const unit = unitFor(def, prefs);
  if (unit.unit === '16 Pts') return compassPoint(baseValue);
  return fixed(baseValue * unit.ratio + unit.offset, decimalsFor(unit, prefs));
}
