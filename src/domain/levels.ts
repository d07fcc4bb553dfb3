// Level scales of spec §4. Each returns a stable id (the UI translates it), or null when there is no value.

export const WBGT_LEVELS = ['safe', 'caution', 'extremeCaution', 'danger', 'extremeDanger'] as const;
export const AIR_LEVELS = ['good', 'moderate', 'poor', 'unhealthy', 'veryUnhealthy', 'hazardous'] as const;
export const VOC_LEVELS = ['bad', 'poor', 'moderate', 'good', 'veryGood'] as const;
export const SOIL_LEVELS = ['veryDry', 'dry', 'moderate', 'wet', 'veryWet'] as const;
export const MOON_PHASES = [
  'new',
  'waxingCrescent',
  'firstQuarter',
  'waxingGibbous',
  'full',
  'waningGibbous',
  'lastQuarter',
  'waningCrescent',
] as const;
export const UV_LEVELS = ['low', 'moderate', 'high', 'veryHigh', 'extreme'] as const;
export const LEAK_LEVELS = ['leak', 'noLeak', 'na'] as const;
export const VISIBILITY_LEVELS = ['fog', 'haze', 'clear'] as const;

export type WbgtLevel = (typeof WBGT_LEVELS)[number];
export type AirLevel = (typeof AIR_LEVELS)[number];
export type VocLevel = (typeof VOC_LEVELS)[number];
export type SoilLevel = (typeof SOIL_LEVELS)[number];
export type MoonPhase = (typeof MOON_PHASES)[number];
export type UvLevel = (typeof UV_LEVELS)[number];
export type LeakLevel = (typeof LEAK_LEVELS)[number];
export type VisibilityLevel = (typeof VISIBILITY_LEVELS)[number];

const finite = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** levels[i] for the first i with value < limits[i]; the last level above all limits. */
function band<T>(value: number, limits: number[], levels: readonly T[]): T {
  const i = limits.findIndex((limit) => value < limit);
  return levels[i < 0 ? levels.length - 1 : i];
}

/**
 * WBGT °C with the four named levels of spec §4 on the Japanese heat-stroke guideline bands (25, 28, 31 °C);
 * below 21 °C 'safe', so a cool day does not read "Caution".
 */
export function wbgtLevel(c: number | null | undefined): WbgtLevel | null {
  return finite(c) ? band(c, [21, 25, 28, 31], WBGT_LEVELS) : null;
}

type Breakpoint = [cLow: number, cHigh: number, iLow: number, iHigh: number];

// US EPA AQI breakpoints (PM2.5 as revised in 2024).
const PM25: Breakpoint[] = [
  [0, 9.0, 0, 50],
  [9.1, 35.4, 51, 100],
  [35.5, 55.4, 101, 150],
  [55.5, 125.4, 151, 200],
  [125.5, 225.4, 201, 300],
  [225.5, 325.4, 301, 500],
];
const PM10: Breakpoint[] = [
  [0, 54, 0, 50],
  [55, 154, 51, 100],
  [155, 254, 101, 150],
  [255, 354, 151, 200],
  [355, 424, 201, 300],
  [425, 604, 301, 500],
];

function aqi(c: number, table: Breakpoint[], step: number): number {
  // EPA truncates the concentration to the table's precision (the epsilon guards 2.3 * 10 = 22.999…).
  const t = Math.floor(c / step + 1e-9) * step;
  const row = table.find(([, hi]) => t <= hi + 1e-9);
  if (!row) return 500;
  const [cl, ch, il, ih] = row;
  return Math.round(((ih - il) / (ch - cl)) * (t - cl) + il);
}

/** US EPA AQI of a PM2.5 concentration (µg/m³); 500 above the table. */
export function aqiFromPm25(ug: number | null | undefined): number | null {
  return finite(ug) && ug >= 0 ? aqi(ug, PM25, 0.1) : null;
}

/** US EPA AQI of a PM10 concentration (µg/m³); 500 above the table. */
export function aqiFromPm10(ug: number | null | undefined): number | null {
  return finite(ug) && ug >= 0 ? aqi(ug, PM10, 1) : null;
}

/** EPA AQI categories, named as spec §4 ('poor' is "unhealthy for sensitive groups"). */
export function aqiLevel(index: number | null | undefined): AirLevel | null {
  return finite(index) ? band(index, [51, 101, 151, 201, 301], AIR_LEVELS) : null;
}

export const pm25Level = (ug: number | null | undefined): AirLevel | null => aqiLevel(aqiFromPm25(ug));
export const pm10Level = (ug: number | null | undefined): AirLevel | null => aqiLevel(aqiFromPm10(ug));

/** CO ppm on the EPA 8-hour breakpoints. */
export function coLevel(ppm: number | null | undefined): AirLevel | null {
  return finite(ppm) ? band(ppm, [4.5, 9.5, 12.5, 15.5, 30.5], AIR_LEVELS) : null;
}

/** CO₂ ppm (no EPA scale): indoor-air guidance, 1000 ppm is where complaints start. */
export function co2Level(ppm: number | null | undefined): AirLevel | null {
  return finite(ppm) ? band(ppm, [800, 1000, 1500, 2000, 5000], AIR_LEVELS) : null;
}

/** VOC level of the sensor: 1 worst .. 5 best. */
export function vocLevel(level: number | null | undefined): VocLevel | null {
  if (!finite(level)) return null;
  return VOC_LEVELS[Math.min(5, Math.max(1, Math.round(level))) - 1];
}

/** Soil moisture % in fifths. */
export function soilLevel(pct: number | null | undefined): SoilLevel | null {
  return finite(pct) ? band(pct, [20, 40, 60, 80], SOIL_LEVELS) : null;
}

/** Moon phase from the cycle fraction (0 new, 0.25 first quarter, 0.5 full, 0.75 last quarter; SunCalc's phase). */
export function moonPhase(fraction: number | null | undefined): MoonPhase | null {
  if (!finite(fraction)) return null;
  const f = ((fraction % 1) + 1) % 1;
  return MOON_PHASES[Math.floor(f * 8 + 0.5) % 8];
}

/** WHO UV index bands on the rounded index: 0-2 low, 3-5 moderate, 6-7 high, 8-10 very high, 11+ extreme. */
export function uvLevel(uvi: number | null | undefined): UvLevel | null {
  return finite(uvi) ? band(Math.round(uvi), [3, 6, 8, 11], UV_LEVELS) : null;
}

/** Leak flag: 1 leak, 0 no leak, anything else not available. */
export function leakLevel(flag: number | null | undefined): LeakLevel {
  return flag === 1 ? 'leak' : flag === 0 ? 'noLeak' : 'na';
}

/** Visibility km: fog below 4, haze below 10, else clear. */
export function visibilityLevel(km: number | null | undefined): VisibilityLevel | null {
  return finite(km) && km >= 0 ? band(km, [4, 10], VISIBILITY_LEVELS) : null;
}

/** The level of a catalogue key's value, for keys that have a scale; null otherwise. */
export function levelForKey(key: string, value: number | null | undefined): string | null {
  if (key === 'wbgt') return wbgtLevel(value);
  if (key === 'co') return coLevel(value);
  if (key === 'co2') return co2Level(value);
  if (key === 'voc') return vocLevel(value);
  if (key === 'uvi') return uvLevel(value);
  if (/^pm25c\d$/.test(key)) return pm25Level(value);
  if (/^pm10c\d$/.test(key)) return pm10Level(value);
  if (/^pm(25|10)aqic\d$/.test(key)) return aqiLevel(value);
  if (/^leakc\d$/.test(key)) return leakLevel(value);
  return null;
}
