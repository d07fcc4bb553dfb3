// Unit preferences (spec §3 "Unit preferences", §9 "Defaults of display settings"): the values each may take,
// the decimals offered and the defaults. The profile and the export on the server, the mocks and the Units page
// all read them here; the UnitPrefs type is derived from them.

/** The values of each choice, as stored and as the export URL takes them. Unit names match UnitDef.unit. */
export const UNIT_PREF_VALUES = {
  time: ['ampm', '24h'],
  date: ['DD/MM', 'MM/DD'],
  /** Elevation and other short distances: metres or feet. */
  elevation: ['metric', 'imperial'],
  background: ['light', 'dark'],
  temperature: ['C', 'F'],
  /** Which barometer reading is the main one: absolute or relative (sea level). */
  barometer: ['Abs', 'Rel'],
  pressure: ['hPa', 'inHg', 'mmHg'],
  windSpeed: ['m/s', 'km/h', 'mph', 'knot'],
  windDirection: ['deg', '16 Pts'],
  rain: ['mm', 'in'],
  light: ['Lux', 'W/m2', 'Kfc'],
  visibility: ['km', 'mi'],
  probability: ['%'],
  hcho: ['ppb', 'mg/m3'],
  co2: ['ppm', 'mg/m3'],
  /** Long distances (lightning). */
  distance: ['km', 'mi'],
  /** Air-quality index shown for PM (airIndex.ts): US EPA (stored), EU CAQI or UK DAQI. */
  aqi: ['EPA', 'CAQI', 'DAQI'],
} as const;

/** Decimals of ordinary readings a user may pick: they replace a unit's default of 1 dp. */
export const DECIMALS_VALUES = [0, 1, 2, 3] as const;

export type UnitChoiceKey = keyof typeof UNIT_PREF_VALUES;
export type UnitPrefs = { -readonly [K in UnitChoiceKey]: (typeof UNIT_PREF_VALUES)[K][number] } & {
  decimals: number;
};

/** Spec §9 "Defaults of display settings" ('hpa' of the spec is 'hPa'). */
export const DEFAULT_UNIT_PREFS: UnitPrefs = {
  time: 'ampm',
  date: 'DD/MM',
  elevation: 'metric',
  background: 'light',
  temperature: 'C',
  barometer: 'Abs',
  pressure: 'hPa',
  windSpeed: 'm/s',
  windDirection: '16 Pts',
  rain: 'mm',
  light: 'Lux',
  visibility: 'km',
  probability: '%',
  hcho: 'ppb',
  co2: 'ppm',
  distance: 'km',
  aqi: 'EPA',
  decimals: 1,
};

export const isUnitPrefKey = (key: string): key is keyof UnitPrefs => Object.hasOwn(DEFAULT_UNIT_PREFS, key);

/**
 * The stored value for `value` of preference `key`, or undefined when it is not one of its values. `fromText`
 * (query strings): any letter case, decimals as text.
 */
export function unitPrefValue(
  key: keyof UnitPrefs,
  value: unknown,
  fromText = false,
): string | number | undefined {
  if (key === 'decimals') {
    const n = fromText && typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    return (DECIMALS_VALUES as readonly unknown[]).includes(n) ? (n as number) : undefined;
  }
  if (typeof value !== 'string') return undefined;
  const allowed: readonly string[] = UNIT_PREF_VALUES[key];
  return fromText
    ? allowed.find((a) => a.toLowerCase() === value.toLowerCase())
    : allowed.find((a) => a === value);
}

/** What a preference may be, for the 400 an unknown value gets. */
export function unitPrefRule(key: keyof UnitPrefs): string {
  if (key === 'decimals')
    return `decimals must be a whole number from ${DECIMALS_VALUES[0]} to ${DECIMALS_VALUES.at(-1)}`;
  return `${key} must be one of: ${UNIT_PREF_VALUES[key].join(', ')}`;
}
