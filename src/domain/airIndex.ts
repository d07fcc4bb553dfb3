// The air-quality index of a PM channel in the user's chosen standard (the `aqi` unit preference). Stored keys
// stay US EPA (`pm25aqic{n}`, `pm10aqic{n}`, derived at ingest when the console sends none); the European and
// UK indices are computed here, for display, from the stored concentrations. Each standard reports the worse
// of its PM2.5 and PM10 sub-indices, as all three do for their pollutants.
import { type AirLevel, aqiFromPm10, aqiFromPm25, aqiLevel } from './levels';
import type { UnitPrefs } from './unitPrefs';

export type AqiStandard = UnitPrefs['aqi'];

export const CAQI_LEVELS = ['caqiVeryLow', 'caqiLow', 'caqiMedium', 'caqiHigh', 'caqiVeryHigh'] as const;
export const DAQI_LEVELS = ['daqiLow', 'daqiModerate', 'daqiHigh', 'daqiVeryHigh'] as const;
export type CaqiLevel = (typeof CAQI_LEVELS)[number];
export type DaqiLevel = (typeof DAQI_LEVELS)[number];

const finite = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * EU Common Air Quality Index (CAQI), hourly grid, as revised by CiteAir II ("Common Air Quality Index —
 * Update with PM2.5 and sensitive groups", 2012): concentrations (µg/m³) at index 0, 25, 50, 75, 100; linear
 * between grid points, and the last segment's slope above 100 (the grid stops there: "very high" is open).
 * The hourly grid fits a station's current reading; the daily grid would need a 24-hour mean.
 */
const CAQI_PM25 = [0, 15, 30, 55, 110];
const CAQI_PM10 = [0, 25, 50, 90, 180];

function caqi(c: number, grid: number[]): number {
  let i = grid.findIndex((g, k) => k > 0 && c <= g);
  if (i < 0) i = grid.length - 1;
  const [lo, hi] = [grid[i - 1], grid[i]];
  return Math.round(25 * (i - 1) + (25 * (c - lo)) / (hi - lo));
}

export const caqiFromPm25 = (ug: number | null | undefined): number | null =>
  finite(ug) && ug >= 0 ? caqi(ug, CAQI_PM25) : null;
export const caqiFromPm10 = (ug: number | null | undefined): number | null =>
  finite(ug) && ug >= 0 ? caqi(ug, CAQI_PM10) : null;

/** CAQI bands: 0-25 very low, 26-50 low, 51-75 medium, 76-100 high, above 100 very high. */
export function caqiLevel(index: number | null | undefined): CaqiLevel | null {
  if (!finite(index)) return null;
  const i = [25, 50, 75, 100].findIndex((top) => index <= top);
  return CAQI_LEVELS[i < 0 ? 4 : i];
}

/**
 * UK Daily Air Quality Index (Defra, COMEAP 2011, in use since 2012; uk-air.defra.gov.uk/air-pollution/daqi):
 * index 1..10 on the running 24-hour mean, the upper bound (µg/m³, whole numbers) of indices 1..9; 10 above.
 */
const DAQI_PM25 = [11, 23, 35, 41, 46, 53, 58, 64, 70];
const DAQI_PM10 = [16, 33, 50, 58, 66, 75, 83, 91, 100];

function daqi(c: number, tops: number[]): number {
  // Defra compares whole µg/m³: 11.4 is index 1, 11.5 rounds to 12 (index 2).
  const i = tops.findIndex((top) => Math.round(c) <= top);
  return i < 0 ? 10 : i + 1;
}

export const daqiFromPm25 = (ug: number | null | undefined): number | null =>
  finite(ug) && ug >= 0 ? daqi(ug, DAQI_PM25) : null;
export const daqiFromPm10 = (ug: number | null | undefined): number | null =>
  finite(ug) && ug >= 0 ? daqi(ug, DAQI_PM10) : null;

/** DAQI bands: 1-3 low, 4-6 moderate, 7-9 high, 10 very high. */
export function daqiLevel(index: number | null | undefined): DaqiLevel | null {
  if (!finite(index)) return null;
  return DAQI_LEVELS[index <= 3 ? 0 : index <= 6 ? 1 : index <= 9 ? 2 : 3];
}

export interface AirIndex {
  standard: AqiStandard;
  value: number;
  level: AirLevel | CaqiLevel | DaqiLevel;
  /** The DAQI wants 24-hour means: false when the console sent none and the current reading stood in. */
  averaged: boolean;
}

type Values = Record<string, number | null | undefined>;

const worst = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : Math.max(a, b);

/** The index of PM channel `n` of a sample in `standard`; null without a PM reading. */
export function airIndex(standard: AqiStandard, values: Values, n: number): AirIndex | null {
  const pm25 = values[`pm25c${n}`];
  const pm10 = values[`pm10c${n}`];
  if (standard === 'CAQI') {
    const value = worst(caqiFromPm25(pm25), caqiFromPm10(pm10));
    return value === null ? null : { standard, value, level: caqiLevel(value)!, averaged: false };
  }
  if (standard === 'DAQI') {
    const avg25 = values[`pm25avg24hc${n}`];
    const avg10 = values[`pm10avg24hc${n}`];
    const value = worst(daqiFromPm25(avg25 ?? pm25), daqiFromPm10(avg10 ?? pm10));
    const averaged = (!finite(pm25) || finite(avg25)) && (!finite(pm10) || finite(avg10));
    return value === null ? null : { standard, value, level: daqiLevel(value)!, averaged };
  }
  const epa25 = values[`pm25aqic${n}`];
  const epa10 = values[`pm10aqic${n}`];
  const value = worst(finite(epa25) ? epa25 : aqiFromPm25(pm25), finite(epa10) ? epa10 : aqiFromPm10(pm10));
  return value === null ? null : { standard: 'EPA', value, level: aqiLevel(value)!, averaged: false };
}
