// Unit types declared once (issue 23: a new unit type touched ~12 files with switches). Per kind of quantity: its
// display units (the first is the base unit values are stored in), the preference that picks one, the series
// colour, how the card's arrow and an alert treat it, and its Home Assistant sensor class. Every other part reads
// this table; `UnitType` is its keys.

import type { UnitDef } from './types';
import type { UnitPrefs } from './unitPrefs';
import * as T from './unitTables';

/** A Home Assistant MQTT-discovery sensor class; the state carries base units, so the unit is the base unit. */
export interface SensorClass {
  device_class?: string;
  unit_of_measurement?: string;
  state_class?: 'measurement' | 'total_increasing';
  entity_category?: 'diagnostic';
  /** A template other than the bare value (batteries 0..5 → %, unix time → a timestamp). */
  value?: (key: string) => string;
}

export interface UnitTypeDef {
  units: UnitDef[];
  /** The unit preference that picks the display unit; `suffix` turns its value into this type's unit name. */
  preference?: { key: keyof UnitPrefs; suffix?: string };
  /** Series colour of a card and its graph (a tokens.css custom property). */
  color: string;
  /** Smallest change, in base units, that moves the card's arrow. */
  change: number;
  /** Can an alert compare it with a threshold? (Pressure has the drop trigger; states, times, words no.) */
  threshold: boolean;
  /** The alert value's input range (spec §5 "unit input ranges"), base units; else the metric's own range. */
  inputRange?: { min: number; max: number };
  /** How far a value must come back past the threshold before an alert clears, base units. */
  hysteresis?: number;
  /** Quality control (issue 24, src/domain/qc.ts); absent: no rate or stuck rule for this kind. */
  qc?: QcRates;
  homeAssistant: SensorClass;
}

/**
 * How a kind of reading may move (base units). `spikePerMinute`: the largest plausible change per minute since the
 * station's previous accepted value, over at least 5 minutes (qc.ts SPIKE_MIN_MINUTES; WMO-No. 8's step test: 3 °C,
 * 10 %, 0.5–1 hPa a minute); a rain counter only rises by it. `stuckHours`: a reading exactly unchanged this long
 * comes from a stuck sensor, except the value `stuckExcept` (calm wind stays 0 all night); from `stuckSlow.from` up
 * only after `stuckSlow.hours` (fog and rain hold the humidity at saturation for a day or more).
 */
export interface QcRates {
  spikePerMinute?: number;
  stuckHours?: number;
  stuckExcept?: number;
  stuckSlow?: { from: number; hours: number };
}

const measurement = (device_class: string | undefined, unit?: string): SensorClass => ({
  ...(device_class ? { device_class } : {}),
  ...(unit ? { unit_of_measurement: unit } : {}),
  state_class: 'measurement',
});
const diagnostic: SensorClass = { entity_category: 'diagnostic' };

