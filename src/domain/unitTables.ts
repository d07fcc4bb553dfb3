// Display units per unit type (spec §9 conversion table). The first entry of each list is the base unit.
import type { UnitDef } from './types';

function u(unit: string, displayName: string, ratio = 1, offset = 0, dp = 1): UnitDef {
  return { unit, ratio, offset, dp, displayName };
}

export const TEMPERATURE_UNITS: UnitDef[] = [u('C', '°C'), u('F', '°F', 1.8, 32)];
// Degree days (issue #26): a temperature difference times days, so °F·day is ×1.8 without the 32 offset.
export const DEGREE_DAY_UNITS: UnitDef[] = [u('Cd', '°C·d'), u('Fd', '°F·d', 1.8)];
export const HUMIDITY_UNITS: UnitDef[] = [u('%', '%', 1, 0, 0)];
export const PRESSURE_UNITS: UnitDef[] = [
  u('hPa', 'hPa'),
  u('inHg', 'inHg', 0.02953, 0, 2),
  u('mmHg', 'mmHg', 0.75006),
];
export const WIND_SPEED_UNITS: UnitDef[] = [
  u('m/s', 'm/s'),
  u('km/h', 'km/h', 3.6),
  u('mph', 'mph', 2.23693),
  u('knot', 'kn', 1.94384),
];
// '16 Pts' keeps degrees (ratio 1); compassPoint() turns them into a point name.
export const WIND_DIRECTION_UNITS: UnitDef[] = [u('deg', '°', 1, 0, 0), u('16 Pts', '', 1, 0, 0)];
// Inches need 2 dp: 0.1 in is 2.5 mm, too coarse for rain.
export const RAIN_UNITS: UnitDef[] = [u('mm', 'mm'), u('in', 'in', 0.0393701, 0, 2)];
export const RAIN_RATE_UNITS: UnitDef[] = [u('mm/h', 'mm/h'), u('in/h', 'in/h', 0.0393701, 0, 2)];
// Light: 2 dp (spec §9) for W/m² and Kfc; Lux is large, so whole numbers.
export const LIGHT_UNITS: UnitDef[] = [
  u('W/m2', 'W/m²', 1, 0, 2),
  u('Lux', 'Lux', 126.58, 0, 0),
  u('Kfc', 'Kfc', 0.01175928, 0, 2),
];
export const DISTANCE_UNITS: UnitDef[] = [u('km', 'km'), u('mi', 'mi', 0.62137119)];
// Formaldehyde: ppb whole (spec §9), mg/m³ needs 3 dp to show anything (1000 ppb = 1.218 mg/m³).
export const HCHO_UNITS: UnitDef[] = [u('ppb', 'ppb', 1, 0, 0), u('mg/m3', 'mg/m³', 0.001218, 0, 3)];
export const CO2_UNITS: UnitDef[] = [u('ppm', 'ppm', 1, 0, 0), u('mg/m3', 'mg/m³', 1.8, 0, 0)];
export const CO_UNITS: UnitDef[] = [u('ppm', 'ppm')];
export const PM_UNITS: UnitDef[] = [u('ug/m3', 'µg/m³', 1, 0, 0)];
export const UV_UNITS: UnitDef[] = [u('', '')];
/** Unitless values shown as whole numbers: counts, AQI, levels, batteries, flags, unix times. */
export const WHOLE_UNITS: UnitDef[] = [u('', '', 1, 0, 0)];
export const TIME_UNITS: UnitDef[] = [u('s', '', 1, 0, 0)];
export const VOLTAGE_UNITS: UnitDef[] = [u('V', 'V', 1, 0, 2)];

/** Forecast values that are not catalogue metrics (spec §9): visibility in m, probability as 0..1. */
export const VISIBILITY_UNITS: UnitDef[] = [
  u('m', 'm', 1, 0, 0),
  u('km', 'km', 0.001),
  u('mi', 'mi', 0.00062137119),
];
export const PROBABILITY_UNITS: UnitDef[] = [u('', '', 1, 0, 2), u('%', '%', 100, 0, 0)];
