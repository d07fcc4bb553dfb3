// The Unit & Display choices (spec §3 Unit preferences): groups of rows, each a preference and its options. The
// values come from src/domain/unitPrefs.ts (the server accepts the same); only their labels are written here.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { DECIMALS_VALUES, UNIT_PREF_VALUES, type UnitChoiceKey, type UnitPrefs } from '../../domain';

export type Key = Exclude<keyof UnitPrefs, 'probability'>;

export interface Choice {
  key: Key;
  label: MessageDescriptor;
  options: { value: string | number; label: MessageDescriptor | string }[];
}

/** Labels of values that are not shown as they are stored. */
const VALUE_LABELS: Partial<Record<UnitChoiceKey, Record<string, MessageDescriptor | string>>> = {
  time: { ampm: msg`12-hour (am/pm)`, '24h': msg`24-hour` },
  date: { 'DD/MM': msg`Day/Month`, 'MM/DD': msg`Month/Day` },
  temperature: { C: '°C', F: '°F' },
  barometer: { Abs: msg`Absolute`, Rel: msg`Relative` },
  windSpeed: { knot: msg`knot` },
  windDirection: { deg: msg`Degrees`, '16 Pts': msg`16 points` },
  light: { 'W/m2': 'W/m²' },
  elevation: { metric: msg`Metres`, imperial: msg`Feet` },
  hcho: { 'mg/m3': 'mg/m³' },
  co2: { 'mg/m3': 'mg/m³' },
  background: {
    light: msg({ message: 'Light', context: 'background theme' }),
    dark: msg({ message: 'Dark', context: 'background theme' }),
  },
  aqi: { EPA: msg`US EPA`, CAQI: msg`EU CAQI`, DAQI: msg`UK DAQI` },
};

const choice = (key: Exclude<Key, 'decimals'>, label: MessageDescriptor): Choice => ({
  key,
  label,
  options: UNIT_PREF_VALUES[key].map((value) => ({ value, label: VALUE_LABELS[key]?.[value] ?? value })),
});

export const CHOICES: { title: MessageDescriptor; items: Choice[] }[] = [
  {
    title: msg`Time and date`,
    items: [choice('time', msg`Time format`), choice('date', msg`Date format`)],
  },
  {
    title: msg`Weather`,
    items: [
      choice('temperature', msg`Temperature`),
      choice('barometer', msg`Barometer`),
      choice('pressure', msg`Pressure`),
      choice('windSpeed', msg`Wind speed`),
      choice('windDirection', msg`Wind direction`),
      choice('rain', msg`Rain`),
      choice('light', msg`Solar radiation`),
      choice('distance', msg`Distance`),
      choice('visibility', msg`Visibility`),
      choice('elevation', msg`Elevation`),
    ],
  },
  {
    title: msg`Air quality`,
    items: [
      choice('aqi', msg`Air quality index`),
      choice('hcho', msg`Formaldehyde (HCHO)`),
      choice('co2', msg`CO₂`),
    ],
  },
  {
    title: msg`Display`,
    items: [
      {
        key: 'decimals',
        label: msg`Decimals`,
        options: DECIMALS_VALUES.map((n) => ({ value: n, label: String(n) })),
      },
      choice('background', msg`Background`),
    ],
  },
];