const TABLE = {
  temperature: {
    units: T.TEMPERATURE_UNITS,
    preference: { key: 'temperature' },
    color: '--c-temp',
    change: 0.1,
    threshold: true,
    inputRange: { min: -40, max: 60 },
    hysteresis: 0.5,
    qc: { spikePerMinute: 3, stuckHours: 6 },
    homeAssistant: measurement('temperature', '°C'),
  },
  humidity: {
    units: T.HUMIDITY_UNITS,
    color: '--c-hum',
    change: 1,
    threshold: true,
    inputRange: { min: 1, max: 99 },
    hysteresis: 2,
    qc: { spikePerMinute: 10, stuckHours: 6, stuckSlow: { from: 97, hours: 48 } },
    homeAssistant: measurement('humidity', '%'),
  },
  pressure: {
    units: T.PRESSURE_UNITS,
    preference: { key: 'pressure' },
    color: '--c-baro',
    change: 0.1,
    threshold: false,
    // The 5-minute drop trigger's value (spec §9), hence 1..20 hPa.
    inputRange: { min: 1, max: 20 },
    hysteresis: 0.3,
    qc: { spikePerMinute: 1, stuckHours: 6 },
    homeAssistant: measurement('atmospheric_pressure', 'hPa'),
  },
  windSpeed: {
    units: T.WIND_SPEED_UNITS,
    preference: { key: 'windSpeed' },
    color: '--c-wind',
    change: 0.1,
    threshold: true,
    inputRange: { min: 0.1, max: 50 },
    hysteresis: 0.5,
    qc: { spikePerMinute: 5, stuckHours: 12, stuckExcept: 0 },
    homeAssistant: measurement('wind_speed', 'm/s'),
  },
  windDirection: {
    units: T.WIND_DIRECTION_UNITS,
    preference: { key: 'windDirection' },
    color: '--c-air',
    change: 1,
    threshold: false,
    // Home Assistant's wind_direction class needs a newer release than many run: a plain sensor in degrees.
    homeAssistant: measurement(undefined, '°'),
  },
  rain: {
    units: T.RAIN_UNITS,
    preference: { key: 'rain' },
    color: '--c-rain',
    change: 0.1,
    threshold: true,
    hysteresis: 0.5,
    // The heaviest 5 minutes on record hold about 60 mm: a counter rising faster than 15 mm a minute (75 mm in
    // 5) is a bad packet.
    qc: { spikePerMinute: 15 },
    // Totals that reset (daily, weekly… rain): total_increasing takes a drop as a reset.
    homeAssistant: {
      device_class: 'precipitation',
      unit_of_measurement: 'mm',
      state_class: 'total_increasing',
    },
  },
  rainRate: {
    units: T.RAIN_RATE_UNITS,
    preference: { key: 'rain', suffix: '/h' },
    color: '--c-rain',
    change: 0.1,
    threshold: true,
    hysteresis: 0.5,
    homeAssistant: measurement('precipitation_intensity', 'mm/h'),
  },
  light: {
    units: T.LIGHT_UNITS,
    preference: { key: 'light' },
    color: '--c-light',
    change: 1,
    threshold: true,
    inputRange: { min: 1, max: 200000 },
    homeAssistant: measurement('irradiance', 'W/m²'),
  },
  uv: {
    units: T.UV_UNITS,
    color: '--c-uv',
    change: 0.1,
    threshold: true,
    inputRange: { min: 1, max: 16 },
    hysteresis: 0.5,
    homeAssistant: measurement(undefined, 'UV index'),
  },
  distance: {
    units: T.DISTANCE_UNITS,
    preference: { key: 'distance' },
    color: '--c-air',
    change: 0.1,
    threshold: true,
    hysteresis: 1,
    homeAssistant: measurement('distance', 'km'),
  },
  hcho: {
    units: T.HCHO_UNITS,
    preference: { key: 'hcho' },
    color: '--c-air',
    change: 1,
    threshold: true,
    hysteresis: 5,
    homeAssistant: measurement(undefined, 'ppb'),
  },
  co2: {
    units: T.CO2_UNITS,
    preference: { key: 'co2' },
    color: '--c-air',
    change: 1,
    threshold: true,
    hysteresis: 20,
    homeAssistant: measurement('carbon_dioxide', 'ppm'),
  },
  co: {
    units: T.CO_UNITS,
    color: '--c-air',
    change: 0.1,
    threshold: true,
    hysteresis: 1,
    homeAssistant: measurement('carbon_monoxide', 'ppm'),
  },
  pm: {
    units: T.PM_UNITS,
    color: '--c-pm',
    change: 1,
    threshold: true,
    hysteresis: 2,
    homeAssistant: measurement('pm25', 'µg/m³'),
  },
  aqi: {
    units: T.WHOLE_UNITS,
    color: '--c-pm',
    change: 1,
    threshold: true,
    hysteresis: 2,
    homeAssistant: measurement('aqi'),
  },
  count: {
    units: T.WHOLE_UNITS,
    color: '--c-air',
    change: 1,
    threshold: true,
    hysteresis: 1,
    homeAssistant: measurement(undefined),
  },
  time: {
    units: T.TIME_UNITS,
    color: '--c-air',
    change: 1,
    threshold: false,
    homeAssistant: { device_class: 'timestamp', value: (key) => `{{ as_datetime(value_json.${key}) }}` },
  },
  level: {
    units: T.WHOLE_UNITS,
    color: '--c-air',
    change: 1,
    threshold: true,
    homeAssistant: measurement(undefined),
  },
  // A level badge (0..5, 5 full) shown on the battery card, not an amount to alert on; Home Assistant's battery
  // class is a percentage.
  battery: {
    units: T.WHOLE_UNITS,
    color: '--c-air',
    change: 1,
    threshold: false,
    homeAssistant: {
      ...measurement('battery', '%'),
      ...diagnostic,
      value: (key) => `{{ (value_json.${key} * 20) | round(0) }}`,
    },
  },
  state: { units: T.WHOLE_UNITS, color: '--c-air', change: 1, threshold: false, homeAssistant: diagnostic },
  voltage: {
    units: T.VOLTAGE_UNITS,
    color: '--c-air',
    change: 0.1,
    threshold: true,
    homeAssistant: { ...measurement('voltage', 'V'), ...diagnostic },
  },
  // Issue 26: degree days follow the temperature choice (°C·d or °F·d); they may fall within a day (from the mean
  // so far), so no total class.
  degreeDays: {
    units: T.DEGREE_DAY_UNITS,
    preference: { key: 'temperature', suffix: 'd' },
    color: '--c-air',
    change: 0.1,
    threshold: true,
    homeAssistant: measurement(undefined, '°C·d'),
  },
  // Evapotranspiration is a depth of water, in the rain's unit (the water balance is rain − ET₀).
  et0: {
    units: T.RAIN_UNITS,
    preference: { key: 'rain' },
    color: '--c-rain',
    change: 0.1,
    threshold: true,
    homeAssistant: { unit_of_measurement: 'mm', state_class: 'total_increasing' },
  },
  none: { units: T.WHOLE_UNITS, color: '--c-air', change: 1, threshold: false, homeAssistant: diagnostic },
} satisfies Record<string, UnitTypeDef>;

export type UnitType = keyof typeof TABLE;
export const UNIT_TYPES: Readonly<Record<UnitType, UnitTypeDef>> = TABLE;

/** A unit type's declaration. */
export const unitType = (type: UnitType): UnitTypeDef => UNIT_TYPES[type];
